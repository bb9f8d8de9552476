/** The <option>s of a dropdown over {id, name} rows (payment kinds, cards, insurers, categories …). */
export function Options({ of }: { of: ReadonlyArray<{ id: string; name: string }> | undefined }) {
  return (
    <>
      {(of ?? []).map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  );
}

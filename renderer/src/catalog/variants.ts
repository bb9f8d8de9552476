/**
 * The variants a model form makes: every colour with every size, each with a code made of the
 * model, the colour's first letters and the size (RB3025-BLA-52), which the manager may change.
 */
export interface VariantDraft {
  colour: string;
  size: string;
  code: string;
  barcode: string;
}

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

const part = (text: string, letters: number) => text.replace(/[^A-Za-z0-9]/g, '').slice(0, letters).toUpperCase();

export function variantGrid(model: string, colours: string, sizes: string): VariantDraft[] {
  const cs = words(colours);
  const ss = words(sizes);
  const base = part(model, 12) || 'ITEM';
  const colourList = cs.length > 0 ? cs : [''];
  const sizeList = ss.length > 0 ? ss : [''];
  return colourList.flatMap((colour) =>
    sizeList.map((size) => ({
      colour,
      size,
      code: [base, part(colour, 3), part(size, 6)].filter(Boolean).join('-'),
      barcode: '',
    })),
  );
}

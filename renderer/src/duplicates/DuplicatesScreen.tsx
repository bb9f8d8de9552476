/**
 * One record per person (managers): the company's likely duplicates — the same mobile, the same
 * name and birth date, a similar name — each pair side by side with the field-by-field choice of
 * what stays, the merge, and the recent merges with their undo; a pair that are two people is
 * marked so ("Not the same person") and not proposed again at any PC, with its undo.
 */
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import {
  DUPLICATE_REASON_NAMES,
  MERGE_FIELD_NAMES,
  MERGE_FIELDS,
  type DuplicatePair,
  type MergeField,
  type MergeListItem,
  type MergeSide,
  type NotSameItem,
} from '../../../shared/models/customer-merge.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { hrefFor } from '../core/router.js';
import { DataTable } from '../ui/DataTable.js';
import { formatDate, formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

const pairKey = (p: DuplicatePair) => `${p.a.customerID}:${p.b.customerID}`;
const historyText = (s: MergeSide) =>
  `${s.history.orders} orders, ${s.history.prescriptions} prescriptions, ${s.history.receipts} receipts` +
  (s.history.creditNotes ? `, ${s.history.creditNotes} credit notes` : '') +
  (s.history.returns ? `, ${s.history.returns} returns` : '');

export function DuplicatesScreen() {
  const candidates = useEndpoint(api.CustomerMerge.candidates, {});
  const merges = useEndpoint(api.CustomerMerge.list, {});
  const notSame = useEndpoint(api.CustomerMerge.notSameList, {});
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pairs = candidates.data?.pairs ?? [];
  const chosen = pairs.find((p) => pairKey(p) === open) ?? null;

  return (
    <section className="panel screen screen-wide" aria-labelledby="duplicates-title">
      <header className="screen-head">
        <h1 id="duplicates-title">Duplicates</h1>
        <span className="search-status muted" aria-live="polite">
          {candidates.isFetching ? 'Looking…' : candidates.data ? `${pairs.length} likely duplicate${pairs.length === 1 ? '' : 's'}` : ''}
        </span>
      </header>
      <p className="muted">Customers of every branch who may be one person. Compare the two records, choose what stays, and merge: the history of both moves to the one kept.</p>
      {candidates.isError && <ErrorBanner banner={bannerFor(candidates.error, 'find likely duplicates')} />}
      {done && (
        <div className="banner banner-info" role="status">
          {done}
        </div>
      )}
      <DataTable
        listId="duplicates"
        label="Likely duplicates"
        rows={pairs}
        rowKey={pairKey}
        busy={candidates.isFetching}
        tools={false}
        empty="No likely duplicates: one record per person."
        columns={[
          { id: 'why', header: 'Why', cell: (p) => p.reasons.map((r) => DUPLICATE_REASON_NAMES[r]).join(', ') },
          { id: 'a', header: 'One record', cell: (p) => `${p.a.fields.name ?? ''} · ${p.a.branch}` },
          { id: 'b', header: 'The other', cell: (p) => `${p.b.fields.name ?? ''} · ${p.b.branch}` },
          {
            id: 'compare',
            header: '',
            noExport: true,
            cell: (p) => (
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={`Compare ${p.a.fields.name ?? ''} (${p.a.branch}) and ${p.b.fields.name ?? ''} (${p.b.branch})`}
                onClick={() => {
                  setDone(null);
                  setOpen(pairKey(p));
                }}
              >
                Compare
              </button>
            ),
          },
          {
            id: 'notSame',
            header: '',
            noExport: true,
            cell: (p) => (
              <NotSameButton
                pair={p}
                onDone={(text) => {
                  if (open === pairKey(p)) setOpen(null);
                  setDone(text);
                }}
              />
            ),
          },
        ]}
      />
      {chosen && (
        <ComparePair
          key={pairKey(chosen)}
          pair={chosen}
          onCancel={() => setOpen(null)}
          onMerged={(text) => {
            setOpen(null);
            setDone(text);
          }}
        />
      )}
      <h2>Recent merges</h2>
      {merges.isError && <ErrorBanner banner={bannerFor(merges.error, 'list the merges')} />}
      <DataTable
        listId="merges"
        label="Recent merges"
        rows={merges.data?.merges ?? []}
        rowKey={(m) => m.mergeId}
        tools={false}
        empty="No merges yet."
        columns={[
          { id: 'at', header: 'When', cell: (m) => formatMoment(m.at) },
          {
            id: 'kept',
            header: 'Kept',
            cell: (m) => (
              <a className="row-link" href={hrefFor({ name: 'customer', customerId: m.survivorCustomerId, tab: 'profile' })}>
                {m.survivorName}
              </a>
            ),
          },
          { id: 'merged', header: 'Merged into it', cell: (m) => m.mergedName },
          { id: 'where', header: 'Where, by', cell: (m) => `${m.branch}, ${m.by}` },
          { id: 'undo', header: 'Undo', noExport: true, cell: (m) => <UndoCell merge={m} onUndone={setDone} /> },
        ]}
      />
      <h2>Not the same person</h2>
      <p className="muted">Pairs a manager said are two people: they are not proposed again, at any branch.</p>
      {notSame.isError && <ErrorBanner banner={bannerFor(notSame.error, 'list the pairs marked as different people')} />}
      <DataTable
        listId="not-same"
        label="Marked as different people"
        rows={notSame.data?.marks ?? []}
        rowKey={(m) => m.notSameId}
        tools={false}
        empty="No pair marked as different people."
        columns={[
          { id: 'at', header: 'When', cell: (m) => formatMoment(m.at) },
          { id: 'one', header: 'One record', cell: (m) => m.one },
          { id: 'other', header: 'The other', cell: (m) => m.other },
          { id: 'where', header: 'Where, by', cell: (m) => `${m.branch}, ${m.by}` },
          { id: 'undo', header: 'Undo', noExport: true, cell: (m) => <UndoNotSameCell mark={m} onUndone={setDone} /> },
        ]}
      />
    </section>
  );
}

function NotSameButton({ pair, onDone }: { pair: DuplicatePair; onDone: (text: string) => void }) {
  const invalidate = useInvalidate();
  const names = `${pair.a.fields.name ?? ''} (${pair.a.branch}) and ${pair.b.fields.name ?? ''} (${pair.b.branch})`;
  const mark = useEndpointMutation(api.CustomerMerge.notSame, {
    input: (_: void) => ({ body: { customerAId: pair.a.customerID, customerBId: pair.b.customerID } }),
    onSuccess: async () => {
      await invalidate(api.CustomerMerge.candidates, api.CustomerMerge.notSameList);
      onDone(`${names} are two people: the pair is not proposed again.`);
    },
  });
  return (
    <>
      <button type="button" className="button button-small button-ghost" disabled={mark.isPending} onClick={() => mark.mutate()} aria-label={`Not the same person: ${names}`}>
        Not the same person
      </button>
      {mark.isError && <ErrorBanner banner={bannerFor(mark.error, 'mark the pair as different people')} />}
    </>
  );
}

function UndoNotSameCell({ mark, onUndone }: { mark: NotSameItem; onUndone: (text: string) => void }) {
  const invalidate = useInvalidate();
  const undo = useEndpointMutation(api.CustomerMerge.undoNotSame, {
    input: (_: void) => ({ body: { notSameId: mark.notSameId } }),
    onSuccess: async () => {
      await invalidate(api.CustomerMerge.candidates, api.CustomerMerge.notSameList);
      onUndone(`Undone: ${mark.one} and ${mark.other} may be proposed as one person again.`);
    },
  });
  if (mark.undoneAt) return <span className="muted">Undone {formatMoment(mark.undoneAt)}</span>;
  if (mark.undoBlocked) return <span className="muted">{mark.undoBlocked}</span>;
  return (
    <>
      <button type="button" className="button button-small button-secondary" disabled={undo.isPending} onClick={() => undo.mutate()} aria-label={`Undo not the same person: ${mark.one} and ${mark.other}`}>
        Undo
      </button>
      {undo.isError && <ErrorBanner banner={bannerFor(undo.error, 'undo it')} />}
    </>
  );
}

function ComparePair({ pair, onCancel, onMerged }: { pair: DuplicatePair; onCancel: () => void; onMerged: (text: string) => void }) {
  const invalidate = useInvalidate();
  // The older record is kept unless the manager says otherwise.
  const [keepA, setKeepA] = useState(pair.a.createdDate <= pair.b.createdDate);
  const survivor = keepA ? pair.a : pair.b;
  const merged = keepA ? pair.b : pair.a;
  // Per field, whose value stays: the kept record's, unless only the other has one.
  const [keep, setKeep] = useState<Partial<Record<MergeField, 'a' | 'b'>>>({});
  const sideOf = (f: MergeField): 'a' | 'b' => keep[f] ?? (survivor.fields[f] === null && merged.fields[f] !== null ? (keepA ? 'b' : 'a') : keepA ? 'a' : 'b');
  const differing = MERGE_FIELDS.filter((f) => pair.a.fields[f] !== null || pair.b.fields[f] !== null);
  const merge = useEndpointMutation(api.CustomerMerge.merge, {
    input: (_: void) => ({
      body: {
        survivorCustomerId: survivor.customerID,
        mergedCustomerId: merged.customerID,
        keep: Object.fromEntries(differing.map((f) => [f, sideOf(f) === (keepA ? 'a' : 'b') ? 'survivor' : 'merged'])),
      },
    }),
    onSuccess: async (result) => {
      await invalidate(api.CustomerMerge.candidates, api.CustomerMerge.list, api.Customer.list);
      onMerged(`Merged: ${survivor.fields.name ?? ''} (${survivor.branch}) is now the one record, with ${result.moved} records of history moved to it.`);
    },
  });
  const column = (side: 'a' | 'b') => {
    const s = pair[side];
    return (
      <th scope="col">
        <label className="choice">
          <input type="radio" name="survivor" checked={keepA === (side === 'a')} onChange={() => setKeepA(side === 'a')} />
          Keep this record
        </label>
        <div>
          {s.branch}, since {formatDate(s.createdDate.slice(0, 10)) ?? s.createdDate}
        </div>
      </th>
    );
  };
  return (
    <section className="panel" aria-labelledby="compare-title">
      <h2 id="compare-title">Compare and merge</h2>
      {merge.isError && <ErrorBanner banner={bannerFor(merge.error, 'merge these records')} />}
      <table className="data-table compare-table" aria-label="The two records side by side">
        <thead>
          <tr>
            <th scope="col">Field</th>
            {column('a')}
            {column('b')}
          </tr>
        </thead>
        <tbody>
          {differing.map((f) => (
            <tr key={f}>
              <th scope="row">{MERGE_FIELD_NAMES[f]}</th>
              {(['a', 'b'] as const).map((side) => (
                <td key={side}>
                  <label className="choice">
                    <input
                      type="radio"
                      name={`field-${f}`}
                      aria-label={`${MERGE_FIELD_NAMES[f]}: ${pair[side].fields[f] ?? '(empty)'} from ${pair[side].branch}`}
                      checked={sideOf(f) === side}
                      onChange={() => setKeep((k) => ({ ...k, [f]: side }))}
                    />
                    {pair[side].fields[f] ?? <span className="muted">(empty)</span>}
                  </label>
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">History</th>
            <td>{historyText(pair.a)}</td>
            <td>{historyText(pair.b)}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted">
        The record from {merged.branch} is merged into the one from {survivor.branch}: its orders, prescriptions, receipts, credit notes, recalls and returns move to it, and its old
        number opens the kept record.
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={merge.isPending} onClick={() => merge.mutate()}>
          Merge into one record
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Not now
        </button>
      </div>
    </section>
  );
}

function UndoCell({ merge, onUndone }: { merge: MergeListItem; onUndone: (text: string) => void }) {
  const invalidate = useInvalidate();
  const undo = useEndpointMutation(api.CustomerMerge.undo, {
    input: (_: void) => ({ body: { mergeId: merge.mergeId } }),
    onSuccess: async () => {
      await invalidate(api.CustomerMerge.candidates, api.CustomerMerge.list, api.Customer.list);
      onUndone(`Undone: ${merge.mergedName} is a record of their own again.`);
    },
  });
  if (merge.undoneAt) return <span className="muted">Undone {formatMoment(merge.undoneAt)}</span>;
  if (merge.undoBlocked) return <span className="muted">{merge.undoBlocked}</span>;
  return (
    <>
      <button type="button" className="button button-small button-secondary" disabled={undo.isPending} onClick={() => undo.mutate()} aria-label={`Undo the merge of ${merge.mergedName}`}>
        Undo
      </button>
      {undo.isError && <ErrorBanner banner={bannerFor(undo.error, 'undo the merge')} />}
    </>
  );
}

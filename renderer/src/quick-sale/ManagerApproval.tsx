/**
 * A manager's approval at the till (issue 11): when the service refuses a price or discount with
 * PRICE_APPROVAL_REQUIRED, the counter asks for a manager right there. The manager types their own
 * user name and password and a reason; the service answers a one-time approval for exactly this
 * line, which the counter sends with the same change again.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import { useEndpointMutation } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

/** The line as it will be if approved. */
export interface ApprovalLine {
  itemID: string;
  itemName: string;
  qty: number;
  price?: number;
  discountRate?: number;
}

/** Whether an error is the service asking for a manager's approval. */
export const needsManager = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.body.code === 'PRICE_APPROVAL_REQUIRED';

export function ManagerApproval({
  line,
  why,
  onApproved,
  onCancel,
}: {
  line: ApprovalLine;
  why: string;
  onApproved: (priceApprovalID: string) => void;
  onCancel: () => void;
}) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const approve = useEndpointMutation(api.QuickSale.priceApproval, {
    input: (_: void) => ({
      body: { userName, password, reason, itemID: line.itemID, qty: line.qty, price: line.price, discountRate: line.discountRate },
    }),
    onSuccess: (answer) => onApproved(answer.priceApprovalID),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    approve.mutate();
  }
  return (
    <form className="panel approval" role="dialog" aria-label="Manager approval" onSubmit={submit}>
      <h2>Manager approval</h2>
      <p>
        <strong>{why}</strong> — {line.itemName}
        {line.discountRate !== undefined && <> at {line.discountRate} % off</>}
        {line.price !== undefined && <> at ₹{line.price.toFixed(2)}</>}.
      </p>
      <div className="approval-fields">
        <label>
          Manager user name
          <input autoFocus autoComplete="off" value={userName} onChange={(e) => setUserName(e.target.value)} required />
        </label>
        <label>
          Manager password
          <input type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <label>
          Reason
          <input value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={200} />
        </label>
      </div>
      {approve.isError && <ErrorBanner banner={bannerFor(approve.error, 'approve')} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={approve.isPending}>
          Approve
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

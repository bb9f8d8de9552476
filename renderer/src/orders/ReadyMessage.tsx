/**
 * "Order ready" (issue 16): the store's message filled for this order, sent from the cashier's
 * own WhatsApp through a click-to-chat link (wa.me) or copied into another app, and the fact that
 * the customer was told recorded on the order (its History shows it). Nothing is sent by the app.
 */
import { useState } from 'react';
import { formatInstant } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { useCustomerTold, useReadyMessage } from './service.js';

export function ReadyMessage({ salesOrderID }: { salesOrderID: string }) {
  const message = useReadyMessage(salesOrderID, true);
  const told = useCustomerTold(salesOrderID);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    if (!message.data) return;
    try {
      await navigator.clipboard.writeText(message.data.text);
      setCopied('yes');
      told.mutate('copied');
    } catch {
      // No clipboard (an old shell, a denied permission): the text is there to select by hand.
      setCopied('failed');
    }
  };

  return (
    <section className="order-box" aria-labelledby="order-ready-title">
      <h2 id="order-ready-title">Tell the customer</h2>
      {message.isError && <ErrorBanner banner={bannerFor(message.error, 'make the message')} />}
      {message.data && (
        <>
          <div className="field">
            <label htmlFor="order-ready-text">Message</label>
            <textarea id="order-ready-text" readOnly rows={4} value={message.data.text} />
          </div>
          <div className="order-box-actions">
            {message.data.whatsAppUrl ? (
              <a
                className="button button-primary"
                href={message.data.whatsAppUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => told.mutate('whatsapp')}
              >
                Send on WhatsApp
              </a>
            ) : (
              <span className="muted">No 10-digit mobile on file: copy the message instead.</span>
            )}
            <button type="button" className="button button-secondary" onClick={() => void copy()}>
              Copy message
            </button>
            <button type="button" className="button button-secondary" disabled={told.isPending} onClick={() => told.mutate('phone')}>
              Told by phone
            </button>
          </div>
          <p role="status" className="muted">
            {copied === 'yes' && 'Message copied. '}
            {copied === 'failed' && 'Could not copy: select the message and press Ctrl+C. '}
            {message.data.toldAt ? `Customer told ${formatInstant(message.data.toldAt) ?? ''}.` : 'Not told yet.'}
          </p>
          {told.isError && <ErrorBanner banner={bannerFor(told.error, 'record that the customer was told')} />}
        </>
      )}
    </section>
  );
}

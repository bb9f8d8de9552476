/**
 * Settings > Messages (issue 16), for a manager or the admin: the store's "order ready" message,
 * with the placeholders the order fills in. The order page fills it for the customer and offers
 * it on WhatsApp (click to chat) or to copy.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';

export function MessagesScreen() {
  const current = useEndpoint(api.Orders.readyMessageTemplate, {});
  return (
    <section className="panel screen" aria-labelledby="messages-title">
      <header className="screen-head">
        <h1 id="messages-title">Messages</h1>
      </header>
      {current.error && <ErrorBanner banner={bannerFor(current.error, 'read the message')} />}
      {current.data && <TemplateForm template={current.data.template} custom={current.data.custom} placeholders={current.data.placeholders} />}
    </section>
  );
}

function TemplateForm({ template, custom, placeholders }: { template: string; custom: boolean; placeholders: string[] }) {
  const [text, setText] = useState(template);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const save = useEndpointMutation(api.Orders.setReadyMessageTemplate, {
    onSuccess: () => void invalidate(api.Orders.readyMessageTemplate, api.Orders.readyMessage),
    onError: (error) => {
      placeFieldErrors(error, (path, message) => {
        if (path !== 'template') return false;
        setFieldError(message);
        return true;
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    save.mutate({ body: { template: text } });
  };
  return (
    <form onSubmit={submit} aria-labelledby="ready-template-title">
      <h2 id="ready-template-title">Order ready</h2>
      <p className="lead">
        Sent from the order page when an order is ready: on WhatsApp (click to chat) or copied into another app. The order fills in{' '}
        {placeholders.map((p, i) => (
          <span key={p}>
            {i > 0 && ', '}
            <code>{p}</code>
          </span>
        ))}
        .
      </p>
      <div className="field">
        <label htmlFor="ready-template">Order ready message</label>
        <textarea
          id="ready-template"
          rows={5}
          value={text}
          maxLength={1000}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'ready-template-error' : 'ready-template-hint'}
          onChange={(e) => setText(e.target.value)}
        />
        {fieldError ? (
          <span id="ready-template-error" className="field-error" role="alert">
            {fieldError}
          </span>
        ) : (
          <span id="ready-template-hint" className="muted">
            {custom ? 'The store’s own wording.' : 'The built-in wording.'} Leave it empty to go back to the built-in one.
          </span>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save message
        </button>
        <span className="muted" role="status">
          {save.isSuccess ? 'Saved.' : ''}
        </span>
      </div>
      {save.error && !fieldError && <ErrorBanner banner={bannerFor(save.error, 'save the message')} />}
    </form>
  );
}

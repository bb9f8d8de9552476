/**
 * The first start of a PC with no store: try the demo, set up the store, or join the company's
 * hub. Once the service has made the store it opens it on the same address; the app waits for it
 * (App.tsx polls Setup.status) and then shows the sign-in.
 */
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { SetupDone, SetupStatus } from '../../../shared/models/setup.js';
import { useEndpointMutation } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { JoinHubForm } from './JoinHubForm.js';
import { StoreSetupForm } from './StoreSetupForm.js';

export function FirstRunScreen({ status, onDone }: { status: SetupStatus; onDone: (done: SetupDone) => void }) {
  const [choice, setChoice] = useState<'setup' | 'join' | null>(null);
  const demo = useEndpointMutation<typeof api.Setup.tryDemo, void>(api.Setup.tryDemo, { input: () => ({ body: {} }), onSuccess: onDone });
  return (
    <main className="login first-run">
      <section className="login-card first-run-card" aria-labelledby="first-run-title">
        <header className="login-brand">
          <span className="brand-mark" aria-hidden="true">OP</span>
          <div>
            <h1 id="first-run-title">{choice === 'setup' ? 'Set up my store' : choice === 'join' ? 'Join my company’s hub' : 'Welcome to Optical POS'}</h1>
            <p className="login-subtitle">{choice ? 'This PC has no store yet' : 'This PC has no store yet. How do you want to start?'}</p>
          </div>
        </header>
        {choice === 'setup' && <StoreSetupForm status={status} onDone={onDone} onCancel={() => setChoice(null)} />}
        {choice === 'join' && <JoinHubForm onDone={onDone} onCancel={() => setChoice(null)} />}
        {choice === null && (
          <div className="first-run-choices">
            <ErrorBanner banner={demo.isError ? bannerFor(demo.error, 'make the demo store') : null} />
            {status.demoOffered && (
              <button type="button" className="button first-run-choice" disabled={demo.isPending} onClick={() => demo.mutate()}>
                <strong>Try the demo store</strong>
                <span>Sample customers, frames and lenses to try the app; not for real sales.</span>
              </button>
            )}
            <button type="button" className="button first-run-choice" onClick={() => setChoice('setup')}>
              <strong>Set up my store</strong>
              <span>Your company, GSTIN, first branch and administrator.</span>
            </button>
            <button type="button" className="button first-run-choice" onClick={() => setChoice('join')}>
              <strong>Join my company’s hub</strong>
              <span>Another PC of a company that already uses Optical POS: the hub address and a join code from head office.</span>
            </button>
          </div>
        )}
      </section>
    </main>
  );
}

/** Shown while the service opens the store just made, until it answers again. */
export function OpeningStore({ message }: { message: string }) {
  return (
    <main className="login">
      <section className="login-card" aria-live="polite">
        <h1>Opening your store…</h1>
        <p>{message}</p>
      </section>
    </main>
  );
}

/**
 * The demo store is marked on every screen (the app frame and the sign-in), so nobody sells for
 * real in it; its admin can leave it for a real store here, with the first run's own forms.
 */
import { useState } from 'react';
import type { SetupDone, SetupStatus } from '../../../shared/models/setup.js';
import { JoinHubForm } from '../first-run/JoinHubForm.js';
import { StoreSetupForm } from '../first-run/StoreSetupForm.js';

export const DEMO_WORDS = 'Demo store — sample data, not for real sales';

export function DemoBand({ status, isAdmin, onDone }: { status: SetupStatus; isAdmin: boolean; onDone: (done: SetupDone) => void }) {
  const [open, setOpen] = useState<'setup' | 'join' | null>(null);
  return (
    <div className="demo-band" role="note" aria-label="Demo store">
      <div className="demo-band-line">
        <strong>{DEMO_WORDS}</strong>
        {isAdmin && open === null && (
          <span className="demo-band-actions">
            <button type="button" className="button button-small" onClick={() => setOpen('setup')}>Set up my real store</button>
            <button type="button" className="button button-small" onClick={() => setOpen('join')}>Join my company’s hub</button>
          </span>
        )}
      </div>
      {open === 'setup' && (
        <section className="demo-band-panel" aria-label="Set up my real store">
          <p>The real store replaces the demo on this PC: the demo is not used again, and its sample data never mixes into the store.</p>
          <StoreSetupForm status={status} onDone={onDone} onCancel={() => setOpen(null)} />
        </section>
      )}
      {open === 'join' && (
        <section className="demo-band-panel" aria-label="Join my company’s hub">
          <JoinHubForm onDone={onDone} onCancel={() => setOpen(null)} />
        </section>
      )}
    </div>
  );
}

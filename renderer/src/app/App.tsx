import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_ONLY, hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { SetupDone } from '../../../shared/models/setup.js';
import { FirstRunScreen, OpeningStore } from '../first-run/FirstRunScreen.js';
import { LoginScreen } from '../login/LoginScreen.js';
import { ChangePasswordScreen } from '../users/ChangePasswordScreen.js';
import { AppFrame } from './AppFrame.js';
import { DemoBand } from './DemoBand.js';
import { useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';

const queryClient = new QueryClient({
  defaultOptions: {
    // A desktop app has one window that is always focused: refetching on focus only adds noise.
    queries: { refetchOnWindowFocus: false },
    // A change is tried at once and fails in words when the service is down (it is never held
    // back to fire later by itself); queries pause instead and refetch when it is back (issue 16).
    mutations: { networkMode: 'always' },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  );
}

function Root() {
  const session = useSession((s) => s.session);
  const logout = useSession((s) => s.logout);
  // A store just made (set up, joined, the demo chosen): the service reopens on the same address;
  // until it answers with the new store, the app waits and says so.
  const [made, setMade] = useState<SetupDone | null>(null);
  const status = useEndpoint(api.Setup.status, {}, {
    staleTime: Infinity,
    retry: true,
    retryDelay: 500,
    // While the service switches stores its old connections drop, which marks it unreachable and
    // pauses queries; the outage poll runs only when signed in, so this one keeps asking by itself.
    networkMode: 'always',
    refetchInterval: (query) => (made && query.state.data?.state !== made.state ? 500 : false),
  });
  const state = status.data?.state;
  const done = (result: SetupDone) => {
    // Whoever was signed in (the demo's admin) was so in the demo: the new store signs in afresh.
    logout();
    setMade(result);
  };

  // Nothing fetched for one user may be shown to the next one at the same counter.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== api.Setup.status.name });
  }, [session]);

  if (!status.data) return made ? <OpeningStore message={made.message} /> : null;
  if (made && state !== made.state) return <OpeningStore message={made.message} />;
  if (state === 'first-run') return <FirstRunScreen status={status.data} onDone={done} />;
  const band = state === 'demo' ? <DemoBand status={status.data} isAdmin={session ? hasRole(session.userRole, ADMIN_ONLY) : false} onDone={done} /> : null;
  // A password someone else set (a real store's first sign-in, a new user, a reset) is changed
  // before anything else: the service refuses every other call until then.
  if (!session) return <LoginScreen demo={state === 'demo'} notice={made?.message ?? null} />;
  if (session.mustChangePassword) return <ChangePasswordScreen forced />;
  return <AppFrame session={session} band={band} />;
}

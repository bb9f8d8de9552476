import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoginScreen } from '../login/LoginScreen.js';
import { ChangePasswordScreen } from '../users/ChangePasswordScreen.js';
import { AppFrame } from './AppFrame.js';
import { useSession } from './session.js';

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
  const session = useSession((s) => s.session);

  // Nothing fetched for one user may be shown to the next one at the same counter.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session]);

  return (
    <QueryClientProvider client={queryClient}>
      {/* A password someone else set (a real store's first sign-in, a new user, a reset) is
          changed before anything else: the service refuses every other call until then. */}
      {!session ? <LoginScreen /> : session.mustChangePassword ? <ChangePasswordScreen forced /> : <AppFrame session={session} />}
    </QueryClientProvider>
  );
}

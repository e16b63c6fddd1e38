import './index.css';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useDeferredValue } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: it carries react-dom's flushSync, which the tabs' navigations ask for.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { AuthProvider, setAoIdentificar, useAuth } from './app/auth';
import { invalidateAfterWrite } from './app/live-updates';
import { LoadingScreen } from './app/pages';
import { preloadScreen, router } from './app/router';
import LoginPage from './features/auth/login-page';
import { ApiError } from './lib/api';

const queryClient: QueryClient = new QueryClient({
  // Every successful write refreshes what is on screen at once, not only when its SSE event arrives.
  mutationCache: new MutationCache({ onSuccess: () => invalidateAfterWrite(queryClient) }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

setAoIdentificar((me) => preloadScreen(queryClient, me.permissoes));

function Root() {
  const { me, loading } = useAuth();
  // The shell and its first screen are drawn as a transition, in slices that let the browser paint
  // and answer between them, instead of one long task on a phone's CPU (Lighthouse's blocking time).
  // Signing out is not deferred: the login form replaces the screens at once.
  const entrou = useDeferredValue(me !== null);
  if (loading) return <LoadingScreen />;
  if (!me) return <LoginPage />;
  if (!entrou) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Root />
      </AuthProvider>
      {/* Bottom-right (full width at the bottom on a phone): a toast never covers the header, the menu
          button or a screen's top-right actions. */}
      <Toaster richColors closeButton position="bottom-right" />
    </QueryClientProvider>
  </StrictMode>,
);

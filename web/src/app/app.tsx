import { QueryClientProvider } from '@tanstack/react-query';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { queryClient } from '@/lib/query-client';
import { appHistory } from '@/lib/navigation-blocker';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppRoutes } from './routes';

export function App() {
  return (
    <ErrorBoundary name="application">
      <QueryClientProvider client={queryClient}>
        {/* A blockable browser history (lib/navigation-blocker): forms' unsaved-changes guard, no data router. */}
        <HistoryRouter history={appHistory}>
          <AuthProvider>
            <AppRoutes />
            <LazyToaster />
          </AuthProvider>
        </HistoryRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

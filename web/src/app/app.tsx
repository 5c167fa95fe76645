import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { queryClient } from '@/lib/query-client';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppRoutes } from './routes';

export function App() {
  return (
    <ErrorBoundary name="application">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
            <LazyToaster />
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from './auth-context';
import { signInPath } from './sign-in-path';

/**
 * Every screen but /auth needs a signed-in user: spinner while the session loads, else /auth. The
 * sign-in page brings the person back here afterwards (`?next=`), and says "Session expirée" when the server
 * ended the session; after a deliberate sign-out it starts from the dashboard.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, signedOutReason } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) {
    const to =
      signedOutReason === 'logout'
        ? signInPath()
        : signInPath({
            next: `${location.pathname}${location.search}`,
            sessionEnded: signedOutReason === 'session-ended',
          });
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}

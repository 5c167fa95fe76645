import { useEffect, useRef, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '@shared/schemas/auth';
import { clearAllDrafts, keepDraftsForNextSignIn, setDraftOwner } from '@/components/form/record-drafts';
import { toast } from '@/components/ui/use-toast';
import { ME_CONTEXT_KEY } from '@/features/access/use-me-context';
import {
  ApiError,
  apiRequest,
  clearCsrfToken,
  getQueryFn,
  holdCallsForSignOut,
  onUnauthenticated,
  type SignOutHold,
} from '@/lib/api-client';
import { AuthContext, USER_QUERY_KEY, type SignedOutReason } from './auth-context';

const readUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/** GET /api/user: the signed-in user or null. */
const sessionQuery = queryOptions<CurrentUser | null, Error>({
  queryKey: USER_QUERY_KEY,
  queryFn: async (context) => {
    const user = await readUser(context);
    // Before any form reads its draft: drafts belong to the user who typed them.
    setDraftOwner(user?.id ?? null);
    // Every screen of the shell waits for the context (role, modules): ask now, not once the guard has loaded.
    if (user) void context.client.prefetchQuery({ queryKey: ME_CONTEXT_KEY });
    return user;
  },
});

/** Asks for the session before the first render (main.tsx); the signed-in user, or null (signed out or failed). */
export function loadSession(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery(sessionQuery).catch(() => null);
}

function messageOf(error: Error): string {
  return error instanceof ApiError ? error.serverMessage : error.message;
}

/**
 * Session state: loading, then the user or null (a 401 on GET /api/user means signed out).
 *
 * A session the server ends (idle or absolute timeout, ended from another device, user deactivated: ADR 0002)
 * shows as a 401 UNAUTHENTICATED on the next call, whichever it is. While the app believes it is signed in, that
 * signs it out with the reason "session-ended": the protected route sends the person to /auth with "Session
 * expirée" and the way back, and open record forms keep their drafts (components/form/record-drafts.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedOutReason, setSignedOutReason] = useState<SignedOutReason>(null);
  const signOutHold = useRef<SignOutHold | null>(null);
  const userQuery = useQuery(sessionQuery);

  useEffect(
    () =>
      onUnauthenticated(() => {
        if (!queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY)) return;
        keepDraftsForNextSignIn();
        clearCsrfToken();
        setSignedOutReason('session-ended');
        queryClient.setQueryData(USER_QUERY_KEY, null);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      }),
    [queryClient],
  );

  const signedIn = (user: CurrentUser) => {
    clearCsrfToken();
    setDraftOwner(user.id);
    setSignedOutReason(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, user);
    void queryClient.prefetchQuery({ queryKey: ME_CONTEXT_KEY });
  };

  const loginMutation = useMutation<CurrentUser, Error, LoginInput>({
    mutationFn: (input) => apiRequest<CurrentUser>('POST', '/api/login', input),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Connexion réussie', description: 'Bienvenue dans Pricer Bijouterie' });
    },
    onError: (error) => {
      clearCsrfToken();
      toast({ title: 'Login failed', description: messageOf(error), variant: 'destructive' });
    },
  });

  const registerMutation = useMutation<CurrentUser, Error, RegisterInput>({
    mutationFn: (input) => apiRequest<CurrentUser>('POST', '/api/register', input),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Compte créé', description: 'Votre compte a été créé avec succès' });
    },
    onError: (error) => {
      clearCsrfToken();
      toast({ title: 'Registration failed', description: messageOf(error), variant: 'destructive' });
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      // Nothing of the closing session may come back 401 after the person chose to leave.
      await queryClient.cancelQueries();
      signOutHold.current = holdCallsForSignOut();
      await apiRequest<void>('POST', '/api/logout');
    },
    onSuccess: () => {
      clearCsrfToken();
      // A deliberate sign-out: nothing typed is kept for whoever signs in next on this tab.
      clearAllDrafts();
      setDraftOwner(null);
      setSignedOutReason('logout');
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      // Their queries are gone with the session: the calls held meanwhile are dropped.
      signOutHold.current?.signedOut();
    },
    onError: (error) => {
      signOutHold.current?.stillSignedIn();
      toast({ title: 'Logout failed', description: messageOf(error), variant: 'destructive' });
    },
  });

  return (
    <AuthContext.Provider
      value={{
        user: userQuery.data ?? null,
        signedOutReason,
        isLoading: userQuery.isLoading,
        error: userQuery.error,
        loginMutation,
        registerMutation,
        logoutMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

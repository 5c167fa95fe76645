import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '@shared/schemas/auth';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, clearCsrfToken, getQueryFn } from '@/lib/api-client';
import { AuthContext, USER_QUERY_KEY } from './auth-context';

function messageOf(error: Error): string {
  return error instanceof ApiError ? error.serverMessage : error.message;
}

/** Session state (spec §4): loading, then the user or null (a 401 on GET /api/user means signed out). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery<CurrentUser | null, Error>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });

  const signedIn = (user: CurrentUser) => {
    clearCsrfToken();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, user);
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
    mutationFn: () => apiRequest<void>('POST', '/api/logout'),
    onSuccess: () => {
      clearCsrfToken();
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: messageOf(error), variant: 'destructive' });
    },
  });

  return (
    <AuthContext.Provider
      value={{
        user: userQuery.data ?? null,
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

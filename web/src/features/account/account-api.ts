import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, AccountSession, ChangePasswordInput, UpdateProfileBody } from '@shared/schemas/account';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/features/auth/auth-context';
import { ME_CONTEXT_KEY } from '@/features/access/use-me-context';

export const ACCOUNT_KEY = ['/api/account'] as const;
export const SESSIONS_KEY = ['/api/account/sessions'] as const;

export function useAccount() {
  return useQuery<AccountProfile>({ queryKey: ACCOUNT_KEY });
}

export function useAccountSessions() {
  return useQuery<AccountSession[]>({ queryKey: SESSIONS_KEY });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<AccountProfile, Error, UpdateProfileBody>({
    mutationFn: (input) => apiRequest<AccountProfile>('PUT', '/api/account', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(ACCOUNT_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_CONTEXT_KEY });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, Error, ChangePasswordInput>({
    mutationFn: (input) => apiRequest<{ ok: boolean }>('POST', '/api/account/password', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_CONTEXT_KEY });
      // Calls refused while the password had to change (403 PASSWORD_CHANGE_REQUIRED) get another chance.
      void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean; current: boolean }, Error, string>({
    mutationFn: (id) => apiRequest('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: (answer) => {
      if (answer.current) {
        queryClient.setQueryData(USER_QUERY_KEY, null);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean; ended: number }, Error, void>({
    mutationFn: () => apiRequest('POST', '/api/account/sessions/end-others'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

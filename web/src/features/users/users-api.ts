import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedUserAnswer, CreateUserInput, UpdateUserInput, UserSummary } from '@shared/schemas/users';
import { apiGet, apiRequest } from '@/lib/api-client';

export const USERS_PATH = '/api/users';

export interface ResetPasswordAnswer {
  user: UserSummary;
  temporaryPassword: string;
}
export interface InvitationAnswer {
  user: UserSummary;
  invitation: { token: string; url: string; expiresAt: string };
}

/** One user of the organization (a user opened from the URL, `/users?user=<id>`); no request for null. */
export function useUser(id: string | null) {
  return useQuery<UserSummary>({
    queryKey: [USERS_PATH, id],
    queryFn: () => apiGet<UserSummary>(`${USERS_PATH}/${id}`),
    enabled: id !== null,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [USERS_PATH] });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation<CreatedUserAnswer, Error, CreateUserInput>({
    mutationFn: (input) => apiRequest('POST', USERS_PATH, input),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateUser(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation<UserSummary, Error, UpdateUserInput>({
    mutationFn: (input) => apiRequest('PATCH', `${USERS_PATH}/${id}`, input),
    onSuccess: () => void invalidate(),
  });
}

export type UserAction = 'deactivate' | 'reactivate' | 'reset-password' | 'invitation';

export function useUserAction<T>(id: string, action: UserAction) {
  const invalidate = useInvalidateUsers();
  return useMutation<T, Error, void>({
    mutationFn: () => apiRequest('POST', `${USERS_PATH}/${id}/${action}`),
    onSuccess: () => void invalidate(),
  });
}

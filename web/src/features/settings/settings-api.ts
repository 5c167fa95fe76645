import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer, SettingsInput } from '@shared/schemas/settings';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/features/auth/auth-context';
import { PRICING_SETTINGS_KEY } from '@/lib/pricing-settings';

export const SETTINGS_KEY = ['/api/settings'] as const;

export function useSettings() {
  return useQuery<SettingsAnswer>({ queryKey: SETTINGS_KEY });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation<SettingsAnswer, Error, SettingsInput>({
    mutationFn: (input) => apiRequest('PUT', '/api/settings', input),
    onSuccess: (answer) => {
      queryClient.setQueryData(SETTINGS_KEY, answer);
      // The product word and the organization name come with the user (/api/user).
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      // The buy-back calculator and the product sheets price with these.
      void queryClient.invalidateQueries({ queryKey: PRICING_SETTINGS_KEY });
    },
  });
}

/** PUT /api/settings/logo: the raw image bytes with their type, and the CSRF token of the session. */
async function uploadLogo(file: File): Promise<void> {
  const { csrfToken } = await apiGet<{ csrfToken: string }>('/api/csrf-token');
  const res = await fetch('/api/settings/logo', {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': file.type, 'x-csrf-token': csrfToken, accept: 'application/json' },
    body: file,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, File>({
    mutationFn: uploadLogo,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, Error, void>({
    mutationFn: () => apiRequest('DELETE', '/api/settings/logo'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

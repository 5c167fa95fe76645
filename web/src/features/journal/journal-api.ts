import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JournalEntryDetail, JournalStats } from '@shared/schemas/journal';
import { apiGet, apiRequest } from '@/lib/api-client';

export const LOGS_PATH = '/api/logs';

export function useJournalStats(days: number) {
  return useQuery<JournalStats>({
    queryKey: [LOGS_PATH, 'stats', { days }],
    queryFn: () => apiGet<JournalStats>(`${LOGS_PATH}/stats?days=${days}`),
  });
}

export function useJournalEntry(id: number | null) {
  return useQuery<JournalEntryDetail>({
    queryKey: [LOGS_PATH, 'entry', id],
    queryFn: () => apiGet<JournalEntryDetail>(`${LOGS_PATH}/${id}`),
    enabled: id !== null,
  });
}

export function usePurgeJournal() {
  const queryClient = useQueryClient();
  return useMutation<{ deleted: number }, Error, number>({
    mutationFn: (olderThanDays) => apiRequest('POST', `${LOGS_PATH}/purge`, { olderThanDays }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [LOGS_PATH] }),
  });
}

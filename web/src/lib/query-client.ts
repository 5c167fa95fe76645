import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS } from '@shared/constants';
import { getQueryFn } from './api-client';

/**
 * Query defaults: GET of the joined query key, a 401 is an error, no retries, results never
 * stale, no refetch on focus, no polling unless a query asks for it, unused entries dropped after 5 minutes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        gcTime: QUERY_GC_MS,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

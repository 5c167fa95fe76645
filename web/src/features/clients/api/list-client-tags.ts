import { useQuery } from '@tanstack/react-query';
import type { ClientTagsResponse } from '@shared/schemas/clients';
import { apiGet } from '@/lib/api-client';
import { CLIENTS_PATH } from './clients-path';

/** GET /api/clients/tags: the organization's tags, each in its one spelling (the form's suggestions). */
export function useClientTags() {
  return useQuery({
    // Under CLIENTS_PATH: every client write invalidates it (resource-client.ts).
    queryKey: [CLIENTS_PATH, 'tags'] as const,
    queryFn: async () => (await apiGet<ClientTagsResponse>(`${CLIENTS_PATH}/tags`)).tags,
  });
}

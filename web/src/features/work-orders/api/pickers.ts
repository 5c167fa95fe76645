import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import { apiGet } from '@/lib/api-client';

/** The other référentiels the work orders pick from: subcontractors (suppliers) and a client's projects. */

interface Named {
  id: string;
  name: string;
}

/** Active suppliers, first 100 by name: GET /api/suppliers?sort=name&pageSize=100 (every role reads them). */
export function useSubcontractors() {
  return useQuery({
    queryKey: ['/api/suppliers', 'options'],
    queryFn: () => apiGet<ListResponse<Named>>('/api/suppliers?sort=name&dir=asc&page=1&pageSize=100'),
    select: (list) => list.items.map((s) => ({ value: s.id, label: s.name })),
    staleTime: 5 * 60_000,
  });
}

interface ProjectOption {
  id: string;
  title: string;
}

/** GET /api/projects?clientId=: the client's active projects (roles that read the sales area only). */
export function useClientProjectOptions(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/projects', 'work-order-picker', clientId],
    queryFn: () =>
      apiGet<ListResponse<ProjectOption>>(
        `/api/projects?clientId=${encodeURIComponent(clientId)}&pageSize=100&archived=false`,
      ),
    select: (list) => list.items.map((p) => ({ value: p.id, label: p.title })),
    enabled: enabled && Boolean(clientId),
  });
}

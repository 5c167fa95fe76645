import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

export interface Assignee {
  id: string;
  name: string;
}

/** GET /api/work-orders/assignees: the organization's active users a step may be given to (every role may read it). */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: [WORK_ORDERS_PATH, 'assignees'],
    queryFn: () => apiGet<{ items: Assignee[] }>(`${WORK_ORDERS_PATH}/assignees`),
    select: (answer) => answer.items,
    enabled,
    staleTime: 5 * 60_000,
  });
}

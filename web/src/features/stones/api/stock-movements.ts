import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockMovementInput, StockMovementPage, StockMovementResult } from '@shared/schemas/stones';
import { apiGet, apiRequest } from '@/lib/api-client';
import { STONES_PATH } from './stones-path';

/** How many movements a page of the stone's history shows. */
export const STOCK_MOVEMENTS_PAGE_SIZE = 20;

/** Under the stones' key: every stone write (a movement included) reloads it. */
export const stockMovementsKey = (stoneId: string, page: number) =>
  [STONES_PATH, 'movements', stoneId, { page }] as const;

const movementsPath = (stoneId: string) => `${STONES_PATH}/${encodeURIComponent(stoneId)}/movements`;

/** GET /api/stones/:id/movements?page=&pageSize= (newest first). */
export function useStockMovements(stoneId: string, page: number) {
  return useQuery({
    queryKey: stockMovementsKey(stoneId, page),
    queryFn: () =>
      apiGet<StockMovementPage>(`${movementsPath(stoneId)}?page=${page}&pageSize=${STOCK_MOVEMENTS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/stones/:id/movements: an entry, an adjustment (reason required) or a sale. Reloads the stones' queries:
 * the stone's stock, value and version, the lists and the history.
 */
export function useRecordStockMovement(stoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockMovementInput) => apiRequest<StockMovementResult>('POST', movementsPath(stoneId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [STONES_PATH] }),
  });
}

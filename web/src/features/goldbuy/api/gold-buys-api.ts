import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@shared/constants';
import type {
  GoldBuyCreateInput,
  GoldBuyDetail,
  GoldBuyListItem,
  GoldBuyValidateInput,
  PoliceRegisterAnswer,
} from '@shared/schemas/gold-buys';
import type { PhotoMeta, PhotoUploadInput } from '@shared/schemas/photos';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery, useListSummary } from '@/components/data-table/use-list-query';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { isUuid } from '@shared/uuid';

/**
 * Gold buy-back API (shared/schemas/gold-buys.ts). Query keys start with GOLD_BUYS_PATH: lists are keyed
 * `[GOLD_BUYS_PATH, state]`, a purchase `[GOLD_BUYS_PATH, id]`; every write invalidates `[GOLD_BUYS_PATH]`.
 */
export const GOLD_BUYS_PATH = '/api/gold-buys';

const goldBuyPath = (id: string) => `${GOLD_BUYS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/gold-buys/summary answer. */
export interface GoldBuySummary {
  count: number;
  total: string;
  netPaid: string;
  byFineness: Array<{ metal: Metal; fineness: number; netWeightG: string }>;
}

/** GET /api/gold-buys?q=&status=&sellerClientId=&from=&to=&fineness=&sort=&dir=&page=&pageSize= */
export function useGoldBuysList(state: ListState) {
  return useListQuery<GoldBuyListItem>(GOLD_BUYS_PATH, state);
}

/** GET /api/gold-buys/summary with the list's filters: every purchase they match, not one page. */
export function useGoldBuysSummary(state: ListState) {
  return useListSummary<GoldBuySummary>(GOLD_BUYS_PATH, state);
}

export const goldBuyKey = (id: string) => [GOLD_BUYS_PATH, id] as const;

/** The answer of an address that cannot name a purchase: not found, without asking the server. */
const NOT_A_PURCHASE = new ApiError(404, 'Not Found', '');

/** GET /api/gold-buys/:id (an id that is not a UUID is not found at once). */
export function useGoldBuy(id: string) {
  return useQuery({
    queryKey: goldBuyKey(id),
    queryFn: () => (isUuid(id) ? apiGet<GoldBuyDetail>(goldBuyPath(id)) : Promise.reject(NOT_A_PURCHASE)),
  });
}

/** The police register's query string of a period (Paris days). */
export function registerQuery(from: string, to: string): string {
  return new URLSearchParams({ from, to }).toString();
}

/** GET /api/gold-buys/register?from&to */
export function usePoliceRegister(from: string, to: string) {
  const qs = registerQuery(from, to);
  return useQuery({
    queryKey: [GOLD_BUYS_PATH, 'register', qs],
    queryFn: () => apiGet<PoliceRegisterAnswer>(`${GOLD_BUYS_PATH}/register?${qs}`),
    enabled: Boolean(from && to),
    placeholderData: keepPreviousData,
  });
}

export const registerCsvHref = (from: string, to: string) =>
  `${GOLD_BUYS_PATH}/register/export.csv?${registerQuery(from, to)}`;
export const registerPdfHref = (from: string, to: string) =>
  `${GOLD_BUYS_PATH}/register.pdf?${registerQuery(from, to)}`;
export const contractPdfHref = (id: string) => `${goldBuyPath(id)}/contract.pdf`;
export const receiptPdfHref = (id: string) => `${goldBuyPath(id)}/receipt.pdf`;

function useGoldBuyCache() {
  const queryClient = useQueryClient();
  return (goldBuy: GoldBuyDetail) => {
    queryClient.setQueryData(goldBuyKey(goldBuy.id), goldBuy);
    void queryClient.invalidateQueries({
      queryKey: [GOLD_BUYS_PATH],
      predicate: (query) => query.queryKey[1] !== goldBuy.id,
    });
  };
}

/** POST /api/gold-buys: a new draft. */
export function useCreateGoldBuy() {
  const store = useGoldBuyCache();
  return useMutation({
    mutationFn: (body: GoldBuyCreateInput) => apiRequest<GoldBuyDetail>('POST', GOLD_BUYS_PATH, body),
    onSuccess: store,
  });
}

/** PUT /api/gold-buys/:id: the whole draft with the version it was read at. */
export function useUpdateGoldBuy(id: string) {
  const store = useGoldBuyCache();
  return useMutation({
    mutationFn: (body: GoldBuyCreateInput & { version: number }) =>
      apiRequest<GoldBuyDetail>('PUT', goldBuyPath(id), body),
    onSuccess: store,
  });
}

/** DELETE /api/gold-buys/:id: the draft is archived. */
export function useDeleteGoldBuy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', goldBuyPath(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: goldBuyKey(id) });
      void queryClient.invalidateQueries({ queryKey: [GOLD_BUYS_PATH] });
    },
  });
}

/** POST /api/gold-buys/:id/validate: the contract is signed. */
export function useValidateGoldBuy(id: string) {
  const store = useGoldBuyCache();
  return useMutation({
    mutationFn: (body: GoldBuyValidateInput) => apiRequest<GoldBuyDetail>('POST', `${goldBuyPath(id)}/validate`, body),
    onSuccess: store,
  });
}

export type GoldBuyTransition = 'pay' | 'withdraw' | 'repaid' | 'melt' | 'resell';

/** POST /api/gold-buys/:id/{pay,withdraw,repaid,melt,resell} with the version shown. */
export function useGoldBuyTransition(id: string) {
  const store = useGoldBuyCache();
  return useMutation({
    mutationFn: ({ action, version }: { action: GoldBuyTransition; version: number }) =>
      apiRequest<GoldBuyDetail>('POST', `${goldBuyPath(id)}/${action}`, { version }),
    onSuccess: store,
  });
}

/** POST /api/gold-buys/:id/correct: a new draft that refers to this purchase. */
export function useCorrectGoldBuy(id: string) {
  const store = useGoldBuyCache();
  return useMutation({
    mutationFn: () => apiRequest<GoldBuyDetail>('POST', `${goldBuyPath(id)}/correct`, {}),
    onSuccess: store,
  });
}

/** Where a purchase's images go: its item photos, or the scans of the seller's identity document. */
export type GoldBuyImageKind = 'photos' | 'identity-scans';

/**
 * POST /api/gold-buys/:id/{photos,identity-scans}: an image added to the draft (answers its PhotoMeta). The
 * purchase is read again: its scan count (and, for the roles allowed, the scans) changed.
 */
export function useUploadGoldBuyImage(id: string, kind: GoldBuyImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PhotoUploadInput) => apiRequest<PhotoMeta>('POST', `${goldBuyPath(id)}/${kind}`, upload),
    onSuccess: () => {
      if (kind === 'identity-scans') void queryClient.invalidateQueries({ queryKey: goldBuyKey(id) });
    },
  });
}

/** DELETE /api/gold-buys/:id/{photos,identity-scans}/:photoId (a draft's image). */
export function useDeleteGoldBuyImage(id: string, kind: GoldBuyImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      apiRequest<void>('DELETE', `${goldBuyPath(id)}/${kind}/${encodeURIComponent(photoId)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: goldBuyKey(id) }),
  });
}

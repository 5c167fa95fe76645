import { DIAMOND_WEIGHT_RANGES } from '@shared/constants';

export interface WeightParams {
  weight_min?: number;
  weight_max?: number;
}

/** Query parameters of GET /api/ddpl/random6 for a weight-range value ("all" or unknown = no bounds). */
export function weightRangeToParams(value: string): WeightParams {
  const range = DIAMOND_WEIGHT_RANGES.find((r) => r.value === value);
  const params: WeightParams = {};
  if (range?.min !== null && range?.min !== undefined) params.weight_min = range.min;
  if (range?.max !== null && range?.max !== undefined) params.weight_max = range.max;
  return params;
}

export function random6Path(params: WeightParams): string {
  const search = new URLSearchParams();
  if (params.weight_min !== undefined) search.set('weight_min', String(params.weight_min));
  if (params.weight_max !== undefined) search.set('weight_max', String(params.weight_max));
  const qs = search.toString();
  return qs ? `/api/ddpl/random6?${qs}` : '/api/ddpl/random6';
}

const UNAVAILABLE_PREFIX = 'Catalogue diamant temporairement indisponible';

/** Fallback message when the server sent no message. */
export function catalogueUnavailableMessage(status: number): string {
  return `${UNAVAILABLE_PREFIX} (${status})`;
}

/** Error of the diamond list: the server body's message, else "Catalogue diamant temporairement indisponible (status)". */
export class DiamondListError extends Error {
  readonly status: number;
  constructor(status: number, message: string | null | undefined) {
    super(message || catalogueUnavailableMessage(status));
    this.name = 'DiamondListError';
    this.status = status;
  }
}

export const MAX_DIAMOND_LIST_RETRIES = 2;

/** No retry on a 500 or on the "temporairement indisponible" message; otherwise up to 2 retries. */
export function shouldRetryDiamondList(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_DIAMOND_LIST_RETRIES) return false;
  if (error instanceof DiamondListError && error.status === 500) return false;
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith(UNAVAILABLE_PREFIX)) return false;
  return true;
}

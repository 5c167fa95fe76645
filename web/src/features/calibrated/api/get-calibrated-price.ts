import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalibratedClarity } from '@shared/constants';
import type { CalibratedPrice } from '@shared/schemas/diamonds';
import { apiGet } from '@/lib/api-client';
import { isDiameterInRange, roundDiameter } from '../lib/diameter';

export function getCalibratedPrice(mm: number, clarity: CalibratedClarity): Promise<CalibratedPrice> {
  const params = new URLSearchParams({ mm: String(roundDiameter(mm)), clarity });
  return apiGet<CalibratedPrice>(`/api/calibrated-price?${params.toString()}`);
}

/** GET /api/calibrated-price?mm=&clarity=, only for 0.7 <= mm <= 4; the previous answer stays shown meanwhile. */
export function useCalibratedPrice(mm: number, clarity: CalibratedClarity) {
  const rounded = roundDiameter(mm);
  return useQuery({
    queryKey: ['/api/calibrated-price', { mm: rounded, clarity }],
    queryFn: () => getCalibratedPrice(rounded, clarity),
    enabled: isDiameterInRange(rounded),
    placeholderData: keepPreviousData,
  });
}

import type { ProductionStep, ProductionStepInput } from '@shared/schemas/production-steps';
import { useUpdateResource } from '@/lib/resource-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** PATCH /api/production-steps/:id with `version` (409 when stale or when the code is taken). */
export function useUpdateProductionStep() {
  return useUpdateResource<ProductionStepInput & { version: number }, ProductionStep>(PRODUCTION_STEPS_PATH);
}

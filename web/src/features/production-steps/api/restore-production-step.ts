import type { ProductionStep } from '@shared/schemas/production-steps';
import { useRestoreResource } from '@/lib/resource-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** POST /api/production-steps/:id/restore (back at the end of the order). */
export function useRestoreProductionStep() {
  return useRestoreResource<ProductionStep>(PRODUCTION_STEPS_PATH);
}

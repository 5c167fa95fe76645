import type { ProductionStep, ProductionStepInput } from '@shared/schemas/production-steps';
import { useCreateResource } from '@/lib/resource-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** POST /api/production-steps (appended at the end of the order). */
export function useCreateProductionStep() {
  return useCreateResource<ProductionStepInput, ProductionStep>(PRODUCTION_STEPS_PATH);
}

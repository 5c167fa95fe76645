import type { ProductionStep } from '@shared/schemas/production-steps';
import { useArchiveResource } from '@/lib/resource-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** DELETE /api/production-steps/:id (archive). */
export function useArchiveProductionStep() {
  return useArchiveResource<ProductionStep>(PRODUCTION_STEPS_PATH);
}

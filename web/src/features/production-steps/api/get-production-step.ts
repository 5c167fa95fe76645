import type { ProductionStep } from '@shared/schemas/production-steps';
import { useResourceItem } from '@/lib/resource-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** GET /api/production-steps/:id */
export function useProductionStep(id: string | undefined) {
  return useResourceItem<ProductionStep>(PRODUCTION_STEPS_PATH, id);
}

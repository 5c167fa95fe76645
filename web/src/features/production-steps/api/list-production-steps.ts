import type { ProductionStep } from '@shared/schemas/production-steps';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** GET /api/production-steps?q=&mode=&archived=&sort=position&dir=&page=&pageSize= */
export function useProductionStepsList(state: ListState) {
  return useListQuery<ProductionStep>(PRODUCTION_STEPS_PATH, state);
}

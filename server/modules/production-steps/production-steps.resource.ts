import { and, eq, sql } from 'drizzle-orm';
import {
  productionStepInputSchema,
  productionStepListQuerySchema,
  PRODUCTION_STEP_MODE_LABELS,
  type ProductionStep,
  type ProductionStepInput,
  type ProductionStepListQuery,
} from '@shared/schemas/production-steps';
import { buildSearchText } from '@shared/search-text';
import type { Db } from '../../db/client';
import { productionSteps } from '../../db/schema';
import { textSort } from '../../lists/list-query';
import type { ResourceDefinition } from '../../lists/resource';
import { assertSupplierOfOrganization, supplierNames } from '../suppliers/suppliers.lookup';

export type ProductionStepRow = typeof productionSteps.$inferSelect;
export interface ProductionStepContext {
  supplierNames: Map<string, string>;
}

export const CODE_TAKEN_MESSAGE = 'Ce code est déjà utilisé par une autre étape';

export function productionStepValues(input: ProductionStepInput) {
  return {
    name: input.name,
    code: input.code,
    description: input.description,
    defaultDurationMinutes: input.defaultDurationMinutes,
    hourlyRate: input.hourlyRate,
    mode: input.mode,
    // An internal step has no subcontractor.
    supplierId: input.mode === 'subcontracted' ? input.supplierId : null,
    searchText: buildSearchText([input.name, input.code, input.description, PRODUCTION_STEP_MODE_LABELS[input.mode]]),
  };
}

export function productionStepDto(row: ProductionStepRow, ctx: ProductionStepContext): ProductionStep {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    defaultDurationMinutes: row.defaultDurationMinutes,
    hourlyRate: row.hourlyRate,
    mode: row.mode,
    supplierId: row.supplierId,
    supplierName: row.supplierId ? (ctx.supplierNames.get(row.supplierId) ?? null) : null,
    position: row.position,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The next position at the end of the organization's list. */
export async function nextPosition(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`(coalesce(max(${productionSteps.position}), 0) + 1)::int` })
    .from(productionSteps)
    .where(eq(productionSteps.organizationId, organizationId));
  return row?.next ?? 1;
}

export const productionStepsResource: ResourceDefinition<
  ProductionStepRow,
  ProductionStepInput,
  ProductionStep,
  ProductionStepListQuery,
  ProductionStepContext
> = {
  path: 'production-steps',
  entityType: 'production_step',
  area: 'production',
  notFoundMessage: 'Étape introuvable',
  table: productionSteps,
  inputSchema: productionStepInputSchema,
  listQuerySchema: productionStepListQuerySchema,
  sortColumns: {
    position: productionSteps.position,
    name: textSort(productionSteps.name),
    code: productionSteps.code,
    defaultDurationMinutes: productionSteps.defaultDurationMinutes,
    hourlyRate: productionSteps.hourlyRate,
  },
  filters: (q) => [q.mode ? eq(productionSteps.mode, q.mode) : undefined],
  toValues: (input) => productionStepValues(input),
  loadContext: async (db, organizationId, rows) => ({
    supplierNames: await supplierNames(
      db,
      organizationId,
      rows.map((r) => r.supplierId),
    ),
  }),
  toDto: productionStepDto,
  checkInput: (db, organizationId, input) =>
    assertSupplierOfOrganization(db, organizationId, input.mode === 'subcontracted' ? input.supplierId : null),
  beforeCreate: async (db, organizationId) => ({ position: await nextPosition(db, organizationId) }),
  beforeRestore: async (db, organizationId) => ({ position: await nextPosition(db, organizationId) }),
  uniqueViolations: { production_steps_org_code_key: { field: 'code', message: CODE_TAKEN_MESSAGE } },
  csv: {
    filename: 'etapes-production',
    importable: false,
    columns: [
      { header: 'Ordre', format: 'integer', value: (s) => s.position },
      { header: 'Code', value: (s) => s.code },
      { header: 'Nom', value: (s) => s.name },
      { header: 'Description', value: (s) => s.description },
      { header: 'Durée par défaut (min)', format: 'integer', value: (s) => s.defaultDurationMinutes },
      { header: 'Taux horaire (EUR)', format: 'decimal', value: (s) => s.hourlyRate },
      { header: 'Mode', value: (s) => PRODUCTION_STEP_MODE_LABELS[s.mode] },
      { header: 'Sous-traitant', value: (s) => s.supplierName },
    ],
  },
};

/** Active steps of an organization, in order (used by the reorder answer and, later, work orders). */
export async function activeSteps(db: Db, organizationId: string): Promise<ProductionStepRow[]> {
  return db
    .select()
    .from(productionSteps)
    .where(and(eq(productionSteps.organizationId, organizationId), sql`${productionSteps.archivedAt} IS NULL`))
    .orderBy(productionSteps.position, productionSteps.id);
}

import { and, eq, inArray } from 'drizzle-orm';
import { normalizeSearch } from '@shared/search-text';
import type { Db } from '../../db/client';
import { suppliers } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Names of the given suppliers of one organization (for answers that show a supplier). */
export async function supplierNames(
  db: Db,
  organizationId: string,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, organizationId), inArray(suppliers.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A supplier reference must be a supplier of the same organization: else a 400 on `field`. */
export async function assertSupplierOfOrganization(
  db: Db,
  organizationId: string,
  supplierId: string | null,
  field = 'supplierId',
): Promise<void> {
  if (!supplierId) return;
  const names = await supplierNames(db, organizationId, [supplierId]);
  if (!names.has(supplierId)) {
    throw new AppError('VALIDATION_FAILED', 'Données invalides', { [field]: ['Fournisseur introuvable'] });
  }
}

/** Supplier ids by normalised name, active suppliers of one organization (CSV imports name the supplier). */
export async function supplierIdsByName(db: Db, organizationId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, archivedAt: suppliers.archivedAt })
    .from(suppliers)
    .where(eq(suppliers.organizationId, organizationId));
  const map = new Map<string, string>();
  for (const r of rows) if (!r.archivedAt) map.set(normalizeSearch(r.name), r.id);
  return map;
}

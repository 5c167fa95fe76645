import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildSearchText } from '@shared/search-text';
import {
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_PHOTOS_MAX,
  SLUG_PATTERN,
  type ProductCategory,
  type PhotoMeta,
  type ProductComponentInput,
  type StoredComponent,
} from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { alloys, productComponents, productPhotos, productionSteps, products, stones } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { loadOwnedPhotoMetas, type OwnedPhotos } from '../../http/owned-photos';

export type ProductRow = typeof products.$inferSelect;
type ComponentRow = typeof productComponents.$inferSelect;

export const PRODUCT_NOT_FOUND = 'Produit introuvable';

/** The `search_text` of a sheet: name, slug, category (code and French label), description. */
export function productSearchText(p: { name: string; slug: string; category: ProductCategory; description: string }) {
  return buildSearchText([p.name, p.slug, PRODUCT_CATEGORY_LABELS[p.category], p.category, p.description]);
}

/** "3.200" -> "3.2" (numeric columns come back with their scale). */
const dec = (value: string): string => new Decimal(value).toFixed();

export function componentFromRow(row: ComponentRow): StoredComponent {
  const base = { id: row.id, position: row.position, ...(row.label ? { label: row.label } : {}) };
  switch (row.kind) {
    case 'metal':
      return {
        ...base,
        kind: 'metal',
        alloyId: row.alloyId!,
        weightG: dec(row.weightG!),
        lossPct: row.lossPct === null ? null : dec(row.lossPct),
      };
    case 'stone':
      return { ...base, kind: 'stone', stoneId: row.stoneId!, quantity: row.quantity! };
    case 'melee':
      return { ...base, kind: 'melee', mm: dec(row.mm!), clarity: row.clarity!, quantity: row.quantity! };
    case 'labour':
      return {
        ...base,
        kind: 'labour',
        productionStepId: row.productionStepId!,
        minutes: dec(row.minutes!),
        hourlyRate: row.hourlyRate === null ? null : dec(row.hourlyRate),
      };
    case 'other':
      return { ...base, kind: 'other', label: row.label ?? '', amount: dec(row.amount!) };
  }
}

function componentToRow(
  c: ProductComponentInput,
  organizationId: string,
  productId: string,
  position: number,
): typeof productComponents.$inferInsert {
  const row: typeof productComponents.$inferInsert = {
    organizationId,
    productId,
    position,
    kind: c.kind,
    label: c.label ?? null,
  };
  switch (c.kind) {
    case 'metal':
      return { ...row, alloyId: c.alloyId, weightG: c.weightG, lossPct: c.lossPct ?? null };
    case 'stone':
      return { ...row, stoneId: c.stoneId, quantity: c.quantity };
    case 'melee':
      return { ...row, mm: c.mm, clarity: c.clarity, quantity: c.quantity };
    case 'labour':
      return { ...row, productionStepId: c.productionStepId, minutes: c.minutes, hourlyRate: c.hourlyRate ?? null };
    case 'other':
      return { ...row, amount: c.amount };
  }
}

/** The product of this organization with this slug; a slug of another organization is "not found". */
export async function findProductBySlug(db: Db, organizationId: string, slug: string): Promise<ProductRow | null> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 80) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function getProductBySlug(db: Db, organizationId: string, slug: string): Promise<ProductRow> {
  const row = await findProductBySlug(db, organizationId, slug);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** Composition lines of several products (of one organization), in order. */
export async function loadComponents(
  db: Db,
  organizationId: string,
  productIds: readonly string[],
): Promise<Map<string, StoredComponent[]>> {
  const out = new Map<string, StoredComponent[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const rows = await db
    .select()
    .from(productComponents)
    .where(
      and(eq(productComponents.organizationId, organizationId), inArray(productComponents.productId, [...productIds])),
    )
    .orderBy(asc(productComponents.productId), asc(productComponents.position));
  for (const row of rows) out.get(row.productId)?.push(componentFromRow(row));
  return out;
}

/** Replaces a product's composition (inside the caller's transaction). */
export async function replaceComponents(
  tx: Db,
  organizationId: string,
  productId: string,
  components: readonly ProductComponentInput[],
): Promise<void> {
  await tx
    .delete(productComponents)
    .where(and(eq(productComponents.organizationId, organizationId), eq(productComponents.productId, productId)));
  if (components.length === 0) return;
  await tx
    .insert(productComponents)
    .values(components.map((c, i) => componentToRow(c, organizationId, productId, i + 1)));
}

/**
 * Checks that every alloy exists and every stone and production step belongs to this
 * organization; a 400 with the offending line's field otherwise (another organization's
 * id reads exactly like an unknown one).
 */
export async function assertReferences(
  db: Db,
  organizationId: string,
  components: readonly ProductComponentInput[],
): Promise<void> {
  const ids = (kind: ProductComponentInput['kind'], pick: (c: ProductComponentInput) => string | undefined) => [
    ...new Set(
      components
        .filter((c) => c.kind === kind)
        .map(pick)
        .filter((v): v is string => !!v),
    ),
  ];
  const alloyIds = ids('metal', (c) => (c.kind === 'metal' ? c.alloyId : undefined));
  const stoneIds = ids('stone', (c) => (c.kind === 'stone' ? c.stoneId : undefined));
  const stepIds = ids('labour', (c) => (c.kind === 'labour' ? c.productionStepId : undefined));
  const [foundAlloys, foundStones, foundSteps] = await Promise.all([
    alloyIds.length ? db.select({ id: alloys.id }).from(alloys).where(inArray(alloys.id, alloyIds)) : [],
    stoneIds.length
      ? db
          .select({ id: stones.id })
          .from(stones)
          .where(and(eq(stones.organizationId, organizationId), inArray(stones.id, stoneIds)))
      : [],
    stepIds.length
      ? db
          .select({ id: productionSteps.id })
          .from(productionSteps)
          .where(and(eq(productionSteps.organizationId, organizationId), inArray(productionSteps.id, stepIds)))
      : [],
  ]);
  const known = new Set([...foundAlloys, ...foundStones, ...foundSteps].map((r) => r.id));
  const fieldErrors: Record<string, string[]> = {};
  components.forEach((c, i) => {
    if (c.kind === 'metal' && !known.has(c.alloyId)) fieldErrors[`components.${i}.alloyId`] = ['Alliage inconnu'];
    if (c.kind === 'stone' && !known.has(c.stoneId))
      fieldErrors[`components.${i}.stoneId`] = ['Pierre ou composant introuvable'];
    if (c.kind === 'labour' && !known.has(c.productionStepId))
      fieldErrors[`components.${i}.productionStepId`] = ['Étape de production introuvable'];
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('VALIDATION_FAILED', 'Données invalides', fieldErrors);
}

/** Product photos for the shared photo queries (server/http/owned-photos.ts). */
export const PRODUCT_PHOTOS: OwnedPhotos = {
  table: productPhotos,
  ownerKey: 'productId',
  max: PRODUCT_PHOTOS_MAX,
  limitMessage: `${PRODUCT_PHOTOS_MAX} photos au maximum par produit`,
  entityType: 'product',
  urlBase: '/api/products',
};

/** Photos of several products (metadata only, never the bytes). */
export function loadPhotoMetas(
  db: Db,
  organizationId: string,
  productIds: readonly string[],
): Promise<Map<string, PhotoMeta[]>> {
  return loadOwnedPhotoMetas(db, PRODUCT_PHOTOS, organizationId, productIds);
}

import { sql, type SQL } from 'drizzle-orm';
import { DIAMONDS_PER_SELECTION } from '@shared/constants';
import { queryRows, type Db } from '../../db/client';

/** A catalogue row as the listing and showcase answers need it (numerics as decimal strings). */
export interface DiamondRow {
  id: string;
  ref: string;
  carats: string;
  color: string;
  clarity: string;
  lab: string | null;
  shape: string;
  cut: string | null;
  polish: string | null;
  symmetry: string | null;
  fluorescence: string | null;
  location: string | null;
  totalPrice: string | null;
  pricePerCarat: string | null;
  currency: string;
  totalPriceEur: string | null;
  priceEur: string | null;
  imageUrl: string | null;
}

/**
 * The columns of a listing, from the catalogue aliased `d`. A fancy-coloured stone has no D-Z colour: its
 * colour reads "Fantaisie" here.
 */
export const DIAMOND_COLUMNS = sql`d.id::text AS id, d.ref, d.carats::text AS carats, COALESCE(d.color, 'Fantaisie') AS color, d.clarity, d.lab, d.shape, d.cut,
  d.polish, d.symmetry, d.fluorescence, d.location, d.total_price::text AS "totalPrice",
  d.price_per_carat::text AS "pricePerCarat", d.currency, d.total_price_eur::text AS "totalPriceEur",
  d.price_eur::text AS "priceEur", d.image_url AS "imageUrl"`;

export interface WeightRange {
  min?: number | undefined;
  max?: number | undefined;
}

/**
 * Whose stones a reader sees: every organization sees the installation-wide stones (organization_id NULL, the
 * demo catalogue) and its own imported ones, never another's; the public sign-in showcase sees only the
 * installation-wide ones.
 */
export type DiamondScope = { organizationId: string } | 'installation';

/** The SQL condition of a scope, on the catalogue's own columns (usable with or without the alias `d`). */
export function diamondScopeCondition(scope: DiamondScope): SQL {
  return scope === 'installation'
    ? sql`organization_id IS NULL`
    : sql`(organization_id IS NULL OR organization_id = ${scope.organizationId}::uuid)`;
}

/**
 * A random sample of available stones without scanning the table. Every row carries random_key, uniform
 * in [0,1). We draw r and take the first `limit` keys >= r (wrapping around to keys < r when the tail
 * holds fewer; the second branch only runs then). The ids come from index-only scans of the partial
 * covering indexes of migration 0002: the planner walks (random_key) INCLUDE (carats, id) and stops after
 * ~limit/selectivity entries for a wide weight range, or range-scans (carats, random_key) for a narrow
 * one (both carry organization_id since migration 0051, for the scope); then `limit` primary-key lookups fetch
 * the rows. bench/random6-explain.ts checks the plans.
 */
export function randomDiamondsQuery(
  limit: number,
  scope: DiamondScope,
  range: WeightRange = {},
  r: number = Math.random(),
): SQL {
  const conditions: SQL[] = [sql`availability = 'available'`, diamondScopeCondition(scope)];
  if (range.min !== undefined) conditions.push(sql`carats >= ${range.min}::numeric`);
  if (range.max !== undefined) conditions.push(sql`carats <= ${range.max}::numeric`);
  const where = sql.join(conditions, sql` AND `);
  return sql`SELECT ${DIAMOND_COLUMNS} FROM (
      (SELECT id, random_key FROM diamonds WHERE ${where} AND random_key >= ${r}::float8 ORDER BY random_key LIMIT ${limit})
      UNION ALL
      (SELECT id, random_key FROM diamonds WHERE ${where} AND random_key < ${r}::float8 ORDER BY random_key LIMIT ${limit})
      LIMIT ${limit}
    ) pick JOIN diamonds d ON d.id = pick.id`;
}

export function pickRandomDiamonds(
  db: Db,
  limit: number,
  scope: DiamondScope,
  range: WeightRange = {},
  r: number = Math.random(),
): Promise<DiamondRow[]> {
  return queryRows<DiamondRow>(db, randomDiamondsQuery(limit, scope, range, r));
}

export const pickRandom6 = (db: Db, scope: DiamondScope, range: WeightRange, r?: number): Promise<DiamondRow[]> =>
  pickRandomDiamonds(db, DIAMONDS_PER_SELECTION, scope, range, r);

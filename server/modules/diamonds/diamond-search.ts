import { sql, type SQL } from 'drizzle-orm';
import type { DiamondSearchQuery } from '@shared/schemas/diamonds';
import { queryRows, type Db } from '../../db/client';
import { DIAMOND_COLUMNS, diamondScopeCondition, type DiamondRow, type DiamondScope } from './random-diamonds';

/** Matches counted up to this many (the picker says "plus de 1 000"). */
export const DIAMOND_COUNT_CAP = 1000;

const SORTS: Readonly<Record<DiamondSearchQuery['sort'], SQL>> = {
  price: sql`total_price_eur`,
  carats: sql`carats`,
};

/**
 * One page of available catalogue stones for the filters of the quote builder's picker (carats, shape, colour,
 * clarity, lab, EUR price), cheapest or lightest first, with a count capped at DIAMOND_COUNT_CAP. The catalogue
 * page will grow this search.
 */
export async function searchDiamonds(
  db: Db,
  scope: DiamondScope,
  q: DiamondSearchQuery,
): Promise<{ rows: DiamondRow[]; total: number; capped: boolean }> {
  const conditions: SQL[] = [sql`availability = 'available'`, diamondScopeCondition(scope)];
  if (q.caratMin !== undefined) conditions.push(sql`carats >= ${q.caratMin}::numeric`);
  if (q.caratMax !== undefined) conditions.push(sql`carats <= ${q.caratMax}::numeric`);
  if (q.shape) conditions.push(sql`shape = ${q.shape}`);
  if (q.color) conditions.push(sql`color = ${q.color}`);
  if (q.clarity) conditions.push(sql`clarity = ${q.clarity}`);
  if (q.lab) conditions.push(sql`lab = ${q.lab}`);
  if (q.priceMax !== undefined) conditions.push(sql`total_price_eur <= ${q.priceMax}::numeric`);
  const where = sql.join(conditions, sql` AND `);
  const direction = q.dir === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const [rows, counted] = await Promise.all([
    queryRows<DiamondRow>(
      db,
      sql`SELECT ${DIAMOND_COLUMNS} FROM diamonds d WHERE ${where} ORDER BY ${SORTS[q.sort]} ${direction}, id
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM diamonds WHERE ${where} LIMIT ${DIAMOND_COUNT_CAP + 1}) m`,
    ),
  ]);
  const n = counted[0]?.n ?? 0;
  return { rows, total: Math.min(n, DIAMOND_COUNT_CAP), capped: n > DIAMOND_COUNT_CAP };
}

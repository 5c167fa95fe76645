import { sql, type SQL } from 'drizzle-orm';
import { FEED_CLARITY_CODES, FEED_COLOR_CODES, FEED_GRADE_CODES, type FeedGradeCode } from '@shared/diamond-feed-codes';
import { diamondNameKey } from '@shared/diamond-names';
import {
  DIAMOND_COUNT_CAP,
  DIAMOND_SHAPE_NAMES,
  type DiamondFacets,
  type DiamondSearchQuery,
} from '@shared/schemas/diamonds';
import { queryRows, type Db } from '../../db/client';
import { DIAMOND_COLUMNS, diamondScopeCondition, type DiamondRow, type DiamondScope } from './random-diamonds';

/**
 * The catalogue search (GET /api/diamonds): one page of stones in the reader's scope for every filter of
 * `diamondSearchQuerySchema`, sorted by EUR total price, carats or EUR price per carat (NULLS LAST, then id),
 * with a count capped at DIAMOND_COUNT_CAP (a count over a LIMIT subquery: it stops at the cap).
 *
 * Stored forms (feed-normalise.ts): shape, cut, polish, symmetry and fluorescence are upper-case words
 * ("ROUND", "VERY GOOD"), so a grade code is turned into `diamondNameKey(code)`; colour and clarity are their
 * grades; fancy colours, growth and availability the canonical codes; a stone without certificate has lab NULL
 * (blank cell) or `none`. Values that come from the code tables are written into the SQL as literals (never
 * the reader's text, which stays a parameter): the planner then proves `availability = 'available'` and uses
 * the partial indexes of migration 0053 whatever the statement's plan cache does.
 *
 * `sellPriceEur` is the feed's price with the feed's markup and stays NULL when the stone has none (the demo
 * stones): a supplier's price is never shown as the shop's selling price.
 */

/** A search row: the listing and the fields the catalogue page shows beside it. */
export interface DiamondSearchRow extends DiamondRow {
  fancyColor: string | null;
  fancyIntensity: string | null;
  fancyOvertone: string | null;
  growth: string | null;
  availability: string;
  certificateNumber: string | null;
  sellPriceEur: string | null;
}

export const SEARCH_COLUMNS = sql`${DIAMOND_COLUMNS}, d.fancy_color AS "fancyColor",
  d.fancy_intensity AS "fancyIntensity", d.fancy_overtone AS "fancyOvertone", d.growth, d.availability,
  d.certificate_number AS "certificateNumber", d.sell_price_eur::text AS "sellPriceEur"`;

const SORT_COLUMNS: Readonly<Record<DiamondSearchQuery['sort'], string>> = {
  price: 'total_price_eur',
  carats: 'carats',
  pricePerCarat: 'price_eur',
};

/** A code of the shared tables as an SQL literal (never the reader's text: a code is checked against its table). */
function literal(code: string): SQL {
  if (!/^[A-Za-z0-9 -]{1,40}$/.test(code)) throw new Error(`not a catalogue code: ${code}`);
  return sql.raw(`'${code}'`);
}

const inList = (column: string, codes: readonly string[]): SQL =>
  codes.length === 1
    ? sql`${sql.raw(column)} = ${literal(codes[0]!)}`
    : sql`${sql.raw(column)} IN (${sql.join(codes.map(literal), sql`, `)})`;

/** The stored grades of `min` and better ("very-good" -> IDEAL, EXCELLENT, VERY GOOD). */
export const gradesAtLeast = (min: FeedGradeCode): string[] =>
  FEED_GRADE_CODES.slice(0, FEED_GRADE_CODES.indexOf(min) + 1).map(diamondNameKey);

/** The slice of a best-first scale between two bounds (both included, either open). */
function scaleRange<T extends string>(scale: readonly T[], min?: T, max?: T): T[] {
  return scale.slice(min ? scale.indexOf(min) : 0, max ? scale.indexOf(max) + 1 : scale.length);
}

/** The WHERE of a search (scope, availability and every filter), on the catalogue's own columns. */
export function searchConditions(scope: DiamondScope, q: DiamondSearchQuery): SQL {
  const c: SQL[] = [inList('availability', q.availability ?? ['available']), diamondScopeCondition(scope)];
  if (q.caratMin !== undefined) c.push(sql`carats >= ${q.caratMin}::numeric`);
  if (q.caratMax !== undefined) c.push(sql`carats <= ${q.caratMax}::numeric`);
  // Every stored shape is one of DIAMOND_SHAPE_NAMES (feeds are normalised, the demo uses ten of them): with a
  // carat bound and no shape, naming them all lets the (shape, carats) index read one carat range per shape.
  // Not with a lab and a cut minimum (`certificateCombos`): the (lab, cut, carats) index reads fewer entries.
  const shapes =
    q.shape ??
    ((q.caratMin !== undefined || q.caratMax !== undefined) && !certificateCombos(q) ? DIAMOND_SHAPE_NAMES : undefined);
  if (shapes) c.push(inList('shape', shapes));
  if (q.color) c.push(sql`color = ${q.color.toUpperCase()}`);
  if (q.colorMin || q.colorMax) c.push(inList('color', scaleRange(FEED_COLOR_CODES, q.colorMin, q.colorMax)));
  if (q.colorKind === 'white') c.push(sql`color IS NOT NULL`);
  if (q.colorKind === 'fancy') c.push(sql`fancy_color IS NOT NULL`);
  if (q.fancyColor) c.push(inList('fancy_color', q.fancyColor));
  if (q.clarity) c.push(sql`clarity = ${q.clarity.toUpperCase()}`);
  if (q.clarityMin || q.clarityMax) {
    c.push(inList('clarity', scaleRange(FEED_CLARITY_CODES, q.clarityMin, q.clarityMax)));
  }
  if (q.cutMin) c.push(inList('cut', gradesAtLeast(q.cutMin)));
  if (q.polishMin) c.push(inList('polish', gradesAtLeast(q.polishMin)));
  if (q.symmetryMin) c.push(inList('symmetry', gradesAtLeast(q.symmetryMin)));
  if (q.fluorescence) c.push(inList('fluorescence', q.fluorescence.map(diamondNameKey)));
  if (q.lab) {
    const labs = q.lab.filter((l) => l !== 'none');
    const parts: SQL[] = labs.length > 0 ? [inList('lab', labs)] : [];
    if (labs.length < q.lab.length) parts.push(sql`lab IS NULL OR lab IN ('none', 'NONE')`);
    c.push(sql`(${sql.join(parts, sql` OR `)})`);
  }
  if (q.growth === 'natural') c.push(sql`(growth IS NULL OR growth = 'natural')`);
  if (q.growth === 'lab-grown') c.push(sql`growth LIKE 'lab-grown%'`);
  if (q.location)
    c.push(
      sql`location IN (${sql.join(
        q.location.map((l) => sql`${l}`),
        sql`, `,
      )})`,
    );
  if (q.priceMin !== undefined) c.push(sql`total_price_eur >= ${q.priceMin}::numeric`);
  if (q.priceMax !== undefined) c.push(sql`total_price_eur <= ${q.priceMax}::numeric`);
  return sql.join(c, sql` AND `);
}

/**
 * Whether the page is taken from the filters and sorted rather than by walking a sort index: prices rise with
 * carats, so for a carat range the price indexes' walk in order until a page of matches turns up would read a
 * large part of them (the range's stones all come late). The filters' indexes give the range's stones instead,
 * sorted after: (shape, carats), or (shape, color, clarity, carats) with a colour range, one small range per
 * combination of the lists.
 */
export const isFilterDriven = (q: DiamondSearchQuery): boolean =>
  (q.caratMin !== undefined || q.caratMax !== undefined) && q.sort !== 'carats';

/** Combinations of a certificate search at most: labs × cut grades, each one range of the indexes of migration 0057. */
const CERTIFICATE_COMBOS_MAX = 6;

/**
 * A certificate search: one or more labs (not "sans certificat") and a cut minimum, no shape, and otherwise only
 * filters the certificate indexes of migration 0057 carry (carats, EUR price, colour and clarity ranges, growth,
 * the default availability). Answers its (lab, cut) combinations, each one range of those indexes, or null.
 */
export function certificateCombos(q: DiamondSearchQuery): Array<{ lab: string; cut: string }> | null {
  if (!q.lab || q.lab.includes('none') || !q.cutMin || q.shape) return null;
  if (q.color || q.clarity || q.colorKind || q.fancyColor || q.polishMin || q.symmetryMin || q.fluorescence)
    return null;
  if (q.location || q.availability) return null;
  const labs = [...new Set(q.lab)];
  const cuts = gradesAtLeast(q.cutMin);
  if (labs.length * cuts.length > CERTIFICATE_COMBOS_MAX) return null;
  return labs.flatMap((lab) => cuts.map((cut) => ({ lab, cut })));
}

/**
 * Whether the page is first looked for by walking the (lab, cut, price per carat) index: a certificate search
 * sorted by EUR per carat, ascending (see `certificateWalk`).
 */
export const walksCertificates = (q: DiamondSearchQuery): boolean =>
  q.sort === 'pricePerCarat' && q.dir === 'asc' && certificateCombos(q) !== null;

/** Index entries read at most per (lab, cut) combination before the walk gives up for the filter-driven plan. */
export const CERTIFICATE_WALK_ENTRIES = 10_000;

/**
 * The walk of a certificate search, one statement: for each (lab, cut) combination, its first
 * CERTIFICATE_WALK_ENTRIES stones by EUR per carat (an index-only range of diamonds_search_cert_ppc_idx),
 * filtered, cut at the page's end (`walk`). A combination is settled when it gave the page's end in matches, or
 * when it holds fewer stones than the walk reads (counted only then: CASE evaluates in order); otherwise its
 * matches may lie further on. The answer is one row per stone of the page, each with `settled`, or a single row
 * without a stone when the page is empty: when `settled` is false the caller takes the filter-driven plan. This
 * answers the common "1.0-1.5 ct, excellent, GIA, by price per carat" from a few thousand index entries instead
 * of every stone of the carat range, and never answers wrong: an unsettled walk is thrown away.
 */
export function certificateWalkQuery(scope: DiamondScope, q: DiamondSearchQuery): SQL {
  const offset = (q.page - 1) * q.pageSize;
  const end = offset + q.pageSize;
  const where = searchConditions(scope, q);
  const combos = certificateCombos(q)!;
  const combo = (lab: string, cut: string) =>
    sql`availability = 'available' AND lab = ${literal(lab)} AND cut = ${literal(cut)}`;
  const walks = combos.map(
    ({ lab, cut }, i) => sql`(SELECT ${i}::int AS combo, id, sort_key FROM (
        SELECT id, price_eur AS sort_key, lab, cut, carats, total_price_eur, color, clarity, growth, organization_id,
          'available'::text AS availability
        FROM diamonds WHERE ${combo(lab, cut)} ORDER BY price_eur, id LIMIT ${CERTIFICATE_WALK_ENTRIES}) walk
      WHERE ${where} ORDER BY sort_key, walk.id LIMIT ${end})`,
  );
  const checks = combos.map(
    ({ lab, cut }, i) => sql`CASE WHEN (SELECT count(*) FROM walk WHERE combo = ${i}::int) >= ${end} THEN true
      ELSE (SELECT count(*) FROM (SELECT 1 FROM diamonds WHERE ${combo(lab, cut)}
        LIMIT ${CERTIFICATE_WALK_ENTRIES}) c) < ${CERTIFICATE_WALK_ENTRIES} END`,
  );
  return sql`WITH walk AS MATERIALIZED (${sql.join(walks, sql` UNION ALL `)}),
    page AS (SELECT id, sort_key FROM walk ORDER BY sort_key NULLS LAST, id LIMIT ${q.pageSize} OFFSET ${offset}),
    settled AS (SELECT ${sql.join(checks, sql` AND `)} AS settled)
    SELECT ${SEARCH_COLUMNS}, settled.settled FROM settled
      LEFT JOIN (page JOIN diamonds d ON d.id = page.id) ON true
    ORDER BY page.sort_key NULLS LAST, page.id`;
}

/**
 * The page of a certificate search from the walk, or null when the walk cannot settle it (the caller then
 * takes the filter-driven plan).
 */
export async function walkCertificates(
  db: Db,
  scope: DiamondScope,
  q: DiamondSearchQuery,
): Promise<DiamondSearchRow[] | null> {
  const rows = await queryRows<DiamondSearchRow & { settled: boolean }>(db, certificateWalkQuery(scope, q));
  if (rows[0]?.settled !== true) return null;
  return rows.filter((r) => r.id !== null).map(({ settled: _settled, ...row }) => row);
}

/** Ranges of diamonds_search_bucket_price_idx a price walk reads at most (shapes × colours × clarities × tenths). */
export const PRICE_BUCKET_COMBOS_MAX = 48;

/**
 * A price walk by carat tenth: shapes, a colour range (or letter), a clarity range (or grade) and a carat range,
 * sorted by EUR price ascending, with at most an EUR price range besides (the default availability, the reader's
 * scope). Each (shape, colour, clarity, tenth of a carat) is one range of diamonds_search_bucket_price_idx
 * (migration 0058), already in (price, id) order: the page is the first `end` entries of each range, merged.
 * Answers the ranges, or null when the search has other filters, another sort or too many ranges.
 */
export function priceBucketCombos(
  q: DiamondSearchQuery,
): Array<{ shape: string; color: string; clarity: string; tenth: number }> | null {
  if (q.sort !== 'price' || q.dir !== 'asc' || !q.shape || q.caratMax === undefined) return null;
  if (!(q.color || q.colorMin || q.colorMax) || !(q.clarity || q.clarityMin || q.clarityMax)) return null;
  if ((q.color && (q.colorMin || q.colorMax)) || (q.clarity && (q.clarityMin || q.clarityMax))) return null;
  if (q.colorKind || q.fancyColor || q.cutMin || q.polishMin || q.symmetryMin || q.fluorescence) return null;
  if (q.lab || q.growth || q.location || q.availability) return null;
  const colors = q.color ? [q.color.toUpperCase()] : scaleRange(FEED_COLOR_CODES, q.colorMin, q.colorMax);
  const clarities = q.clarity ? [q.clarity.toUpperCase()] : scaleRange(FEED_CLARITY_CODES, q.clarityMin, q.clarityMax);
  const first = tenthOf(q.caratMin ?? 0);
  const tenths = Array.from({ length: tenthOf(q.caratMax) - first + 1 }, (_, i) => first + i);
  const shapes = [...new Set(q.shape)];
  if (shapes.length * colors.length * clarities.length * tenths.length > PRICE_BUCKET_COMBOS_MAX) return null;
  return shapes.flatMap((shape) =>
    colors.flatMap((color) =>
      clarities.flatMap((clarity) => tenths.map((tenth) => ({ shape, color, clarity, tenth }))),
    ),
  );
}

/**
 * The tenth of a carat a bound falls in, as the index computes it for a stone (`floor(carats * 10)`). The
 * product is rounded to 9 decimals first (0.29 * 10 is 2.9000000000000004 in binary): a bound within 1e-10 of a
 * tenth may land one tenth off, where stored carats (2 decimals) are already outside the bound.
 */
const tenthOf = (carats: number): number => Math.floor(Number((carats * 10).toFixed(9)));

/**
 * Whether a carats sort over a list of shapes reads each shape apart: a scan of the (shape, carats, id) index
 * for several shapes returns them shape after shape, so the planner would read every stone of those shapes to
 * sort them (or walk the carats index through the other shapes). One scan per shape (a shape named twice is
 * read once), each cut at the page's end, merged in carat order, reads a page's worth of entries per shape
 * (oval/pear/emerald by carats desc: 22 index entries instead of 5,658 rows fetched from the table).
 */
export const mergesShapes = (q: DiamondSearchQuery): boolean => q.sort === 'carats' && new Set(q.shape).size > 1;

/**
 * The page's SQL, in two steps: the page's ids first, from the WHERE and the sort key alone (an index-only scan
 * of a covering index of migration 0053 when the filters allow it), then one primary-key lookup per stone of
 * the page for the columns shown.
 *
 * Walking a sort index, ascending: `ORDER BY x ASC NULLS LAST, id`, which an ascending (x, id) index gives as it
 * is. Descending NULLS LAST is not the backward walk of that index (which puts NULLs first), so the stones with a
 * value (x DESC, id DESC: the index walked backwards) and those without (by id) are read apart, each cut at the
 * page's end, and put one after the other.
 *
 * Carats sort over several shapes (`mergesShapes`): one scan per shape, merged.
 *
 * Filter-driven (`isFilterDriven`): one scan of the matches, sorted (`x + 0` keeps the planner off the sort
 * indexes). The count is never a window over the page's scan, which would hold every match (measured: +2.5 ms for
 * 8,860 matches, where the capped count reads 1,001 entries in 0.4 ms): it is the capped count, as a scalar
 * subquery of this statement with `withCount` (one round trip), or its own query where the caller runs it apart.
 */
export function searchPageQuery(
  scope: DiamondScope,
  q: DiamondSearchQuery,
  options: { withCount?: boolean } = {},
): SQL {
  const where = searchConditions(scope, q);
  const col = sql.raw(SORT_COLUMNS[q.sort]);
  const offset = (q.page - 1) * q.pageSize;
  const end = offset + q.pageSize;
  const dir = sql.raw(q.dir === 'asc' ? 'ASC' : 'DESC');
  let pick: SQL;
  const buckets = priceBucketCombos(q);
  if (buckets) {
    // One parameterised range per (shape, colour, clarity, tenth), each cut at the page's end, merged: planned
    // once (a UNION of the ranges would plan each, about 0.3 ms apiece).
    const ranges = buckets.map(
      (b) => sql`(${literal(b.shape)}, ${literal(b.color)}, ${literal(b.clarity)}, ${sql.raw(String(b.tenth))})`,
    );
    pick = sql`SELECT w.id, w.sort_key FROM (VALUES ${sql.join(ranges, sql`, `)}) AS r(shape, color, clarity, tenth)
      CROSS JOIN LATERAL (SELECT id, total_price_eur AS sort_key FROM diamonds
        WHERE ${where} AND shape = r.shape AND color = r.color AND clarity = r.clarity
          AND floor(carats * 10)::int = r.tenth
        ORDER BY total_price_eur, id LIMIT ${end}) w
      ORDER BY w.sort_key ASC NULLS LAST, w.id ASC LIMIT ${q.pageSize} OFFSET ${offset}`;
  } else if (mergesShapes(q)) {
    // Carats are never NULL: each shape's stones in carat order straight from the (shape, carats, id) index.
    const perShape = [...new Set(q.shape)].map((shape) => {
      const where = searchConditions(scope, { ...q, shape: [shape] });
      return sql`(SELECT id, carats AS sort_key FROM diamonds WHERE ${where}
        ORDER BY carats ${dir}, id ${dir} LIMIT ${end})`;
    });
    pick = sql`SELECT id, sort_key FROM (${sql.join(perShape, sql` UNION ALL `)}) by_shape
      ORDER BY sort_key ${dir}, id ${dir} LIMIT ${q.pageSize} OFFSET ${offset}`;
  } else if (isFilterDriven(q)) {
    pick = sql`SELECT id, ${col} + 0 AS sort_key FROM diamonds WHERE ${where}
      ORDER BY sort_key ${dir} NULLS LAST, id ${dir} LIMIT ${q.pageSize} OFFSET ${offset}`;
  } else if (q.dir === 'asc') {
    pick = sql`SELECT id, ${col} AS sort_key FROM diamonds WHERE ${where}
      ORDER BY ${col} ASC NULLS LAST, id LIMIT ${q.pageSize} OFFSET ${offset}`;
  } else {
    pick = sql`SELECT id, sort_key FROM (
        (SELECT id, ${col} AS sort_key FROM diamonds WHERE ${where} AND ${col} IS NOT NULL
          ORDER BY ${col} DESC, id DESC LIMIT ${end})
        UNION ALL
        (SELECT id, NULL FROM diamonds WHERE ${where} AND ${col} IS NULL ORDER BY id DESC LIMIT ${end})
      ) both_parts ORDER BY sort_key DESC NULLS LAST, id DESC LIMIT ${q.pageSize} OFFSET ${offset}`;
  }
  // The capped count in the same statement (evaluated once): one round trip where a connection is the database's
  // only one (PGlite), and one statement fewer to parse and plan on PostgreSQL.
  const count = options.withCount ? sql`, (${searchCountQuery(scope, q)}) AS "matchCount"` : sql``;
  return sql`SELECT ${SEARCH_COLUMNS}${count} FROM (${pick}) page JOIN diamonds d ON d.id = page.id
    ORDER BY page.sort_key ${dir} NULLS LAST, page.id ${dir}`;
}

/** The matches counted up to DIAMOND_COUNT_CAP + 1 (the scan stops there). */
export const searchCountQuery = (scope: DiamondScope, q: DiamondSearchQuery): SQL =>
  sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM diamonds WHERE ${searchConditions(scope, q)}
    LIMIT ${DIAMOND_COUNT_CAP + 1}) m`;

export async function searchDiamonds(
  db: Db,
  scope: DiamondScope,
  q: DiamondSearchQuery,
): Promise<{ rows: DiamondSearchRow[]; total: number; capped: boolean }> {
  const page = async () => await queryRows<DiamondSearchRow>(db, searchPageQuery(scope, q));
  const count = async () => (await queryRows<{ n: number }>(db, searchCountQuery(scope, q)))[0]?.n ?? 0;
  let rows: DiamondSearchRow[];
  let n: number;
  if (walksCertificates(q)) {
    [rows, n] = await Promise.all([walkCertificates(db, scope, q).then((walked) => walked ?? page()), count()]);
  } else {
    const found = await queryRows<DiamondSearchRow & { matchCount: number }>(
      db,
      searchPageQuery(scope, q, { withCount: true }),
    );
    rows = found.map(({ matchCount: _matchCount, ...row }) => row);
    // An empty page carries no count: none on the first page, or a page past the last match (counted apart).
    n = found[0]?.matchCount ?? (q.page > 1 ? await count() : 0);
  }
  return { rows, total: Math.min(n, DIAMOND_COUNT_CAP), capped: n > DIAMOND_COUNT_CAP };
}

/** One stone with every stored fact (numerics as decimal strings), `feedName` from its feed. */
export interface DiamondDetailRow extends DiamondSearchRow {
  stockNumber: string | null;
  certificateUrl: string | null;
  videoUrl: string | null;
  viewer3dUrl: string | null;
  measurements: string | null;
  lengthMm: string | null;
  widthMm: string | null;
  depthMm: string | null;
  ratio: string | null;
  depthPct: string | null;
  tablePct: string | null;
  girdle: string | null;
  culet: string | null;
  eyeClean: string | null;
  milky: string | null;
  shade: string | null;
  fluorescenceColor: string | null;
  treatments: string | null;
  discountPct: string | null;
  cashPrice: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  supplier: string | null;
  feedName: string | null;
  updatedAt: string;
}

/** One stone of the reader's scope by id (null when there is none, or it is another organization's). */
export async function findDiamond(db: Db, scope: DiamondScope, id: string): Promise<DiamondDetailRow | null> {
  const [row] = await queryRows<DiamondDetailRow>(
    db,
    sql`SELECT ${SEARCH_COLUMNS}, d.stock_number AS "stockNumber", d.certificate_url AS "certificateUrl",
        d.video_url AS "videoUrl", d.viewer3d_url AS "viewer3dUrl", d.measurements, d.length_mm::text AS "lengthMm",
        d.width_mm::text AS "widthMm", d.depth_mm::text AS "depthMm", d.ratio::text AS ratio,
        d.depth_pct::text AS "depthPct", d.table_pct::text AS "tablePct", d.girdle, d.culet, d.eye_clean AS "eyeClean",
        d.milky, d.shade, d.fluorescence_color AS "fluorescenceColor", d.treatments,
        d.discount_pct::text AS "discountPct", d.cash_price::text AS "cashPrice", d.city, d.state, d.country,
        d.supplier, (SELECT f.name FROM diamond_feeds f WHERE f.id = d.feed_id) AS "feedName",
        to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
      FROM diamonds d WHERE d.id = ${id}::bigint AND ${diamondScopeCondition(scope)}`,
  );
  return row ?? null;
}

/**
 * The values present among the available stones of a scope, for the filters: one pass over them, grouped by the
 * four columns at once (a hash of a few thousand combinations at most), the lists made here. About a second on
 * a million stones: the plugin keeps the answer 5 minutes per organization.
 */
export async function diamondFacets(db: Db, scope: DiamondScope): Promise<DiamondFacets> {
  const rows = await queryRows<{
    shape: string;
    lab: string | null;
    location: string | null;
    fancyColor: string | null;
  }>(
    db,
    sql`SELECT shape, lab, location, fancy_color AS "fancyColor" FROM diamonds
      WHERE availability = 'available' AND ${diamondScopeCondition(scope)}
      GROUP BY shape, lab, location, fancy_color`,
  );
  const values = (pick: (row: (typeof rows)[number]) => string | null): string[] =>
    [...new Set(rows.map(pick).filter((v): v is string => v !== null))].sort((a, b) => a.localeCompare(b, 'fr'));
  return {
    shapes: values((r) => r.shape),
    labs: values((r) => r.lab),
    locations: values((r) => r.location),
    fancyColors: values((r) => r.fancyColor),
  };
}

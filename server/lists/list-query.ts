import { and, asc, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeSearch } from '@shared/search-text';
import type { ListQueryBase } from '@shared/schemas/lists';

/** The columns every list table has (organization scope, search, archive, id for a stable order). */
export interface ListColumns {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
  archivedAt: AnyPgColumn;
  searchText: AnyPgColumn;
}

/** Escapes LIKE wildcards so a user's "%" or "_" is matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search words of a query, normalised like `search_text` (lowercase, no accents), at most 8. */
export function searchWords(q: string | undefined): string[] {
  return normalizeSearch(q).split(' ').filter(Boolean).slice(0, 8);
}

/** The LIKE pattern of one search word (wildcards escaped). */
export function likePattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/**
 * `search_text LIKE '%word%'` for each word of the query, normalised like the column
 * (lowercase, no accents): "helene dup" finds "Hélène Dupont". Undefined for an empty query.
 */
export function searchCondition(column: AnyPgColumn, q: string | undefined): SQL | undefined {
  return wordsCondition(
    column,
    searchWords(q).map((w) => likePattern(w)),
  );
}

function wordsCondition(column: AnyPgColumn, patterns: readonly unknown[]): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return and(...patterns.map((p) => sql`${column} LIKE ${p}`));
}

function whereOf(
  columns: ListColumns,
  organizationId: string | Placeholder,
  archived: boolean,
  patterns: readonly unknown[],
  filters: ReadonlyArray<SQL | undefined>,
): SQL {
  return and(
    eq(columns.organizationId, organizationId),
    archived ? isNotNull(columns.archivedAt) : isNull(columns.archivedAt),
    wordsCondition(columns.searchText, patterns),
    ...filters,
  )!;
}

/** The WHERE of a list: organization, archived or active, search, and the resource's filters. */
export function listWhere(
  columns: ListColumns,
  organizationId: string,
  query: Pick<ListQueryBase, 'q' | 'archived'>,
  filters: ReadonlyArray<SQL | undefined> = [],
): SQL {
  return whereOf(
    columns,
    organizationId,
    query.archived,
    searchWords(query.q).map((w) => likePattern(w)),
    filters,
  );
}

/**
 * The same WHERE for a prepared query (prepared-queries.ts): the organization and the search words
 * are placeholders, filled by `listWhereValues`. Filters keep their values in the SQL text, so they
 * belong to the prepared query's key.
 */
export function listWhereTemplate(
  columns: ListColumns,
  archived: boolean,
  words: readonly string[],
  filters: ReadonlyArray<SQL | undefined> = [],
): SQL {
  const patterns = words.map((_, i) => sql.placeholder(`word${i}`));
  return whereOf(columns, sql.placeholder('organizationId'), archived, patterns, filters);
}

/** The placeholder values of `listWhereTemplate` for these search words (from `searchWords`). */
export function listWhereValues(organizationId: string, words: readonly string[]): Record<string, string> {
  const values: Record<string, string> = { organizationId };
  words.forEach((w, i) => {
    values[`word${i}`] = likePattern(w);
  });
  return values;
}

/** French sort key of a text column (SQL function `fr_sort_key`, migration 0020): accents and case folded. */
export function textSort(column: AnyPgColumn): SQL {
  return sql`fr_sort_key(${column})`;
}

/** ORDER BY the whitelisted sort column then id (stable pages). */
export function listOrder(
  columns: ListColumns,
  sortColumns: Readonly<Record<string, AnyPgColumn | SQL>>,
  query: Pick<ListQueryBase, 'sort' | 'dir'>,
): SQL[] {
  const column = sortColumns[query.sort];
  if (!column) throw new Error(`sort field not whitelisted: ${query.sort}`);
  const by = query.dir === 'desc' ? desc : asc;
  return [by(column), by(columns.id)];
}

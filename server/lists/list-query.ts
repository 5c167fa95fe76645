import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
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

/**
 * `search_text LIKE '%word%'` for each word of the query, normalised like the column
 * (lowercase, no accents): "helene dup" finds "Hélène Dupont". Undefined for an empty query.
 */
export function searchCondition(column: AnyPgColumn, q: string | undefined): SQL | undefined {
  const words = normalizeSearch(q).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => sql`${column} LIKE ${`%${escapeLike(w)}%`}`));
}

/** The WHERE of a list: organization, archived or active, search, and the resource's filters. */
export function listWhere(
  columns: ListColumns,
  organizationId: string,
  query: Pick<ListQueryBase, 'q' | 'archived'>,
  filters: ReadonlyArray<SQL | undefined> = [],
): SQL {
  return and(
    eq(columns.organizationId, organizationId),
    query.archived ? isNotNull(columns.archivedAt) : isNull(columns.archivedAt),
    searchCondition(columns.searchText, query.q),
    ...filters,
  )!;
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

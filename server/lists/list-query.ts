import { and, asc, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeSearch } from '@shared/search-text';
import type { ArchiveFilter, ListQueryBase } from '@shared/schemas/lists';
import { containsPattern } from '../db/like-pattern';

/**
 * The columns a list table has: id (a stable order), `search_text`, and, when the table has them,
 * the organization it belongs to and its archive date (`archived_at`).
 */
export interface ListColumns {
  id: AnyPgColumn;
  searchText: AnyPgColumn;
  /** Absent for a table that belongs to no organization (the superadmin's organizations). */
  organizationId?: AnyPgColumn;
  /** Absent for a table whose rows are not archived (users are deactivated, journal entries purged). */
  archivedAt?: AnyPgColumn;
}

/**
 * Whose rows a list reads: one organization's (its id), or every organization's (`null`: the
 * superadmin's organizations list, the journal with `scope=all`).
 */
export type ListScope = string | null;

/** The search words of a query, normalised like `search_text` (lowercase, no accents), at most 8. */
export function searchWords(q: string | undefined): string[] {
  return normalizeSearch(q).split(' ').filter(Boolean).slice(0, 8);
}

/**
 * `search_text LIKE '%word%'` for each word of the query, normalised like the column
 * (lowercase, no accents): "helene dup" finds "Hélène Dupont". Undefined for an empty query.
 */
export function searchCondition(column: AnyPgColumn, q: string | undefined): SQL | undefined {
  return wordsCondition(
    column,
    searchWords(q).map((w) => containsPattern(w)),
  );
}

function wordsCondition(column: AnyPgColumn, patterns: readonly unknown[]): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return and(...patterns.map((p) => sql`${column} LIKE ${p}`));
}

/** Active rows, archived rows, or both (no condition); nothing for a table without archive. */
export function archivedCondition(columns: ListColumns, archived: ArchiveFilter): SQL | undefined {
  if (!columns.archivedAt || archived === 'all') return undefined;
  return archived === 'archived' ? isNotNull(columns.archivedAt) : isNull(columns.archivedAt);
}

function whereOf(
  columns: ListColumns,
  organizationId: string | Placeholder | null,
  archived: ArchiveFilter,
  patterns: readonly unknown[],
  filters: ReadonlyArray<SQL | undefined>,
): SQL {
  return (
    and(
      organizationId !== null && columns.organizationId ? eq(columns.organizationId, organizationId) : undefined,
      archivedCondition(columns, archived),
      wordsCondition(columns.searchText, patterns),
      ...filters,
    ) ?? sql`TRUE`
  );
}

/** The WHERE of a list: organization (unless `scope` is null), archived/active/all, search, and the list's filters. */
export function listWhere(
  columns: ListColumns,
  scope: ListScope,
  query: Pick<ListQueryBase, 'q' | 'archived'>,
  filters: ReadonlyArray<SQL | undefined> = [],
): SQL {
  return whereOf(
    columns,
    scope,
    query.archived,
    searchWords(query.q).map((w) => containsPattern(w)),
    filters,
  );
}

/**
 * The same WHERE for a prepared query (prepared-queries.ts): the organization and the search words
 * are placeholders, filled by `listWhereValues`. Filters keep their values in the SQL text, so they
 * belong to the prepared query's key, and so does `scoped` (false: every organization's rows).
 */
export function listWhereTemplate(
  columns: ListColumns,
  archived: ArchiveFilter,
  words: readonly string[],
  filters: ReadonlyArray<SQL | undefined> = [],
  scoped = true,
): SQL {
  const patterns = words.map((_, i) => sql.placeholder(`word${i}`));
  return whereOf(columns, scoped ? sql.placeholder('organizationId') : null, archived, patterns, filters);
}

/** The placeholder values of `listWhereTemplate` for these search words (from `searchWords`). */
export function listWhereValues(scope: ListScope, words: readonly string[]): Record<string, string> {
  const values: Record<string, string> = scope === null ? {} : { organizationId: scope };
  words.forEach((w, i) => {
    values[`word${i}`] = containsPattern(w);
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

import { and, eq, like, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { uniqueSlug } from '@shared/slug';
import type { Db } from './client';
import { startsWithPattern } from './like-pattern';

/**
 * The first of `base`, `base-2`, `base-3`... not yet used in `column` (within `scope`, e.g. one
 * organization's rows), by `uniqueSlug` of shared/slug.ts. The unique index stays the guard against a
 * concurrent insert of the same slug: callers map its violation to a French 409.
 */
export async function freeSlug(db: Db, column: AnyPgColumn, base: string, scope?: SQL): Promise<string> {
  const rows = await db
    .select({ slug: column })
    .from(column.table)
    .where(and(scope, or(eq(column, base), like(column, startsWithPattern(`${base}-`)))));
  return uniqueSlug(base, new Set(rows.map((r) => String(r.slug))));
}

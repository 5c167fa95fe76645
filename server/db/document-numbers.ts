import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * The next number of a document kind for an organization and year, without gaps (ADR 0011): quotes, gold buys,
 * the police register (year 0: one sequence for ever). The counter row is raised inside the caller's
 * transaction, so concurrent writers queue on its row lock and a rolled-back write gives its number back.
 * Works the same on PostgreSQL and PGlite.
 */
export async function nextDocumentNumber(tx: Db, organizationId: string, kind: string, year: number): Promise<number> {
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`
    INSERT INTO document_counters (organization_id, kind, year, last_value)
    VALUES (${organizationId}, ${kind}, ${year}, 1)
    ON CONFLICT (organization_id, kind, year) DO UPDATE SET last_value = document_counters.last_value + 1
    RETURNING last_value`,
  );
  return Number(row!.last_value);
}

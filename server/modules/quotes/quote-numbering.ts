import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * The next number of a document kind for an organization and year, without gaps (ADR 0010): the counter row is
 * raised inside the caller's transaction, so concurrent senders queue on its row lock and a rolled-back send
 * gives its number back. Works the same on PostgreSQL and PGlite.
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

/** "D-2026-0042": the prefix, the year and the sequence on at least four digits. */
export const quoteNumber = (year: number, sequence: number): string => `D-${year}-${String(sequence).padStart(4, '0')}`;

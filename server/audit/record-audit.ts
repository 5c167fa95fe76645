import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'archive' | 'restore' | 'import' | string;
  entityType: string;
  entityId?: string | number | null;
  /** For updates: `{ field: { from, to } }`; for creates: the created values. Never secrets. */
  changes?: Record<string, unknown> | null;
}

/**
 * Writes one audit trail entry for the signed-in user of `request`. Pass the transaction
 * as `db` so the entry commits or rolls back with the change it describes.
 */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await recordAudits(db, request, [entry]);
}

/** Several entries in one statement (an import's updates), in the same transaction as the changes. */
export async function recordAudits(db: Db, request: FastifyRequest, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      organizationId: request.user?.organizationId ?? null,
      userId: request.user?.id ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes ?? null,
      ip: request.ip,
    })),
  );
}

/** The fields that differ between two versions of a record, as `{ field: { from, to } }`. */
export function diffChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = ['updatedAt', 'version'],
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (ignore.includes(key)) continue;
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

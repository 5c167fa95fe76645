import type { DataSourceView } from '@shared/schemas/superadmin';
import type { dataSources } from '../../db/schema';
import type { SecretBox } from '../market/secret-box';

type SourceRow = typeof dataSources.$inferSelect;

/** "••••1234": only the last 4 characters of a secret of 12 or more; shorter ones are fully hidden. */
export function maskSecret(secret: string | null): string | null {
  if (secret === null) return null;
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

export function healthStatus(row: SourceRow): DataSourceView['health']['status'] {
  if (!row.enabled) return 'disabled';
  if (!row.lastSuccessAt && !row.lastErrorAt) return 'unknown';
  if (row.lastErrorAt && (!row.lastSuccessAt || row.lastErrorAt > row.lastSuccessAt)) return 'failing';
  return 'ok';
}

/** A data source as the superadmin sees it: never the secret in full. */
export function toDataSourceView(row: SourceRow, box: SecretBox): DataSourceView {
  let secret: string | null = null;
  if (row.secretEncrypted) {
    try {
      secret = box.decrypt(row.secretEncrypted);
    } catch {
      secret = '';
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    instruments: row.instruments,
    enabled: row.enabled,
    priority: row.priority,
    config: row.config,
    secretMasked: maskSecret(secret),
    health: {
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
      lastError: row.lastError,
      lastLatencyMs: row.lastLatencyMs,
      status: healthStatus(row),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

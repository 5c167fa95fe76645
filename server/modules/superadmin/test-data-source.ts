import { eq } from 'drizzle-orm';
import type { Instrument } from '@shared/constants';
import type { DataSourceTestResult } from '@shared/schemas/superadmin';
import type { Db } from '../../db/client';
import { dataSources } from '../../db/schema';
import { checkReading } from '../market/reading-guard';
import { createProvider } from '../market/providers/provider.registry';
import { ProviderError, type DataSourceKind } from '../market/providers/provider.types';
import type { SecretBox } from '../market/secret-box';

type SourceRow = typeof dataSources.$inferSelect;

/**
 * "Test now": calls the source's provider once through the market module's code (same timeout, same
 * sanity checks), stores the health (last success / last error / latency) and reports; readings are not
 * stored as prices.
 */
export async function testDataSource(
  db: Db,
  row: SourceRow,
  deps: { box: SecretBox; now: Date; timeoutMs?: number; lastValue: (i: Instrument) => string | null },
): Promise<DataSourceTestResult> {
  const started = performance.now();
  const problems: string[] = [];
  const readings: DataSourceTestResult['readings'] = [];
  try {
    let secret: string | null = null;
    if (row.secretEncrypted) {
      try {
        secret = deps.box.decrypt(row.secretEncrypted);
      } catch {
        throw new ProviderError('Clé API illisible (SESSION_SECRET changé ?)');
      }
    }
    const provider = createProvider(row.kind as DataSourceKind, row.config);
    const instruments = row.instruments as Instrument[];
    const got = await provider.fetch({
      source: { id: row.id, kind: row.kind as DataSourceKind, name: row.name, config: row.config, secret },
      instruments,
      now: deps.now,
      timeoutMs: deps.timeoutMs ?? 5_000,
      lastValue: deps.lastValue,
    });
    for (const instrument of instruments) {
      const reading = got.find((r) => r.instrument === instrument);
      if (!reading) {
        problems.push(`${instrument}: absent`);
        continue;
      }
      const check = checkReading(instrument, reading.value, deps.lastValue(instrument), {
        trusted: provider.trusted === true,
      });
      if (!check.ok) problems.push(check.reason);
      else readings.push({ instrument, value: check.value, observedAt: reading.observedAt.toISOString() });
    }
  } catch (error) {
    problems.push(error instanceof ProviderError ? error.message : 'Erreur inattendue du fournisseur');
  }
  const latencyMs = Math.round(performance.now() - started);
  const ok = readings.length > 0;
  const problem = problems.join(' ; ').slice(0, 500);
  await db
    .update(dataSources)
    .set(
      ok
        ? {
            lastSuccessAt: deps.now,
            lastLatencyMs: latencyMs,
            ...(problem ? { lastErrorAt: deps.now, lastError: problem } : {}),
          }
        : { lastErrorAt: deps.now, lastError: problem || 'Échec', lastLatencyMs: latencyMs },
    )
    .where(eq(dataSources.id, row.id));
  return { ok, latencyMs, readings, problems };
}

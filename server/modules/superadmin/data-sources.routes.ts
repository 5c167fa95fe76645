import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { isInstrument } from '@shared/constants';
import { idParamSchema } from '@shared/schemas/common-fields';
import {
  acceptsApiKey,
  API_KEY_REFUSED_MESSAGE,
  createDataSourceSchema,
  manualPricesSchema,
  readManualPrices,
  updateDataSourceSchema,
} from '@shared/schemas/superadmin';
import { dataSources } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { loadJumpReferences } from '../market/jump-reference';
import { parseInput } from '../../http/validate';
import { diffChanges, recordAudit } from '../../audit/record-audit';
import { createSecretBox } from '../market/secret-box';
import { toDataSourceView } from './data-source-view';
import { stampManualPrices } from './manual-prices';
import { testDataSource } from './test-data-source';

const READ = { config: { access: { area: 'superadmin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'superadmin', mode: 'write' } } } as const;
const sourceNotFound = () => notFound('Source de données introuvable');
/** Only HTTP providers hold an API key: a demo or manual source refuses one (400 on `secret`). */
const refuseApiKey = () =>
  new AppError('VALIDATION_FAILED', API_KEY_REFUSED_MESSAGE, { secret: [API_KEY_REFUSED_MESSAGE] });

/** Market data sources of the installation (superadmin). Secrets encrypted at rest, only masked in answers. */
export async function registerDataSourceRoutes(app: FastifyInstance): Promise<void> {
  const box = createSecretBox(app.config.sessionSecret);

  async function load(id: string) {
    const [row] = await app.db.select().from(dataSources).where(eq(dataSources.id, id)).limit(1);
    if (!row) throw sourceNotFound();
    return row;
  }

  app.get('/api/superadmin/data-sources', READ, async () => {
    const rows = await app.db.select().from(dataSources).orderBy(asc(dataSources.priority), asc(dataSources.createdAt));
    return rows.map((r) => toDataSourceView(r, box));
  });

  app.get('/api/superadmin/data-sources/:id', READ, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return toDataSourceView(await load(id), box);
  });

  app.post('/api/superadmin/data-sources', WRITE, async (request, reply) => {
    const input = parseInput(createDataSourceSchema, request.body);
    if (input.secret && !acceptsApiKey(input.kind)) throw refuseApiKey();
    const now = app.now();
    // Typed prices are stamped with the server time (manual-prices.ts).
    const config =
      input.kind === 'manual' ? stampManualPrices({}, readManualPrices(input.config).values, now) : input.config;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(dataSources)
        .values({
          kind: input.kind,
          name: input.name,
          instruments: input.instruments,
          enabled: input.enabled,
          priority: input.priority,
          config,
          secretEncrypted: input.secret ? box.encrypt(input.secret) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'data-source',
        entityId: created!.id,
        changes: { ...input, secret: input.secret ? '(définie)' : null },
      });
      return created!;
    });
    return reply.status(201).send(toDataSourceView(row, box));
  });

  app.patch('/api/superadmin/data-sources/:id', WRITE, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(updateDataSourceSchema, request.body);
    const row = await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(dataSources).where(eq(dataSources.id, id)).for('update');
      if (!before) throw sourceNotFound();
      const { secret, config, ...fields } = input;
      if (secret && !acceptsApiKey(before.kind)) throw refuseApiKey();
      // Typed prices are stamped with the server time (manual-prices.ts).
      const nextConfig =
        config && before.kind === 'manual'
          ? stampManualPrices(before.config, readManualPrices(config).values, app.now())
          : config;
      const patch = Object.fromEntries(
        Object.entries({ ...fields, config: nextConfig }).filter(([, v]) => v !== undefined),
      );
      const changes: Record<string, unknown> = diffChanges(before as unknown as Record<string, unknown>, patch);
      if (secret !== undefined) changes.secret = secret === null ? '(supprimée)' : '(remplacée)';
      // updatedAt also tells the market engine to rebuild its provider for this source.
      const [updated] = await tx
        .update(dataSources)
        .set({
          ...patch,
          ...(secret !== undefined ? { secretEncrypted: secret === null ? null : box.encrypt(secret) } : {}),
          updatedAt: app.now(),
        })
        .where(eq(dataSources.id, id))
        .returning();
      await recordAudit(tx, request, { action: 'update', entityType: 'data-source', entityId: id, changes });
      return updated!;
    });
    return toDataSourceView(row, box);
  });

  /**
   * The price grid of a `manual` source: the typed prices replace the previous ones (an instrument left out has
   * no typed price any more), each changed one stamped with the server time, then the market refreshes the
   * source's instruments so the new prices are served at once where the source has priority.
   */
  app.put('/api/superadmin/data-sources/:id/prices', WRITE, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const { values } = parseInput(manualPricesSchema, request.body);
    const row = await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(dataSources).where(eq(dataSources.id, id)).for('update');
      if (!before) throw sourceNotFound();
      if (before.kind !== 'manual') {
        throw new AppError('VALIDATION_FAILED', "Cette source n'est pas une saisie manuelle des cours");
      }
      const outside = Object.keys(values).filter((i) => !before.instruments.includes(i));
      if (outside.length > 0) {
        const message = "Instrument absent de cette source : cochez-le d'abord dans la source";
        throw new AppError(
          'VALIDATION_FAILED',
          message,
          Object.fromEntries(outside.map((i) => [`values.${i}`, [message]])),
        );
      }
      const config = stampManualPrices(before.config, values, app.now());
      const [updated] = await tx
        .update(dataSources)
        .set({ config, updatedAt: app.now() })
        .where(eq(dataSources.id, id))
        .returning();
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'data-source',
        entityId: id,
        changes: { values: { from: readManualPrices(before.config).values, to: values } },
      });
      return updated!;
    });
    if (row.enabled) await app.market.refresh(row.instruments.filter(isInstrument));
    return toDataSourceView(row, box);
  });

  app.post('/api/superadmin/data-sources/:id/test', WRITE, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await load(id);
    // Judged like the engine judges it: against the source's own last reading, never a typed price.
    const references = await loadJumpReferences(app.db, row.name, row.instruments.filter(isInstrument));
    return testDataSource(app.db, row, {
      box,
      now: app.now(),
      lastValue: (i) => references.get(i) ?? null,
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { isInstrument } from '@shared/constants';
import { idParamSchema } from '@shared/schemas/common-fields';
import { createDataSourceSchema, updateDataSourceSchema } from '@shared/schemas/superadmin';
import { dataSources } from '../../db/schema';
import { notFound } from '../../http/errors';
import { loadJumpReferences } from '../market/jump-reference';
import { parseInput } from '../../http/validate';
import { diffChanges, recordAudit } from '../../audit/record-audit';
import { createSecretBox } from '../market/secret-box';
import { toDataSourceView } from './data-source-view';
import { testDataSource } from './test-data-source';

const READ = { config: { access: { area: 'superadmin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'superadmin', mode: 'write' } } } as const;
const sourceNotFound = () => notFound('Source de données introuvable');

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
    const now = app.now();
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(dataSources)
        .values({
          kind: input.kind,
          name: input.name,
          instruments: input.instruments,
          enabled: input.enabled,
          priority: input.priority,
          config: input.config,
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
      const { secret, ...fields } = input;
      const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
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

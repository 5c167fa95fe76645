import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { journalPurgeSchema, journalStatsQuerySchema } from '@shared/schemas/journal';
import { recordAudit } from '../../audit/record-audit';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { registerListRoutes } from '../../lists/list-routes';
import { findJournalEntry, journalList, journalScope, journalStats, purgeJournal } from './journal.queries';

const READ = { config: { access: { area: 'journal', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'journal', mode: 'write' } } } as const;
const scopeQuery = z.object({ scope: z.enum(['organization', 'all']).default('organization') });
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Journal d'erreurs, read side (POST /api/logs is the logs module). README.md lists the routes. */
export async function registerJournalRoutes(app: FastifyInstance): Promise<void> {
  registerListRoutes(app, journalList);

  app.get('/api/logs/stats', READ, async (request) => {
    const query = parseInput(journalStatsQuerySchema, request.query);
    return journalStats(app.db, journalScope(request, query.scope), query.days, app.now());
  });

  app.get('/api/logs/:id', READ, async (request, reply) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw notFound('Entrée introuvable');
    // Another organization's entry answers 404 (a superadmin may add ?scope=all).
    const { scope: wanted } = parseInput(scopeQuery, request.query);
    const scope = journalScope(request, wanted);
    const entry = await findJournalEntry(app.db, scope, parsed.data.id);
    if (!entry) throw notFound('Entrée introuvable');
    void reply.header('cache-control', 'no-store');
    return entry;
  });

  app.post('/api/logs/purge', WRITE, async (request) => {
    const input = parseInput(journalPurgeSchema, request.body);
    const scope = journalScope(request, input.scope);
    const deleted = await purgeJournal(app.db, scope, input.olderThanDays, app.now());
    await recordAudit(app.db, request, {
      action: 'purge',
      entityType: 'journal',
      changes: { olderThanDays: input.olderThanDays, scope: input.scope, deleted },
    });
    return { deleted };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { journalListQuerySchema, journalPurgeSchema, journalStatsQuerySchema } from '@shared/schemas/journal';
import { recordAudit } from '../../audit/record-audit';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { findJournalEntry, journalStats, listJournal, purgeJournal, type JournalScope } from './journal.queries';

const READ = { config: { access: { area: 'journal', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'journal', mode: 'write' } } } as const;
const scopeQuery = z.object({ scope: z.enum(['organization', 'all']).default('organization') });
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** scope=all is for the superadmin only; everyone else reads their own organization's journal. */
function scopeOf(request: FastifyRequest, wanted: 'organization' | 'all'): JournalScope {
  const user = request.user;
  if (!user) throw unauthenticated();
  if (wanted === 'all') {
    if (user.role !== 'superadmin') throw new AppError('FORBIDDEN', 'Accès refusé');
    return { kind: 'all' };
  }
  return { kind: 'organization', organizationId: user.organizationId };
}

/** Journal d'erreurs, read side (POST /api/logs is the logs module). README.md lists the routes. */
export async function registerJournalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/logs', READ, async (request, reply) => {
    const query = parseInput(journalListQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return listJournal(app.db, scopeOf(request, query.scope), query);
  });

  app.get('/api/logs/stats', READ, async (request) => {
    const query = parseInput(journalStatsQuerySchema, request.query);
    return journalStats(app.db, scopeOf(request, query.scope), query.days, app.now());
  });

  app.get('/api/logs/:id', READ, async (request, reply) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw notFound('Entrée introuvable');
    // Another organization's entry answers 404 (a superadmin may add ?scope=all).
    const { scope: wanted } = parseInput(scopeQuery, request.query);
    const scope = scopeOf(request, wanted);
    const entry = await findJournalEntry(app.db, scope, parsed.data.id);
    if (!entry) throw notFound('Entrée introuvable');
    void reply.header('cache-control', 'no-store');
    return entry;
  });

  app.post('/api/logs/purge', WRITE, async (request) => {
    const input = parseInput(journalPurgeSchema, request.body);
    const scope = scopeOf(request, input.scope);
    const deleted = await purgeJournal(app.db, scope, input.olderThanDays, app.now());
    await recordAudit(app.db, request, {
      action: 'purge',
      entityType: 'journal',
      changes: { olderThanDays: input.olderThanDays, scope: input.scope, deleted },
    });
    return { deleted };
  });
}

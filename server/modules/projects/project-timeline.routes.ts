import type { FastifyInstance } from 'fastify';
import {
  projectNoteSchema,
  type ProjectEvent,
  type ProjectTimeline,
  type ProjectTimelineEntry,
} from '@shared/schemas/projects';
import type { Db } from '../../db/client';
import { recordAudit } from '../../audit/record-audit';
import { parseInput } from '../../http/validate';
import { loadProjectQuoteEvents } from '../quotes/quote.repository';
import { authorName, findProject, insertProjectEvents, loadTimeline } from './projects.queries';

const READ = { access: { area: 'sales', mode: 'read' } } as const;
const WRITE = { access: { area: 'sales', mode: 'write' } } as const;

/** A project's dated timeline: its entries (creation, status changes, notes, photos), its quotes' milestones, and new notes. */
export function registerProjectTimelineRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/api/projects/:id/timeline', { config: READ }, async (request) => {
    const organizationId = request.user!.organizationId;
    const project = await findProject(app.db, organizationId, request.params.id);
    const [own, ofQuotes] = await Promise.all([
      loadTimeline(app.db, organizationId, project.id),
      loadProjectQuoteEvents(app.db, organizationId, project.id),
    ]);
    // Both newest first: merged by date, the project's own entry first at the same instant.
    const items: ProjectTimelineEntry[] = [...own, ...ofQuotes].sort((a, b) => b.at.localeCompare(a.at));
    const timeline: ProjectTimeline = { items };
    return timeline;
  });

  /** A dated note in the timeline; the project itself (and its version) is unchanged. */
  app.post<{ Params: { id: string } }>('/api/projects/:id/notes', { config: WRITE }, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const project = await findProject(app.db, organizationId, request.params.id);
    const { text } = parseInput(projectNoteSchema, request.body);
    const event = await app.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [created] = await insertProjectEvents(db, [
        {
          organizationId,
          projectId: project.id,
          at: app.now(),
          kind: 'note',
          userId: request.user!.id,
          userName: authorName(request),
          text,
        },
      ]);
      await recordAudit(db, request, {
        action: 'note.add',
        entityType: 'project',
        entityId: project.id,
        changes: { eventId: created!.id, text },
      });
      return created!;
    });
    const answer: ProjectEvent = event;
    return reply.status(201).send(answer);
  });
}

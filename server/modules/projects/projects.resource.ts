import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  PROJECT_STATUSES,
  PROJECT_STATUS_LABELS,
  projectInputSchema,
  projectListQuerySchema,
  type Project,
  type ProjectInput,
  type ProjectListQuery,
} from '@shared/schemas/projects';
import { buildSearchText } from '@shared/search-text';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ResourceDefinition, ResourceWrite } from '../../lists/resource';
import { authorName, insertProjectEvents, loadClientNames } from './projects.queries';

export type ProjectRow = typeof projects.$inferSelect;
/** Client names by id, for the rows of an answer. */
type ProjectContext = Map<string, string>;

/**
 * What the search box finds: the title, the client's name (as it was at the project's last write), the
 * description and the status label.
 */
export function projectSearchText(input: Pick<ProjectInput, 'title' | 'description' | 'status'>, clientName: string) {
  return buildSearchText([input.title, clientName, input.description, PROJECT_STATUS_LABELS[input.status]]);
}

/** Database values of a project input (the client's name joins the search text in `afterWrite`). */
export function projectValues(input: ProjectInput, clientName = '') {
  return {
    title: input.title,
    clientId: input.clientId,
    description: input.description,
    budget: input.budget,
    dueDate: input.dueDate,
    status: input.status,
    searchText: projectSearchText(input, clientName),
  };
}

export function projectDto(row: ProjectRow, clientNames: ProjectContext): Project {
  return {
    id: row.id,
    title: row.title,
    clientId: row.clientId,
    clientName: clientNames.get(row.clientId) ?? '',
    description: row.description,
    budget: row.budget,
    dueDate: row.dueDate,
    status: row.status,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A client of another organization (or none) is refused like a missing one: 400 on `clientId`. */
async function assertClientOfOrganization(db: Db, organizationId: string, clientId: string): Promise<void> {
  const names = await loadClientNames(db, organizationId, [clientId]);
  if (!names.has(clientId)) {
    throw new AppError('VALIDATION_FAILED', 'Données invalides', { clientId: ['Client introuvable'] });
  }
}

/**
 * In the write's transaction: the timeline entry of a creation or a status change (with its author), and the
 * search text with the client's name.
 */
async function recordProjectWrite(
  db: Db,
  request: FastifyRequest,
  { action, before, after, at }: ResourceWrite<ProjectRow>,
): Promise<void> {
  const author = { userId: request.user?.id ?? null, userName: authorName(request) };
  const base = { organizationId: after.organizationId, projectId: after.id, at, ...author };
  if (action === 'create') {
    await insertProjectEvents(db, [{ ...base, kind: 'created', toStatus: after.status }]);
  } else if (before && before.status !== after.status) {
    await insertProjectEvents(db, [{ ...base, kind: 'status', fromStatus: before.status, toStatus: after.status }]);
  }
  const names = await loadClientNames(db, after.organizationId, [after.clientId]);
  const searchText = projectSearchText(after, names.get(after.clientId) ?? '');
  if (searchText !== after.searchText) {
    await db
      .update(projects)
      .set({ searchText })
      .where(and(eq(projects.id, after.id), eq(projects.organizationId, after.organizationId)));
  }
}

/** The workflow order of the statuses (idée first, clos last), for the status sort. */
const STATUS_ORDER = sql.raw(`ARRAY[${PROJECT_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[]`);

export const projectsResource: ResourceDefinition<ProjectRow, ProjectInput, Project, ProjectListQuery, ProjectContext> =
  {
    path: 'projects',
    entityType: 'project',
    area: 'sales',
    notFoundMessage: 'Projet introuvable',
    table: projects,
    inputSchema: projectInputSchema,
    listQuerySchema: projectListQuerySchema,
    sortColumns: {
      dueDate: projects.dueDate,
      title: projects.titleSort,
      status: sql`array_position(${STATUS_ORDER}, ${projects.status})`,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
    },
    filters: (q) => [
      q.status ? eq(projects.status, q.status) : undefined,
      q.clientId ? eq(projects.clientId, q.clientId.toLowerCase()) : undefined,
      q.dueFrom ? gte(projects.dueDate, q.dueFrom) : undefined,
      q.dueTo ? lte(projects.dueDate, q.dueTo) : undefined,
    ],
    toValues: (input) => projectValues(input),
    loadContext: (db, organizationId, rows) =>
      loadClientNames(
        db,
        organizationId,
        rows.map((r) => r.clientId),
      ),
    toDto: (row, ctx) => projectDto(row, ctx),
    // Answers carry the clients' names, which change with the clients: not cached (ADR 0006).
    cacheListAnswers: false,
    checkInput: (db, organizationId, input) => assertClientOfOrganization(db, organizationId, input.clientId),
    afterWrite: recordProjectWrite,
    csv: {
      filename: 'projets',
      importable: false,
      columns: [
        { header: 'Titre', field: 'title', value: (p) => p.title },
        { header: 'Client', value: (p) => p.clientName },
        { header: 'Statut', field: 'status', value: (p) => PROJECT_STATUS_LABELS[p.status] },
        { header: 'Budget (EUR)', field: 'budget', format: 'decimal', value: (p) => p.budget },
        { header: 'Livraison prévue', field: 'dueDate', format: 'date', value: (p) => p.dueDate },
        { header: 'Description', field: 'description', value: (p) => p.description },
        { header: 'Créé le', format: 'datetime', value: (p) => p.createdAt },
        { header: 'Modifié le', format: 'datetime', value: (p) => p.updatedAt },
        { header: 'Archivé le', format: 'datetime', value: (p) => p.archivedAt },
      ],
    },
  };

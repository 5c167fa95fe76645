import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PhotoMeta } from '@shared/schemas/photos';
import type { Client } from '@shared/schemas/clients';
import {
  PROJECT_PHOTOS_MAX,
  type ProjectEvent,
  type ProjectEventKind,
  type ProjectStatus,
} from '@shared/schemas/projects';
import type { Db } from '../../db/client';
import { clients, projectEvents, projectPhotos, projects } from '../../db/schema';
import { userDisplayName } from '../../http/user-name';
import { notFound } from '../../http/errors';
import { loadOwnedPhotoMetas, type OwnedPhotos } from '../../http/owned-photos';
import { clientDisplayName } from '../clients/clients.queries';
import { isUuid } from '../../http/path-id';

export const PROJECT_NOT_FOUND = 'Projet introuvable';

/** The display names of clients of the organization, by id (archived ones included). */
export async function loadClientNames(
  db: Db,
  organizationId: string,
  clientIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: clients.id,
      kind: clients.kind,
      civility: clients.civility,
      firstName: clients.firstName,
      lastName: clients.lastName,
      company: clients.company,
    })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), inArray(clients.id, ids)));
  return new Map(
    rows.map((r) => [r.id, clientDisplayName({ ...r, civility: r.civility as Client['civility'] })] as const),
  );
}

/**
 * The project `id` of the organization (404 otherwise, also for a malformed id). `forUpdate` locks it for
 * the transaction: writes to its photos and timeline are then serialised with its edits.
 */
export async function findProject(
  db: Db,
  organizationId: string,
  id: string,
  forUpdate = false,
): Promise<{ id: string; archivedAt: Date | null }> {
  if (!isUuid(id)) throw notFound(PROJECT_NOT_FOUND);
  const query = db
    .select({ id: projects.id, archivedAt: projects.archivedAt })
    .from(projects)
    .where(and(eq(projects.id, id.toLowerCase()), eq(projects.organizationId, organizationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** The name a timeline shows for the signed-in user ("Claire Martin", else the username). */
export const authorName = userDisplayName;

export interface NewProjectEvent {
  organizationId: string;
  projectId: string;
  at: Date;
  kind: ProjectEventKind;
  userId?: string | null;
  userName?: string | null;
  fromStatus?: ProjectStatus | null;
  toStatus?: ProjectStatus | null;
  text?: string | null;
}

/** Writes timeline entries (pass the transaction of the change they record). */
export async function insertProjectEvents(db: Db, events: readonly NewProjectEvent[]): Promise<ProjectEvent[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(projectEvents)
    .values(
      events.map((e) => ({
        organizationId: e.organizationId,
        projectId: e.projectId,
        at: e.at,
        kind: e.kind,
        userId: e.userId ?? null,
        userName: e.userName ?? null,
        fromStatus: e.fromStatus ?? null,
        toStatus: e.toStatus ?? null,
        text: e.text ?? null,
      })),
    )
    .returning();
  return rows.map(eventDto);
}

function eventDto(row: typeof projectEvents.$inferSelect): ProjectEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    userName: row.userName,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    text: row.text,
  };
}

/** A project's timeline, newest first (then in reverse writing order). */
export async function loadTimeline(db: Db, organizationId: string, projectId: string): Promise<ProjectEvent[]> {
  const rows = await db
    .select()
    .from(projectEvents)
    .where(and(eq(projectEvents.organizationId, organizationId), eq(projectEvents.projectId, projectId)))
    .orderBy(desc(projectEvents.at), desc(projectEvents.id));
  return rows.map(eventDto);
}

/** Project photos for the shared photo queries (server/http/owned-photos.ts). */
export const PROJECT_PHOTOS: OwnedPhotos = {
  table: projectPhotos,
  ownerKey: 'projectId',
  max: PROJECT_PHOTOS_MAX,
  limitMessage: `${PROJECT_PHOTOS_MAX} photos au maximum par projet`,
  entityType: 'project',
  urlBase: '/api/projects',
};

/** A project's photos (never their bytes), in their order. */
export async function loadProjectPhotos(db: Db, organizationId: string, projectId: string): Promise<PhotoMeta[]> {
  const photos = await loadOwnedPhotoMetas(db, PROJECT_PHOTOS, organizationId, [projectId]);
  return photos.get(projectId) ?? [];
}

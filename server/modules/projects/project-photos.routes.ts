import type { FastifyInstance } from 'fastify';
import { photoUploadSchema, type PhotoMeta } from '@shared/schemas/photos';
import type { Db } from '../../db/client';
import { deleteOwnedPhoto, findOwnedPhoto, insertOwnedPhoto } from '../../http/owned-photos';
import { routeLimit } from '../../http/rate-limits';
import { PHOTO_BODY_LIMIT, photoUploadLimit, readUploadedImage, sendStoredImage } from '../../http/uploaded-image';
import { parseInput } from '../../http/validate';
import { authorName, findProject, insertProjectEvents, loadProjectPhotos, PROJECT_PHOTOS } from './projects.queries';

const READ = { access: { area: 'sales', mode: 'read' } } as const;
const WRITE = { access: { area: 'sales', mode: 'write' } } as const;

const PHOTO_UPLOADS = photoUploadLimit('project-photo-upload');

/** Sketches and photos of a project, stored like product photos (server/http/uploaded-image.ts). */
export function registerProjectPhotoRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/api/projects/:id/photos', { config: READ }, async (request) => {
    const organizationId = request.user!.organizationId;
    const project = await findProject(app.db, organizationId, request.params.id);
    const items: PhotoMeta[] = await loadProjectPhotos(app.db, organizationId, project.id);
    return { items };
  });

  /** Upload (JSON, base64): checked by magic number, 30 per project, a "photo" entry in the timeline. */
  app.post<{ Params: { id: string } }>(
    '/api/projects/:id/photos',
    { config: { ...WRITE, rateLimit: routeLimit(PHOTO_UPLOADS) }, bodyLimit: PHOTO_BODY_LIMIT },
    async (request, reply) => {
      const organizationId = request.user!.organizationId;
      const project = await findProject(app.db, organizationId, request.params.id);
      const input = parseInput(photoUploadSchema, request.body);
      const image = readUploadedImage(input);
      const photoId = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Serialises uploads to one project so the limit holds under concurrency.
        await findProject(db, organizationId, project.id, true);
        const owner = { organizationId, ownerId: project.id };
        const id = await insertOwnedPhoto(db, request, PROJECT_PHOTOS, owner, input, image);
        await insertProjectEvents(db, [
          {
            organizationId,
            projectId: project.id,
            at: app.now(),
            kind: 'photo',
            userId: request.user!.id,
            userName: authorName(request),
            text: input.filename,
          },
        ]);
        return id;
      });
      const photos = await loadProjectPhotos(app.db, organizationId, project.id);
      return reply.status(201).send(photos.find((p) => p.id === photoId));
    },
  );

  /** The image itself (the URL of `PhotoMeta.url`). */
  app.get<{ Params: { id: string; photoId: string } }>(
    '/api/projects/:id/photos/:photoId',
    { config: READ },
    async (request, reply) => {
      const organizationId = request.user!.organizationId;
      const project = await findProject(app.db, organizationId, request.params.id);
      const photo = await findOwnedPhoto(app.db, PROJECT_PHOTOS, organizationId, project.id, request.params.photoId);
      return sendStoredImage(request, reply, photo);
    },
  );

  app.delete<{ Params: { id: string; photoId: string } }>(
    '/api/projects/:id/photos/:photoId',
    { config: WRITE },
    async (request, reply) => {
      const organizationId = request.user!.organizationId;
      const project = await findProject(app.db, organizationId, request.params.id);
      const owner = { organizationId, ownerId: project.id };
      await deleteOwnedPhoto(app.db, request, PROJECT_PHOTOS, owner, request.params.photoId);
      return reply.status(204).send();
    },
  );
}

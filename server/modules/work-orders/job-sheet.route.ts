import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { organizations, projectPhotos, stones } from '../../db/schema';
import { renderJobSheet } from './pdf/job-sheet-pdf';
import { findOwnedPhoto } from '../../http/owned-photos';
import { sendStoredImage } from '../../http/uploaded-image';
import { PROJECT_PHOTOS } from '../projects/projects.queries';
import { alloyNames } from './work-order-detail';
import { WORK_ORDERS_READ } from './work-order-steps.routes';
import { organizationOf, workOrderDetail, workOrderIdOf } from './work-order-writes';

/**
 * GET /api/work-orders/:id/photos/:photoId: a photo of the order's project.
 * GET /api/work-orders/:id/job-sheet.pdf: the job sheet of an order, with its project's first photo and a QR
 * code of the order's address on this server (as the browser reached it: behind a proxy, TRUST_PROXY gives
 * the public host and scheme).
 */
export function registerJobSheetRoute(app: FastifyInstance): void {
  // The project's photos, for those who read work orders (production has no access to projects).
  app.get('/api/work-orders/:id/photos/:photoId', WORK_ORDERS_READ, async (request, reply) => {
    const organizationId = organizationOf(request);
    const order = await workOrderDetail(app.db, organizationId, workOrderIdOf(request));
    const photoId = (request.params as { photoId?: string }).photoId ?? '';
    if (!order.projectId) throw notFound('Photo introuvable');
    const photo = await findOwnedPhoto(app.db, PROJECT_PHOTOS, organizationId, order.projectId, photoId);
    return sendStoredImage(request, reply, photo);
  });

  app.get('/api/work-orders/:id/job-sheet.pdf', WORK_ORDERS_READ, async (request, reply) => {
    const organizationId = organizationOf(request);
    const order = await workOrderDetail(app.db, organizationId, workOrderIdOf(request));
    const db: Db = app.db;
    const stoneIds = order.lines.flatMap((l) => (l.stoneId ? [l.stoneId] : []));
    const [names, stoneRows, [organization], [photo]] = await Promise.all([
      alloyNames(db),
      stoneIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: stones.id, name: stones.name })
            .from(stones)
            .where(and(eq(stones.organizationId, organizationId), inArray(stones.id, stoneIds))),
      db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)),
      order.projectId
        ? db
            .select({ data: projectPhotos.data })
            .from(projectPhotos)
            .where(and(eq(projectPhotos.organizationId, organizationId), eq(projectPhotos.projectId, order.projectId)))
            .orderBy(asc(projectPhotos.position))
            .limit(1)
        : Promise.resolve([]),
    ]);
    const bytes = await renderJobSheet({
      organizationName: organization?.name ?? '',
      order,
      url: `${request.protocol}://${request.host}/work-orders/${order.id}`,
      alloyNames: names,
      stoneNames: new Map(stoneRows.map((s) => [s.id, s.name])),
      photo: photo ? { bytes: photo.data } : null,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="fiche-atelier-${order.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

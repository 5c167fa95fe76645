import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, settingsSchema, type SettingsAnswer } from '@shared/schemas/settings';
import { organizationLogos, organizations } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { SIGNED_IN } from '../../http/authorize';
import { parseInput } from '../../http/validate';
import { diffChanges, recordAudit } from '../../audit/record-audit';
import { defineLimit, routeLimit } from '../../http/rate-limits';
import { detectImageType } from '../../http/image-type';
import { loadLogoMeta, loadSettings, settingsFromRow, settingsToJson } from './settings.store';

const READ = { config: { access: { area: 'admin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'admin', mode: 'write' } } } as const;
export const SETTINGS_CONFLICT_MESSAGE =
  "Les paramètres ont été modifiés entre-temps par quelqu'un d'autre. Rechargez la page pour voir leur version.";
/** Logo uploads per user and IP per window (in memory, per node). */
export const LOGO_UPLOADS_PER_WINDOW = 20;
export const LOGO_UPLOAD_WINDOW_MS = 10 * 60_000;
const LOGO_UPLOADS = defineLimit({
  name: 'logo-upload',
  max: LOGO_UPLOADS_PER_WINDOW,
  windowMs: LOGO_UPLOAD_WINDOW_MS,
  key: (request) => request.user?.id ?? request.ip,
  message: "Trop d'envois de logo, réessayez dans quelques minutes",
});
export const LOGO_FORMAT_MESSAGE = "Format d'image non reconnu : PNG, JPEG ou WebP";

function orgOf(request: FastifyRequest): string {
  if (!request.user) throw unauthenticated();
  return request.user.organizationId;
}

/** Paramètres (area admin: admins write, managers read) and the organization's logo. README.md. */
export async function registerSettingsRoutes(app: FastifyInstance): Promise<void> {
  // Logo uploads are the raw image bytes (Content-Type image/png, image/jpeg or image/webp).
  app.addContentTypeParser(
    [...LOGO_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const answer = async (organizationId: string): Promise<SettingsAnswer> => ({
    ...(await loadSettings(app.db, organizationId)),
    logo: await loadLogoMeta(app.db, organizationId),
  });

  app.get('/api/settings', READ, async (request) => answer(orgOf(request)));

  app.put('/api/settings', WRITE, async (request) => {
    const organizationId = orgOf(request);
    const input = parseInput(settingsSchema, request.body);
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          name: organizations.name,
          settings: organizations.settings,
          settingsVersion: organizations.settingsVersion,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      if (!row) throw notFound();
      if (row.settingsVersion !== input.version) throw new AppError('CONFLICT', SETTINGS_CONFLICT_MESSAGE);
      const before = settingsFromRow(row);
      const changes = diffChanges(
        before as unknown as Record<string, unknown>,
        input as unknown as Record<string, unknown>,
      );
      if (Object.keys(changes).length === 0) return;
      const updated = await tx
        .update(organizations)
        .set({
          name: input.legalName,
          settings: settingsToJson(row.settings, input),
          settingsVersion: sql`${organizations.settingsVersion} + 1`,
          updatedAt: app.now(),
        })
        .where(and(eq(organizations.id, organizationId), eq(organizations.settingsVersion, input.version)))
        .returning({ id: organizations.id });
      if (updated.length === 0) throw new AppError('CONFLICT', SETTINGS_CONFLICT_MESSAGE);
      await recordAudit(tx, request, { action: 'update', entityType: 'settings', entityId: organizationId, changes });
    });
    return answer(organizationId);
  });

  const logoConfig = { ...WRITE.config, rateLimit: routeLimit(LOGO_UPLOADS) };
  app.put('/api/settings/logo', { config: logoConfig, bodyLimit: LOGO_MAX_BYTES }, async (request) => {
    const organizationId = orgOf(request);
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError('VALIDATION_FAILED', LOGO_FORMAT_MESSAGE, { logo: [LOGO_FORMAT_MESSAGE] });
    }
    const type = detectImageType(body);
    if (!type || type !== request.headers['content-type']?.split(';')[0]?.trim()) {
      throw new AppError('VALIDATION_FAILED', LOGO_FORMAT_MESSAGE, { logo: [LOGO_FORMAT_MESSAGE] });
    }
    const now = app.now();
    await app.db.transaction(async (tx) => {
      const values = { contentType: type, dataBase64: body.toString('base64'), sizeBytes: body.length, updatedAt: now };
      await tx
        .insert(organizationLogos)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: organizationLogos.organizationId, set: values });
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'settings.logo',
        entityId: organizationId,
        changes: { contentType: type, sizeBytes: body.length },
      });
    });
    return { logo: await loadLogoMeta(app.db, organizationId) };
  });

  app.delete('/api/settings/logo', WRITE, async (request) => {
    const organizationId = orgOf(request);
    await app.db.transaction(async (tx) => {
      const gone = await tx
        .delete(organizationLogos)
        .where(eq(organizationLogos.organizationId, organizationId))
        .returning({ id: organizationLogos.organizationId });
      if (gone.length === 0) throw notFound('Aucun logo');
      await recordAudit(tx, request, { action: 'delete', entityType: 'settings.logo', entityId: organizationId });
    });
    return { ok: true };
  });

  // Any signed-in user sees their organization's logo (sidebar, printed documents).
  app.get('/api/settings/logo', { config: { access: SIGNED_IN } }, async (request, reply) => {
    const organizationId = orgOf(request);
    const [logo] = await app.db
      .select()
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, organizationId))
      .limit(1);
    if (!logo) throw notFound('Aucun logo');
    return reply
      .header('content-type', logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=300')
      .send(Buffer.from(logo.dataBase64, 'base64'));
  });
}

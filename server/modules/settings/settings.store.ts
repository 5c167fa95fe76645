import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@shared/schemas/settings';
import type { Db } from '../../db/client';
import { organizationLogos, organizations } from '../../db/schema';
import { notFound } from '../../http/errors';

type StoredSettings = Omit<Settings, 'version' | 'legalName' | 'productWordMenu' | 'productWordToast'>;

/**
 * Settings live in organizations.settings (jsonb) next to `productWord` ({menu, toast}, read by the
 * session loader); the legal name is organizations.name; the version is organizations.settings_version.
 */
export function settingsFromRow(row: {
  name: string;
  settings: Record<string, unknown>;
  settingsVersion: number;
}): Settings {
  const stored = row.settings ?? {};
  const word = (stored.productWord ?? {}) as Record<string, unknown>;
  const candidate = {
    ...DEFAULT_SETTINGS,
    ...stored,
    productWordMenu: typeof word.menu === 'string' ? word.menu : DEFAULT_SETTINGS.productWordMenu,
    productWordToast: typeof word.toast === 'string' ? word.toast : DEFAULT_SETTINGS.productWordToast,
    legalName: row.name,
    version: row.settingsVersion,
  };
  // Stored values were validated when written; a value from an older format falls back to the default.
  const parsed = settingsSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const fallback = { ...candidate } as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    if (key in DEFAULT_SETTINGS) fallback[key] = (DEFAULT_SETTINGS as Record<string, unknown>)[key];
  }
  return settingsSchema.parse(fallback);
}

/** The jsonb to store for validated settings (other keys already in the jsonb are kept). */
export function settingsToJson(previous: Record<string, unknown>, s: Settings): Record<string, unknown> {
  const { version: _v, legalName: _n, productWordMenu, productWordToast, ...rest } = s;
  const stored: StoredSettings = rest;
  return { ...previous, ...stored, productWord: { menu: productWordMenu, toast: productWordToast } };
}

export async function loadSettings(db: Db, organizationId: string): Promise<Settings> {
  const [row] = await db
    .select({
      name: organizations.name,
      settings: organizations.settings,
      settingsVersion: organizations.settingsVersion,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw notFound();
  return settingsFromRow(row);
}

export async function loadLogoMeta(
  db: Db,
  organizationId: string,
): Promise<{ url: string; contentType: string; sizeBytes: number } | null> {
  const [logo] = await db
    .select({
      contentType: organizationLogos.contentType,
      sizeBytes: organizationLogos.sizeBytes,
      updatedAt: organizationLogos.updatedAt,
    })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId))
    .limit(1);
  if (!logo) return null;
  return {
    url: `/api/settings/logo?v=${logo.updatedAt.getTime()}`,
    contentType: logo.contentType,
    sizeBytes: logo.sizeBytes,
  };
}

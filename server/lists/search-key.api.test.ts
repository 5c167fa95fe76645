/**
 * The admin lists (users, journal, organizations) search like the référentiels: accent- and
 * case-insensitive, every word must match. Their `search_text` is computed by the database with
 * `search_key()` (migration 0042), which must agree with `normalizeSearch` (shared/search-text.ts),
 * the function the search words go through.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntrySummary } from '@shared/schemas/journal';
import type { ListResponse } from '@shared/schemas/lists';
import type { OrganizationUsage } from '@shared/schemas/superadmin';
import type { UserSummary } from '@shared/schemas/users';
import { normalizeSearch } from '@shared/search-text';
import { queryRows } from '../db/client';
import { logEntries, users } from '../db/schema';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../test/harness';
import { eq } from 'drizzle-orm';

let t: TestApp;
let orgId: string;
let boss: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Émeraude');
  const signed = await signedInClient(t, { role: 'superadmin', organizationId: orgId });
  boss = signed.client;
  await t.handle.db
    .update(users)
    .set({ firstName: 'Hélène', lastName: 'Lefèvre-Cœur' })
    .where(eq(users.id, signed.user.id));
  await t.handle.db.insert(logEntries).values([
    { organizationId: orgId, level: 'error', source: 'frontend', message: 'Échec du chargement des élèves' },
    { organizationId: orgId, level: 'warn', source: 'security', message: 'Accès refusé' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('search_key() agrees with normalizeSearch', () => {
  it('on French and other accented text, ligatures, case and spaces', async () => {
    const samples = [
      'Hélène LEFÈVRE',
      "  D'Œuf   et  Cœur ",
      'Æsop Straße',
      'Ça coûte çà et là',
      'ÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÇ àâäéèêëîïôöùûüÿç',
      'Łódź Ørsted', // letters Unicode does not decompose stay as they are on both sides
      'Ñandú Åsa İstanbul Šiška',
      'tabs\tand\nnew lines',
      '',
    ];
    for (const text of samples) {
      const [row] = await queryRows<{ key: string }>(t.handle.db, sql`SELECT search_key(${text}) AS key`);
      expect(row!.key, text).toBe(normalizeSearch(text));
    }
  });
});

describe('accent-insensitive search on the admin lists', () => {
  it('users: by name, username or e-mail, every word must match', async () => {
    const find = async (q: string) =>
      (await boss.get(`/api/users?q=${encodeURIComponent(q)}`)).json<ListResponse<UserSummary>>().items.length;
    expect(await find('helene')).toBe(1);
    expect(await find('HÉLÈNE lefevre-coeur')).toBe(1);
    expect(await find('helene dupont')).toBe(0);
  });

  it('journal: by message, and by the French name of the source', async () => {
    const messages = async (q: string) =>
      (await boss.get(`/api/logs?q=${encodeURIComponent(q)}`))
        .json<ListResponse<JournalEntrySummary>>()
        .items.map((e) => e.message);
    expect(await messages('echec eleves')).toEqual(['Échec du chargement des élèves']);
    expect(await messages('sécurité')).toEqual(['Accès refusé']);
    expect(await messages('navigateur')).toEqual(['Échec du chargement des élèves']);
    expect(await messages('100%')).toEqual([]);
  });

  it('organizations: by name or identifier', async () => {
    const names = async (q: string) =>
      (await boss.get(`/api/superadmin/organizations?q=${encodeURIComponent(q)}`))
        .json<ListResponse<OrganizationUsage>>()
        .items.map((o) => o.name);
    expect(await names('emeraude')).toEqual(['Bijouterie Émeraude']);
    expect(await names('BIJOUTERIE ÉMERAUDE')).toEqual(['Bijouterie Émeraude']);
  });
});

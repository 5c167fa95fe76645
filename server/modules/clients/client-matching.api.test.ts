/**
 * Clients: homonym warnings (before and after saving), one spelling per tag, and a CSV import
 * that recognises existing clients (by e-mail, phone, or name and postal code) and skips or updates them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientDuplicate, ClientSaveResult } from '@shared/schemas/clients';
import type { ImportResult, ListResponse } from '@shared/schemas/lists';
import { openDatabase, queryRows } from '../../db/client';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function orgWithUser(name: string, role = 'admin'): Promise<{ org: string; client: TestClient }> {
  const org = await createOrganization(t, name);
  const { client } = await signedInClient(t, { role, organizationId: org });
  return { org, client };
}

async function create(client: TestClient, payload: Record<string, unknown>): Promise<ClientSaveResult> {
  const res = await send(client, 'POST', '/api/clients', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<ClientSaveResult>(res);
}

async function duplicates(client: TestClient, query: Record<string, string | string[]>): Promise<ClientDuplicate[]> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) params.append(k, one);
  const res = await client.get(`/api/clients/duplicates?${params.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ duplicates: ClientDuplicate[] }>(res).duplicates;
}

async function importCsv(
  client: TestClient,
  csv: string,
  options: { dryRun: boolean; onExisting?: 'skip' | 'update' },
): Promise<ImportResult> {
  const res = await send(client, 'POST', '/api/clients/import', { csv, ...options });
  expect(res.statusCode, res.body).toBe(200);
  return body<ImportResult>(res);
}

describe('homonyms: same name and postal code or city', () => {
  let client: TestClient;
  let helene: ClientSaveResult;
  beforeAll(async () => {
    ({ client } = await orgWithUser('Homonymes'));
    helene = await create(client, { civility: 'Mme', firstName: 'Hélène', lastName: 'Dupré', postalCode: '75011' });
    await create(client, { firstName: 'Jean', lastName: 'Martin', city: 'Saint-Étienne' });
  });

  it('finds the same name (case and accents folded) with the same postal code, before anything is saved', async () => {
    const found = await duplicates(client, { lastName: 'DUPRE', firstName: 'helene', postalCode: '75 011' });
    expect(found).toEqual([
      {
        id: helene.id,
        displayName: 'Mme Hélène Dupré',
        email: null,
        phoneMobile: null,
        phoneLandline: null,
        postalCode: '75011',
        city: null,
        matchedOn: ['namePostalCode'],
        archived: false,
      },
    ]);
  });

  it('compares postal codes without spaces or case (foreign codes too)', async () => {
    const london = await create(client, { firstName: 'Sarah', lastName: 'Smith', postalCode: 'SW1A 1AA' });
    const found = await duplicates(client, { lastName: 'smith', firstName: 'sarah', postalCode: 'sw1a1aa' });
    expect(found.map((d) => [d.id, d.matchedOn])).toEqual([[london.id, ['namePostalCode']]]);
  });

  it('finds the same name with the same city, written another way', async () => {
    const found = await duplicates(client, { lastName: 'martin', firstName: 'JEAN', city: 'saint etienne' });
    expect(found.map((d) => [d.displayName, d.matchedOn])).toEqual([['Jean Martin', ['nameCity']]]);
  });

  it('does not call a homonym what is not one', async () => {
    // Another first name, another postal code, or a name with no place at all.
    expect(await duplicates(client, { lastName: 'Dupré', firstName: 'Anne', postalCode: '75011' })).toEqual([]);
    expect(await duplicates(client, { lastName: 'Dupré', firstName: 'Hélène', postalCode: '69002' })).toEqual([]);
    expect(await duplicates(client, { lastName: 'Dupré', firstName: 'Hélène' })).toEqual([]);
    // The client being edited is not its own homonym.
    expect(
      await duplicates(client, { lastName: 'Dupré', firstName: 'Hélène', postalCode: '75011', excludeId: helene.id }),
    ).toEqual([]);
  });

  it('warns after saving too, flags archived homonyms, and never blocks', async () => {
    const second = await create(client, { firstName: 'Hélène', lastName: 'DUPRÉ', postalCode: '75011' });
    expect(second.duplicates.map((d) => [d.id, d.matchedOn])).toEqual([[helene.id, ['namePostalCode']]]);
    expect((await send(client, 'DELETE', `/api/clients/${helene.id}`)).statusCode).toBe(200);
    const third = await create(client, { firstName: 'Helene', lastName: 'Dupre', postalCode: '75011' });
    expect(third.duplicates.map((d) => [d.id, d.archived])).toEqual([
      [second.id, false],
      [helene.id, true],
    ]);
  });

  it('combines e-mail, both phones and the name in one check', async () => {
    const paul = await create(client, {
      firstName: 'Paul',
      lastName: 'Leroy',
      email: 'paul.leroy@example.fr',
      phoneLandline: '04 77 00 00 00',
      city: 'Lyon',
    });
    const found = await duplicates(client, {
      lastName: 'Leroy',
      firstName: 'Paul',
      city: 'LYON',
      email: 'Paul.Leroy@Example.fr',
      phone: ['06 00 00 00 00', '+33 4 77 00 00 00'],
    });
    expect(found.map((d) => [d.id, d.matchedOn])).toEqual([[paul.id, ['email', 'phone', 'nameCity']]]);
  });

  it("never shows another organization's client, and refuses bad queries with field errors", async () => {
    const { client: other } = await orgWithUser('Autre boutique');
    expect(await duplicates(other, { lastName: 'Dupré', firstName: 'Hélène', postalCode: '75011' })).toEqual([]);
    const bad = await client.get(`/api/clients/duplicates?lastName=${'x'.repeat(101)}&phone=1&phone=2&phone=3`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors).sort()).toEqual([
      'lastName',
      'phone',
    ]);
  });
});

describe('tags: one tag whatever its case', () => {
  it('stores one spelling per organization, filters whatever the case, suggests each tag once', async () => {
    const { client } = await orgWithUser('Étiquettes');
    const a = await create(client, { lastName: 'Alpha', tags: ['VIP', 'mariage'] });
    const b = await create(client, { lastName: 'Bravo', tags: ['vip'] });
    const c = await create(client, { lastName: 'Charlie', tags: 'Vip, VIP , Mariage, fidèle' });
    expect([a.tags, b.tags, c.tags]).toEqual([['VIP', 'mariage'], ['VIP'], ['VIP', 'mariage', 'fidèle']]);

    for (const tag of ['vip', 'VIP', 'Vip', 'vîp']) {
      const list = body<ListResponse<Client>>(await client.get(`/api/clients?tag=${encodeURIComponent(tag)}`));
      expect(
        list.items.map((i) => i.lastName),
        tag,
      ).toEqual(['Alpha', 'Bravo', 'Charlie']);
    }
    const fidele = body<ListResponse<Client>>(await client.get('/api/clients?tag=FIDELE'));
    expect(fidele.items.map((i) => i.lastName)).toEqual(['Charlie']);

    // An edit in another case keeps the organization's spelling.
    const edited = await send(client, 'PATCH', `/api/clients/${b.id}`, { version: b.version, tags: ['Vip', 'Fidèle'] });
    expect(body<Client>(edited).tags).toEqual(['VIP', 'fidèle']);

    const tags = await client.get('/api/clients/tags');
    expect(tags.statusCode).toBe(200);
    expect(body<{ tags: string[] }>(tags).tags).toEqual(['fidèle', 'mariage', 'VIP']);

    // Another organization has its own vocabulary.
    const { client: other } = await orgWithUser('Étiquettes bis');
    expect((await create(other, { lastName: 'Delta', tags: ['vip'] })).tags).toEqual(['vip']);
    expect(body<{ tags: string[] }>(await other.get('/api/clients/tags')).tags).toEqual(['vip']);
  });

  it('an import takes the organization spelling and one spelling per new tag within the file', async () => {
    const { client } = await orgWithUser('Étiquettes import');
    await create(client, { lastName: 'Existant', tags: ['VIP'] });
    const csv = ['Nom;Étiquettes', 'Un;vip, Anniversaire', 'Deux;ANNIVERSAIRE|Vip'].join('\n');
    const preview = await importCsv(client, csv, { dryRun: true });
    expect(preview.rows.map((r) => r.data.tags)).toEqual([
      ['VIP', 'Anniversaire'],
      ['Anniversaire', 'VIP'],
    ]);
    await importCsv(client, csv, { dryRun: false });
    const list = body<ListResponse<Client>>(await client.get('/api/clients?tag=anniversaire&sort=lastName'));
    expect(list.items.map((i) => [i.lastName, i.tags])).toEqual([
      ['Deux', ['Anniversaire', 'VIP']],
      ['Un', ['VIP', 'Anniversaire']],
    ]);
  });

  it('migration 0044 gives existing tags one spelling: the most used, then the first written', async () => {
    const handle = await openDatabase({});
    try {
      const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      for (const f of files.filter((name) => name < '0044')) await handle.exec(readFileSync(path.join(dir, f), 'utf8'));
      await handle.exec(`
        INSERT INTO organizations (id, name, slug) VALUES
          ('00000000-0000-4000-8000-000000000001', 'A', 'a'), ('00000000-0000-4000-8000-000000000002', 'B', 'b');
        INSERT INTO clients (organization_id, last_name, tags, created_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'Un', ARRAY['vip', 'Mariage'], '2024-01-01'),
          ('00000000-0000-4000-8000-000000000001', 'Deux', ARRAY['VIP', 'mariage', 'Vip'], '2024-01-02'),
          ('00000000-0000-4000-8000-000000000001', 'Trois', ARRAY['VIP'], '2024-01-03'),
          ('00000000-0000-4000-8000-000000000002', 'Quatre', ARRAY['vip'], '2024-01-01');`);
      await handle.exec(
        readFileSync(
          path.join(
            dir,
            files.find((f) => f.startsWith('0044_'))!,
          ),
          'utf8',
        ),
      );
      const rows = await queryRows<{ last_name: string; tags: string[]; tags_sort: string[] }>(
        handle.db,
        sql`SELECT last_name, tags, tags_sort FROM clients ORDER BY created_at, last_name COLLATE "C"`,
      );
      expect(rows.map((r) => [r.last_name, r.tags, r.tags_sort])).toEqual([
        // "VIP" is used twice, "vip" and "Vip" once; "Mariage" and "mariage" once each: the first written.
        ['Quatre', ['vip'], ['vip']],
        ['Un', ['VIP', 'Mariage'], ['vip', 'mariage']],
        ['Deux', ['VIP', 'Mariage'], ['vip', 'mariage']],
        ['Trois', ['VIP'], ['vip']],
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe('CSV import recognising existing clients', () => {
  const header = 'Prénom;Nom;E-mail;Téléphone mobile;Code postal;Ville;Notes';
  let org: string;
  let client: TestClient;
  let byEmail: ClientSaveResult;
  let byPhone: ClientSaveResult;
  let byName: ClientSaveResult;
  const csv = [
    header,
    'Chloé;Lefèvre;CHLOE.LEFEVRE@example.fr;;;Paris;Cliente fidèle',
    'Marc;Petit;;+33 6 11 22 33 44;;;',
    'HELENE;DUPRE;;;75 011;Paris;Nouvelle adresse',
    'Nina;Nouvelle;nina@example.fr;;;;',
    'Sans;;;;;;',
  ].join('\r\n');

  beforeAll(async () => {
    ({ org, client } = await orgWithUser('Import existants', 'sales'));
    byEmail = await create(client, {
      firstName: 'Chloé',
      lastName: 'Lefèvre',
      email: 'chloe.lefevre@example.fr',
      phoneMobile: '07 00 00 00 01',
      city: 'Lyon',
    });
    byPhone = await create(client, { firstName: 'Marc', lastName: 'Petit', phoneMobile: '06.11.22.33.44' });
    byName = await create(client, { civility: 'Mme', firstName: 'Hélène', lastName: 'Dupré', postalCode: '75011' });
  });

  it('the preview says for each row: new, or already there and why; nothing is written', async () => {
    const p = await importCsv(client, csv, { dryRun: true });
    expect(p).toMatchObject({
      total: 5,
      valid: 4,
      invalid: 1,
      matched: 3,
      created: 1,
      skipped: 3,
      updated: 0,
      imported: 0,
      onExisting: 'skip',
    });
    expect(p.rows.map((r) => [r.line, r.status, r.label, r.action, r.match?.id, r.match?.reason])).toEqual([
      [2, 'ok', 'Chloé Lefèvre', 'skip', byEmail.id, 'même e-mail'],
      [3, 'ok', 'Marc Petit', 'skip', byPhone.id, 'même téléphone'],
      [4, 'ok', 'HELENE DUPRE', 'skip', byName.id, 'même nom et code postal'],
      [5, 'ok', 'Nina Nouvelle', 'create', undefined, undefined],
      [6, 'error', undefined, undefined, undefined, undefined],
    ]);
    expect(p.rows[0]!.match).toEqual({
      id: byEmail.id,
      label: 'Chloé Lefèvre',
      reason: 'même e-mail',
      archived: false,
    });
    // What "update" would change: the e-mail's case, the city, the notes (empty cells change nothing).
    expect(p.rows[0]!.changes).toEqual(['E-mail', 'Ville', 'Notes']);
    const planned = await importCsv(client, csv, { dryRun: true, onExisting: 'update' });
    expect(planned).toMatchObject({ created: 1, updated: 3, skipped: 0, imported: 0 });
    const list = body<ListResponse<Client>>(await client.get('/api/clients'));
    expect(list.total).toBe(3);
  });

  it('skip: creates the new rows only and leaves the existing clients as they were', async () => {
    const r = await importCsv(client, csv, { dryRun: false, onExisting: 'skip' });
    expect(r).toMatchObject({ imported: 1, created: 1, updated: 0, skipped: 3, invalid: 1 });
    const chloe = body<Client>(await client.get(`/api/clients/${byEmail.id}`));
    expect(chloe).toMatchObject({ city: 'Lyon', notes: null, version: 1 });
    const audit = await auditEntries(t, org, 'client');
    expect(audit.at(-1)).toMatchObject({
      action: 'import',
      changes: { imported: 1, created: 1, updated: 0, unchanged: 0, skipped: 3, rejected: 1, onExisting: 'skip' },
    });
    expect(audit.filter((a) => a.action === 'update')).toEqual([]);
  });

  it('update: writes the file over the matched clients in one transaction, each with its audit row', async () => {
    // Nina now exists (previous test): her row is "unchanged", not a second Nina.
    const r = await importCsv(client, csv, { dryRun: false, onExisting: 'update' });
    expect(r).toMatchObject({ imported: 3, created: 0, updated: 3, unchanged: 1, skipped: 0, invalid: 1 });
    const chloe = body<Client>(await client.get(`/api/clients/${byEmail.id}`));
    expect(chloe).toMatchObject({
      email: 'CHLOE.LEFEVRE@example.fr',
      city: 'Paris',
      notes: 'Cliente fidèle',
      // Empty cells keep what was there.
      phoneMobile: '07 00 00 00 01',
      version: 2,
    });
    expect(chloe.updatedAt > byEmail.updatedAt).toBe(true);
    const helene = body<Client>(await client.get(`/api/clients/${byName.id}`));
    expect(helene).toMatchObject({ firstName: 'HELENE', lastName: 'DUPRE', postalCode: '75 011', civility: 'Mme' });
    const marc = body<Client>(await client.get(`/api/clients/${byPhone.id}`));
    expect(marc.phoneMobile).toBe('+33 6 11 22 33 44');
    expect(body<ListResponse<Client>>(await client.get('/api/clients')).total).toBe(4);

    const audit = await auditEntries(t, org, 'client');
    const updates = audit.filter((a) => a.action === 'update');
    expect(updates.map((a) => a.entityId).sort()).toEqual([byEmail.id, byPhone.id, byName.id].sort());
    expect(updates.find((a) => a.entityId === byEmail.id)?.changes).toEqual({
      email: { from: 'chloe.lefevre@example.fr', to: 'CHLOE.LEFEVRE@example.fr' },
      city: { from: 'Lyon', to: 'Paris' },
      notes: { from: null, to: 'Cliente fidèle' },
    });
    expect(audit.at(-1)).toMatchObject({
      action: 'import',
      changes: { imported: 3, created: 0, updated: 3, unchanged: 1, skipped: 0, rejected: 1, onExisting: 'update' },
    });
  });

  it('matches by e-mail first, and updates one client once per file', async () => {
    const { client: c2 } = await orgWithUser('Import priorités');
    const mail = await create(c2, { firstName: 'Anne', lastName: 'Roux', email: 'anne@example.fr' });
    const phone = await create(c2, { firstName: 'Anne', lastName: 'Roux', phoneMobile: '0601020304' });
    const file = [
      'Prénom;Nom;E-mail;Téléphone mobile;Ville',
      'Anne;Roux;ANNE@example.fr;06 01 02 03 04;Nice',
      'Anne;Roux;;0601020304;Cannes',
      'Anne;Roux;anne@example.fr;;Antibes',
    ].join('\n');
    const p = await importCsv(c2, file, { dryRun: true, onExisting: 'update' });
    expect(p.rows.map((r) => [r.status, r.match?.id, r.match?.reason])).toEqual([
      ['ok', mail.id, 'même e-mail ; 1 autre fiche aussi'],
      ['ok', phone.id, 'même téléphone'],
      ['error', mail.id, 'même e-mail'],
    ]);
    expect(p.rows[2]!.errors).toEqual({
      match: ['Même fiche que la ligne 2 du fichier : elle n’est mise à jour qu’une fois'],
    });
  });

  it("never matches another organization's client", async () => {
    const { client: other } = await orgWithUser('Import autre boutique');
    const p = await importCsv(other, csv, { dryRun: true, onExisting: 'update' });
    expect(p).toMatchObject({ matched: 0, created: 4, updated: 0 });
    expect(p.rows.every((r) => r.match === undefined)).toBe(true);
  });

  it('refuses an unknown choice with a field error', async () => {
    const res = await send(client, 'POST', '/api/clients/import', { csv, dryRun: true, onExisting: 'merge' });
    expect(res.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(res).fieldErrors.onExisting).toEqual([
      'Choix invalide pour les fiches existantes (skip ou update)',
    ]);
  });
});

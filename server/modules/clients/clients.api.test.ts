import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientDetail, ClientSaveResult } from '@shared/schemas/clients';
import type { ImportResult, ListResponse } from '@shared/schemas/lists';
import { parseCsv } from '@shared/csv';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let adminUserId: string;

const helene = {
  kind: 'particulier',
  civility: 'Mme',
  firstName: 'Hélène',
  lastName: 'Dupré',
  email: 'Helene.Dupre@Example.fr',
  phoneMobile: '+33 6 12 34 56 78',
  city: 'Lyon',
  postalCode: '69002',
  tags: ['mariage', 'vip'],
  marketingConsent: true,
};

async function create(client: TestClient, payload: Record<string, unknown>): Promise<ClientSaveResult> {
  const res = await send(client, 'POST', '/api/clients', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<ClientSaveResult>(res);
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Test');
  const signed = await signedInClient(t, { role: 'admin', organizationId: orgId });
  admin = signed.client;
  adminUserId = signed.user.id;
});
afterAll(async () => {
  await t?.close();
});

describe('clients CRUD', () => {
  it('creates a client with defaults, audit entry and no duplicates', async () => {
    const c = await create(admin, helene);
    expect(c).toMatchObject({
      lastName: 'Dupré',
      firstName: 'Hélène',
      displayName: 'Mme Hélène Dupré',
      country: 'France',
      status: 'client',
      version: 1,
      archivedAt: null,
      tags: ['mariage', 'vip'],
      marketingConsent: true,
      duplicates: [],
    });
    expect(c.marketingConsentAt).not.toBeNull();
    const audit = await auditEntries(t, orgId, 'client');
    const entry = audit.find((a) => a.entityId === c.id && a.action === 'create');
    expect(entry?.userId).toBe(adminUserId);
  });

  it('warns (does not block) about duplicates by normalised e-mail or phone', async () => {
    const res = await send(admin, 'POST', '/api/clients', {
      lastName: 'Autre',
      email: 'helene.dupre@example.fr',
    });
    expect(res.statusCode).toBe(201);
    const byEmail = body<ClientSaveResult>(res);
    expect(byEmail.duplicates.map((d) => d.displayName)).toEqual(['Mme Hélène Dupré']);
    expect(byEmail.duplicates[0]!.matchedOn).toEqual(['email']);
    const byPhone = await create(admin, { lastName: 'Troisième', phoneLandline: '06.12.34.56.78' });
    expect(byPhone.duplicates.some((d) => d.matchedOn.includes('phone'))).toBe(true);
    const check = await admin.get('/api/clients/duplicates?phone=0033612345678');
    expect(check.statusCode).toBe(200);
    expect(body<{ duplicates: unknown[] }>(check).duplicates.length).toBeGreaterThanOrEqual(2);
    const none = await admin.get('/api/clients/duplicates?email=personne@example.fr');
    expect(body<{ duplicates: unknown[] }>(none).duplicates).toEqual([]);
  });

  it('rejects bad input with French field errors', async () => {
    const res = await send(admin, 'POST', '/api/clients', {
      kind: 'professionnel',
      lastName: '',
      email: 'pas-un-email',
      birthDate: '31/02/1990',
      phoneMobile: 'abc',
    });
    expect(res.statusCode).toBe(400);
    const err = body<{ code: string; fieldErrors: Record<string, string[]> }>(res);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fieldErrors.lastName).toEqual(['Le nom est obligatoire']);
    expect(err.fieldErrors.email).toEqual(['Adresse e-mail invalide']);
    expect(err.fieldErrors.company).toEqual(['La société est obligatoire pour un client professionnel']);
    expect(err.fieldErrors.birthDate?.[0]).toMatch(/Date de naissance invalide/);
    expect(err.fieldErrors.phoneMobile?.[0]).toMatch(/Téléphone mobile invalide/);
    const bad = await send(admin, 'POST', '/api/clients', { lastName: 'X', kind: 'martien' });
    expect(bad.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors.kind?.[0]).toMatch(/Type de client/);
  });

  it('gets a client with empty related records, 404 for unknown and malformed ids', async () => {
    const c = await create(admin, { lastName: 'Détail', firstName: 'Jean' });
    const res = await admin.get(`/api/clients/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(body<ClientDetail>(res).related).toEqual({ quotes: [], projects: [], workOrders: [], goldBuys: [] });
    expect((await admin.get('/api/clients/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.get('/api/clients/not-a-uuid')).statusCode).toBe(404);
  });

  it('updates with the version (PATCH and PUT), audits the diff, 409 on a stale version', async () => {
    const c = await create(admin, { lastName: 'Martin', firstName: 'Paul', city: 'Paris' });
    const patched = await send(admin, 'PATCH', `/api/clients/${c.id}`, { version: 1, city: 'Nice' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(body<Client>(patched)).toMatchObject({ city: 'Nice', firstName: 'Paul', version: 2 });

    const stale = await send(admin, 'PUT', `/api/clients/${c.id}`, { version: 1, lastName: 'Écrasé' });
    expect(stale.statusCode).toBe(409);
    expect(body<{ code: string; message: string }>(stale)).toEqual({
      code: 'CONFLICT',
      message: "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.",
    });
    const after = body<Client>(await admin.get(`/api/clients/${c.id}`));
    expect(after).toMatchObject({ lastName: 'Martin', version: 2 });

    const put = await send(admin, 'PUT', `/api/clients/${c.id}`, { ...helene, lastName: 'Martin-Roux', version: 2 });
    expect(put.statusCode).toBe(200);
    expect(body<Client>(put).version).toBe(3);

    const audit = await auditEntries(t, orgId, 'client');
    const update = audit.find((a) => a.entityId === c.id && a.action === 'update');
    expect(update?.changes).toEqual({ city: { from: 'Paris', to: 'Nice' } });

    const missingVersion = await send(admin, 'PATCH', `/api/clients/${c.id}`, { city: 'Metz' });
    expect(missingVersion.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(missingVersion).fieldErrors.version).toEqual([
      'Version manquante',
    ]);
    const invalid = await send(admin, 'PATCH', `/api/clients/${c.id}`, { version: 3, email: 'nope' });
    expect(invalid.statusCode).toBe(400);
  });

  it('archives on DELETE, hides from the list, shows with archived=true, restores', async () => {
    const c = await create(admin, { lastName: 'Archivable' });
    const del = await send(admin, 'DELETE', `/api/clients/${c.id}`);
    expect(del.statusCode).toBe(200);
    expect(body<Client>(del).archivedAt).not.toBeNull();
    const active = body<ListResponse<Client>>(await admin.get('/api/clients?q=archivable'));
    expect(active.total).toBe(0);
    const archived = body<ListResponse<Client>>(await admin.get('/api/clients?q=archivable&archived=true'));
    expect(archived.items.map((i) => i.id)).toEqual([c.id]);
    const restored = await send(admin, 'POST', `/api/clients/${c.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(body<Client>(restored).archivedAt).toBeNull();
    expect(body<ListResponse<Client>>(await admin.get('/api/clients?q=archivable')).total).toBe(1);
    const actions = (await auditEntries(t, orgId, 'client')).filter((a) => a.entityId === c.id).map((a) => a.action);
    expect(actions).toEqual(['create', 'archive', 'restore']);
  });
});

describe('clients list', () => {
  let listOrg: string;
  let client: TestClient;
  beforeAll(async () => {
    listOrg = await createOrganization(t, 'Liste');
    client = (await signedInClient(t, { role: 'sales', organizationId: listOrg })).client;
    const names = ['Hélène Zola', 'Éric Abel', 'Zoé Martin', 'Marc Dubois', 'Anne Dubois'];
    for (const [i, n] of names.entries()) {
      const [firstName, lastName] = n.split(' ');
      await create(client, {
        firstName,
        lastName,
        status: i % 2 === 0 ? 'client' : 'prospect',
        kind: i === 4 ? 'professionnel' : 'particulier',
        company: i === 4 ? 'Dubois SARL' : '',
        tags: i < 2 ? ['vip'] : [],
      });
    }
  });

  it('searches accent- and case-insensitively', async () => {
    const res = body<ListResponse<Client>>(await client.get('/api/clients?q=HELENE'));
    expect(res.items.map((c) => c.lastName)).toEqual(['Zola']);
    const two = body<ListResponse<Client>>(await client.get('/api/clients?q=eric%20abe'));
    expect(two.items.map((c) => c.firstName)).toEqual(['Éric']);
    const wildcard = body<ListResponse<Client>>(await client.get('/api/clients?q=%25'));
    expect(wildcard.total).toBe(0);
  });

  it('sorts on whitelisted fields with a stable order and paginates with totals', async () => {
    const page1 = body<ListResponse<Client>>(await client.get('/api/clients?sort=lastName&dir=asc&pageSize=2'));
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.items.map((c) => c.lastName)).toEqual(['Abel', 'Dubois']);
    const page3 = body<ListResponse<Client>>(await client.get('/api/clients?sort=lastName&dir=asc&pageSize=2&page=3'));
    expect(page3.items.map((c) => c.lastName)).toEqual(['Zola']);
    const desc = body<ListResponse<Client>>(await client.get('/api/clients?sort=firstName&dir=desc&pageSize=1'));
    expect(desc.items[0]!.firstName).toBe('Zoé');
    const bad = await client.get('/api/clients?sort=password_hash&pageSize=500&page=0');
    expect(bad.statusCode).toBe(400);
    const errors = body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['page', 'pageSize', 'sort']);
    expect(errors.sort).toEqual(['Tri non autorisé']);
  });

  it('filters by kind, status and tag', async () => {
    const pros = body<ListResponse<Client>>(await client.get('/api/clients?kind=professionnel'));
    expect(pros.items.map((c) => c.company)).toEqual(['Dubois SARL']);
    const prospects = body<ListResponse<Client>>(await client.get('/api/clients?status=prospect'));
    expect(prospects.total).toBe(2);
    const vip = body<ListResponse<Client>>(await client.get('/api/clients?tag=vip&sort=lastName'));
    expect(vip.items.map((c) => c.lastName)).toEqual(['Abel', 'Zola']);
    expect((await client.get('/api/clients?status=ancien')).statusCode).toBe(400);
  });

  it('exports the filtered list as French CSV (BOM, ;, quoting, formula guard)', async () => {
    await create(client, { lastName: '=HYPERLINK("x")', firstName: 'Dubois; le "grand"', notes: 'ligne 1\nligne 2' });
    const res = await client.get('/api/clients/export.csv?q=dubois&sort=lastName');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFFType;Statut;Civilité;Prénom;Nom;Société;E-mail')).toBe(true);
    const parsed = parseCsv(res.body);
    expect(parsed.records).toHaveLength(3);
    const lastNames = parsed.records.map((r) => r.cells[4]);
    expect(lastNames).toContain('\'=HYPERLINK("x")');
    expect(res.body).toContain('"Dubois; le ""grand"""');
    expect(res.body).toContain('"ligne 1\nligne 2"');
  });
});

describe('clients CSV import', () => {
  const csv = [
    'Nom;Prénom;E-mail;Type;Société;Date de naissance;Étiquettes;Colonne inconnue',
    'Lefèvre;Chloé;chloe@example.fr;Particulier;;12/05/1985;bague, vip;x',
    ';Sans nom;;;;;;',
    'Garnier;Luc;pas-un-mail;professionnel;;;;',
    '"Roux; et fils";Anne;anne@example.fr;professionnel;Roux SA;1990-01-31;;',
  ].join('\r\n');

  it('previews mixed rows without writing, then imports only the good rows in one audited transaction', async () => {
    const org = await createOrganization(t, 'Import');
    const { client } = await signedInClient(t, { role: 'manager', organizationId: org });
    const preview = await send(client, 'POST', '/api/clients/import', { csv, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = body<ImportResult>(preview);
    expect(p).toMatchObject({ total: 4, valid: 2, invalid: 2, imported: 0, dryRun: true });
    expect(p.ignoredColumns).toEqual(['Colonne inconnue']);
    expect(p.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'error'],
      [5, 'ok'],
    ]);
    expect(p.rows[1]!.errors).toEqual({ lastName: ['Le nom est obligatoire'] });
    expect(p.rows[2]!.errors).toMatchObject({
      email: ['Adresse e-mail invalide'],
      company: ['La société est obligatoire pour un client professionnel'],
    });
    expect(body<ListResponse<Client>>(await client.get('/api/clients')).total).toBe(0);

    const commit = await send(client, 'POST', '/api/clients/import', { csv, dryRun: false });
    expect(body<ImportResult>(commit)).toMatchObject({ imported: 2, valid: 2, invalid: 2, dryRun: false });
    const list = body<ListResponse<Client>>(await client.get('/api/clients?sort=lastName'));
    expect(list.items.map((c) => [c.lastName, c.birthDate, c.tags])).toEqual([
      ['Lefèvre', '1985-05-12', ['bague', 'vip']],
      ['Roux; et fils', '1990-01-31', []],
    ]);
    expect(body<ListResponse<Client>>(await client.get('/api/clients?q=chloe')).total).toBe(1);
    const audit = await auditEntries(t, org, 'client');
    expect(audit.map((a) => [a.action, a.changes])).toEqual([
      [
        'import',
        {
          imported: 2,
          created: 2,
          updated: 0,
          unchanged: 0,
          skipped: 0,
          rejected: 2,
          onExisting: 'skip',
          ignoredColumns: ['Colonne inconnue'],
        },
      ],
    ]);
  });

  it('accepts comma-separated files with English headers; rejects empty or unrecognised files', async () => {
    const org = await createOrganization(t, 'Import2');
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const res = await send(client, 'POST', '/api/clients/import', {
      csv: '\uFEFFlastName,firstName,email\nDurand,"Jean, Pierre",jp@example.fr\n',
      dryRun: false,
    });
    expect(body<ImportResult>(res)).toMatchObject({ imported: 1 });
    const list = body<ListResponse<Client>>(await client.get('/api/clients'));
    expect(list.items[0]).toMatchObject({ lastName: 'Durand', firstName: 'Jean, Pierre' });
    const empty = await send(client, 'POST', '/api/clients/import', { csv: '', dryRun: true });
    expect(empty.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(empty).fieldErrors.csv).toEqual(['Le fichier CSV est vide']);
    const unknown = await send(client, 'POST', '/api/clients/import', { csv: 'foo;bar\n1;2', dryRun: true });
    expect(unknown.statusCode).toBe(400);
    const noBool = await send(client, 'POST', '/api/clients/import', { csv: 'Nom\nX', dryRun: 'peut-être' });
    expect(noBool.statusCode).toBe(400);
  });
});

describe('clients access', () => {
  it('answers 401 signed out and 403 without CSRF', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/clients')).statusCode).toBe(401);
    expect((await anonymous.get('/api/clients/export.csv')).statusCode).toBe(401);
    const c = await create(admin, { lastName: 'Csrf' });
    for (const [method, url] of [
      ['POST', '/api/clients'],
      ['PATCH', `/api/clients/${c.id}`],
      ['PUT', `/api/clients/${c.id}`],
      ['DELETE', `/api/clients/${c.id}`],
      ['POST', `/api/clients/${c.id}/restore`],
      ['POST', '/api/clients/import'],
    ] as const) {
      const res = await send(admin, method, url, { lastName: 'X', version: 1, csv: 'Nom\nX' }, { csrf: false });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(body<Client>(await admin.get(`/api/clients/${c.id}`)).version).toBe(1);
  });

  it('follows the matrix: production cannot read clients; other roles of sales area can write', async () => {
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    expect((await production.get('/api/clients')).statusCode).toBe(403);
    expect((await production.get('/api/clients/export.csv')).statusCode).toBe(403);
    expect((await send(production, 'POST', '/api/clients', { lastName: 'Non' })).statusCode).toBe(403);
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await send(sales, 'POST', '/api/clients', { lastName: 'Oui' })).statusCode).toBe(201);
  });

  it("answers 404 for another organization's client (get, update, delete, restore) and never lists it", async () => {
    const mine = await create(admin, { lastName: 'Secret', firstName: 'Client' });
    const { client: other } = await signedInClient(t, { role: 'admin' });
    expect((await other.get(`/api/clients/${mine.id}`)).statusCode).toBe(404);
    expect((await send(other, 'PATCH', `/api/clients/${mine.id}`, { version: 1, lastName: 'Volé' })).statusCode).toBe(
      404,
    );
    expect((await send(other, 'DELETE', `/api/clients/${mine.id}`)).statusCode).toBe(404);
    expect((await send(other, 'POST', `/api/clients/${mine.id}/restore`)).statusCode).toBe(404);
    expect(body<ListResponse<Client>>(await other.get('/api/clients?q=secret')).total).toBe(0);
    expect(
      body<{ duplicates: unknown[] }>(await other.get('/api/clients/duplicates?email=helene.dupre@example.fr'))
        .duplicates,
    ).toEqual([]);
    const still = body<Client>(await admin.get(`/api/clients/${mine.id}`));
    expect(still).toMatchObject({ lastName: 'Secret', version: 1, archivedAt: null });
  });
});

describe('clients CSV import: unreadable files', () => {
  const fieldErrors = (res: Awaited<ReturnType<typeof send>>) =>
    body<{ code: string; fieldErrors: Record<string, string[]> }>(res);

  it('refuses an unterminated quote, naming its line, and imports nothing', async () => {
    const org = await createOrganization(t, 'Import guillemet');
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const csv = ['Nom;Prénom', 'Martin;Paul', 'Durand;"Jean', 'Leroy;Anne', 'Petit;Luc'].join('\r\n');
    const countBefore = body<ListResponse<Client>>(await client.get('/api/clients')).total;
    for (const dryRun of [true, false]) {
      const res = await send(client, 'POST', '/api/clients/import', { csv, dryRun });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { csv: ['Guillemet non fermé (ligne 3) : vérifiez le fichier'] },
      });
    }
    expect(body<ListResponse<Client>>(await client.get('/api/clients')).total).toBe(countBefore);
    expect(await auditEntries(t, org, 'client')).toEqual([]);
  });

  it('refuses text bearing the traces of a wrong encoding (U+FFFD, NUL) and imports nothing', async () => {
    const org = await createOrganization(t, 'Import encodage');
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const cases = [
      [
        'Nom;Prénom\r\nDupr\uFFFD;H\uFFFDl\uFFFDne\r\n',
        'Le fichier contient des caractères illisibles (encodage) : enregistrez-le en UTF-8',
      ],
      // NUL bytes are refused for every field of every route before the import reads them (input-guard.ts).
      ['N\u0000o\u0000m\u0000\r\nX\r\n', 'Caractère nul (\\u0000) interdit'],
    ] as const;
    for (const [csv, message] of cases) {
      const res = await send(client, 'POST', '/api/clients/import', { csv, dryRun: false });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { csv: [message] } });
    }
    expect(body<ListResponse<Client>>(await client.get('/api/clients')).total).toBe(0);
  });
});

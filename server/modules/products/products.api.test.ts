import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { insertAlloys, insertStep, insertStone } from './test/fixtures';

let t: TestApp;
let orgId: string;
let otherOrgId: string;
let admin: TestClient;
let alloyIds: Record<string, string>;
let stoneId: string;
let stepId: string;
let foreignStoneId: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Alpha');
  otherOrgId = await createOrganization(t, 'Bijouterie Beta');
  alloyIds = await insertAlloys(t);
  stoneId = await insertStone(t, orgId, { name: 'Saphir bleu 4 mm', unitCost: '80', currency: 'EUR' });
  stepId = await insertStep(t, orgId, { name: 'Sertissage', code: 'SERT', hourlyRate: '60' });
  foreignStoneId = await insertStone(t, otherOrgId, { name: 'Rubis', unitCost: '100' });
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
});

afterAll(async () => {
  await t?.close();
});

function sheet(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Solitaire or blanc 18kt 0,50 ct',
    category: 'bague',
    description: 'Monture 4 griffes',
    coefficients: { metal: '2.5', stones: '2.5', labour: '2.5' },
    components: [
      { kind: 'metal', alloyId: alloyIds.AU750, weightG: '3.2', lossPct: '5' },
      { kind: 'stone', stoneId, quantity: 1 },
      { kind: 'melee', mm: '1.5', clarity: 'VS1', quantity: 12 },
      { kind: 'labour', productionStepId: stepId, minutes: '45' },
      { kind: 'other', label: 'Écrin', amount: '12.50' },
    ],
    ...overrides,
  };
}

describe('POST /api/products', () => {
  it('creates a sheet with a slug from the name, its composition and an audit entry', async () => {
    const res = await admin.post('/api/products', sheet());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      slug: 'solitaire-or-blanc-18kt-0-50-ct',
      name: 'Solitaire or blanc 18kt 0,50 ct',
      category: 'bague',
      coefficients: { metal: '2.5', stones: '2.5', labour: '2.5' },
      archivedAt: null,
      version: 1,
      photos: [],
    });
    expect(body.components).toHaveLength(5);
    expect(body.components[0]).toMatchObject({ kind: 'metal', weightG: '3.2', lossPct: '5', position: 1 });
    expect(body.components[4]).toMatchObject({ kind: 'other', label: 'Écrin', amount: '12.5' });
    // No market data in this app: the metal and melee lines are flagged, the rest is priced.
    expect(body.pricing.complete).toBe(false);
    expect(body.pricing.lines[0].missing.reason).toBe('NO_METAL_PRICE');
    expect(body.pricing.lines[1].cost).toBe('80.00');
    expect(body.pricing.lines[3].cost).toBe('45.00');
    expect(body.pricing.totalCost).toBe('137.50');
    expect(body.pricing.salePrice).toBe('343.75');
    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, body.id)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0]!.organizationId).toBe(orgId);
  });

  it('gives the next free slug when the name is taken, and refuses a taken explicit slug (409)', async () => {
    const again = await admin.post('/api/products', sheet({ components: [] }));
    expect(again.statusCode).toBe(201);
    expect(again.json().slug).toBe('solitaire-or-blanc-18kt-0-50-ct-2');
    const taken = await admin.post('/api/products', sheet({ slug: 'solitaire-or-blanc-18kt-0-50-ct', components: [] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.slug[0]).toMatch(/déjà utilisé/);
  });

  it('answers 400 with French field errors on bad input', async () => {
    const res = await admin.post('/api/products', {
      name: '',
      category: 'chaussure',
      slug: 'Pas Un Slug!',
      coefficients: { metal: '-1', stones: '2,5', labour: '2' },
      components: [
        { kind: 'metal', alloyId: 'nope', weightG: 'abc' },
        { kind: 'melee', mm: '9', clarity: 'XX', quantity: 0 },
        { kind: 'gemme' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json();
    expect(fieldErrors.name).toEqual(['Ce champ est obligatoire']);
    expect(fieldErrors.category).toEqual(['Catégorie inconnue']);
    expect(fieldErrors.slug[0]).toMatch(/minuscules/);
    expect(fieldErrors['coefficients.metal']).toEqual(['Doit être supérieur à 0']);
    expect(fieldErrors['components.0.alloyId']).toEqual(['Alliage inconnu']);
    expect(fieldErrors['components.0.weightG']).toEqual(['Nombre invalide']);
    expect(fieldErrors['components.1.mm'][0]).toMatch(/inférieur ou égal à 4/);
    expect(fieldErrors['components.1.clarity']).toEqual(['Pureté inconnue']);
    expect(fieldErrors['components.1.quantity']).toEqual(['La quantité doit être au moins 1']);
    expect(fieldErrors['components.2.kind'][0]).toMatch(/Type de ligne inconnu/);
  });

  it('refuses a stone of another organization or an unknown step (400 on the line)', async () => {
    const res = await admin.post(
      '/api/products',
      sheet({
        components: [
          { kind: 'stone', stoneId: foreignStoneId, quantity: 1 },
          { kind: 'labour', productionStepId: '00000000-0000-4000-8000-000000000000', minutes: '10' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'components.0.stoneId': ['Pierre ou composant introuvable'],
      'components.1.productionStepId': ['Étape de production introuvable'],
    });
  });

  it('refuses sales (403), a missing CSRF token (403) and a signed-out visitor (401)', async () => {
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    const forbidden = await sales.post('/api/products', sheet({ name: 'Interdit' }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const noCsrf = await admin.post('/api/products', sheet({ name: 'Sans jeton' }), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    const signedOut = await anonymous.post('/api/products', sheet({ name: 'Anonyme' }));
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/products/:slug', () => {
  it('lets production read (catalogue R) and answers 404 for another organization and unknown slugs', async () => {
    const created = (
      await admin.post('/api/products', sheet({ name: 'Alliance or jaune 18kt', components: [] }))
    ).json();
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    const read = await production.get(`/api/products/${created.slug}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(created.id);

    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: otherOrgId });
    const foreign = await foreigner.get(`/api/products/${created.slug}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Produit introuvable' });
    expect((await admin.get('/api/products/n-existe-pas')).statusCode).toBe(404);
    expect((await admin.get('/api/products/PAS%20VALIDE')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/products/${created.slug}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/products/:slug', () => {
  it('updates with the current version, bumps it, renames the slug, audits the diff', async () => {
    const created = (await admin.post('/api/products', sheet({ name: 'Pendentif perle' }))).json();
    const res = await admin.request({
      method: 'PUT',
      url: `/api/products/${created.slug}`,
      payload: sheet({
        name: 'Pendentif perle de culture',
        slug: 'pendentif-perle-culture',
        coefficients: { metal: '3', stones: '3', labour: '3' },
        version: created.version,
        components: [{ kind: 'other', label: 'Bélière', amount: '8' }],
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      slug: 'pendentif-perle-culture',
      version: 2,
      coefficients: { metal: '3', stones: '3', labour: '3' },
    });
    expect(body.components).toHaveLength(1);
    expect(body.pricing).toMatchObject({ totalCost: '8.00', salePrice: '24.00', complete: true });
    expect((await admin.get(`/api/products/${created.slug}`)).statusCode).toBe(404);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'update')));
    expect(audit!.changes).toMatchObject({
      name: { from: 'Pendentif perle', to: 'Pendentif perle de culture' },
      slug: { to: 'pendentif-perle-culture' },
    });
    expect(audit!.changes).toHaveProperty('components');
  });

  it('answers 409 on a stale version and overwrites nothing', async () => {
    const created = (await admin.post('/api/products', sheet({ name: 'Bracelet jonc', components: [] }))).json();
    const url = `/api/products/${created.slug}`;
    const first = await admin.request({
      method: 'PUT',
      url,
      payload: sheet({ name: 'Bracelet jonc A', version: 1, components: [] }),
    });
    expect(first.statusCode).toBe(200);
    const second = await admin.request({
      method: 'PUT',
      url,
      payload: sheet({ name: 'Bracelet jonc B', version: 1, components: [] }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CONFLICT');
    expect((await admin.get(url)).json().name).toBe('Bracelet jonc A');
  });

  it('answers 400 without a version, 403 for production, 404 for another organization', async () => {
    const created = (await admin.post('/api/products', sheet({ name: 'Broche libellule', components: [] }))).json();
    const url = `/api/products/${created.slug}`;
    const noVersion = await admin.request({ method: 'PUT', url, payload: sheet({ components: [] }) });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().fieldErrors.version).toEqual(['Version manquante']);
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    const forbidden = await production.request({ method: 'PUT', url, payload: sheet({ version: 1 }) });
    expect(forbidden.statusCode).toBe(403);
    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: otherOrgId });
    const foreign = await foreigner.request({ method: 'PUT', url, payload: sheet({ version: 1, components: [] }) });
    expect(foreign.statusCode).toBe(404);
    const noCsrf = await admin.request({ method: 'PUT', url, payload: sheet({ version: 1 }), csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('archive and restore', () => {
  it('archives on DELETE (hidden from the default list), restores, both idempotent and audited', async () => {
    const created = (await admin.post('/api/products', sheet({ name: 'Montre gousset', components: [] }))).json();
    expect(created.archivedAt).toBeNull();
    const archived = await admin.request({ method: 'DELETE', url: `/api/products/${created.slug}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ slug: created.slug, version: 2 });
    expect(archived.json().archivedAt).toEqual(expect.any(String));
    // Archiving again changes nothing.
    expect((await admin.request({ method: 'DELETE', url: `/api/products/${created.slug}` })).json()).toMatchObject({
      version: 2,
    });
    const active = (await admin.get('/api/products?q=gousset')).json();
    expect(active.total).toBe(0);
    const onlyArchived = (await admin.get('/api/products?q=gousset&archived=true')).json();
    expect(onlyArchived.items.map((p: { slug: string }) => p.slug)).toEqual([created.slug]);
    const both = (await admin.get('/api/products?q=montre&archived=all')).json();
    expect(both.items.map((p: { slug: string }) => p.slug)).toContain(created.slug);
    const restored = await admin.post(`/api/products/${created.slug}/restore`);
    expect(restored.json()).toMatchObject({ archivedAt: null, version: 3 });
    expect((await admin.post(`/api/products/${created.slug}/restore`)).json()).toMatchObject({ version: 3 });
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id));
    expect(actions.map((a) => a.action)).toEqual(['create', 'archive', 'restore']);
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.request({ method: 'DELETE', url: `/api/products/${created.slug}` })).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/products/${created.slug}`, csrf: false })).statusCode,
    ).toBe(403);
    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: otherOrgId });
    expect((await foreigner.request({ method: 'DELETE', url: `/api/products/${created.slug}` })).statusCode).toBe(404);
    expect((await foreigner.post(`/api/products/${created.slug}/restore`)).statusCode).toBe(404);
    // The former route is gone.
    expect((await admin.post(`/api/products/${created.slug}/archive`)).statusCode).toBe(404);
  });
});

describe('GET /api/products', () => {
  it('searches accent- and case-insensitively, filters, sorts, paginates, stays in the organization', async () => {
    const org = await createOrganization(t, 'Bijouterie Liste');
    const { client } = await signedInClient(t, { role: 'manager', organizationId: org });
    for (const [name, category] of [
      ['Collier Hélène', 'collier'],
      ['Bague Émeraude', 'bague'],
      ['Bague rubis', 'bague'],
      ["Boucles d'oreilles créoles", 'boucles_oreilles'],
    ] as const) {
      expect((await client.post('/api/products', { name, category })).statusCode).toBe(201);
    }
    const found = (await client.get('/api/products?q=HELENE')).json();
    expect(found.items.map((p: { name: string }) => p.name)).toEqual(['Collier Hélène']);
    const rings = (await client.get('/api/products?category=bague&sort=name&dir=desc')).json();
    expect(rings.items.map((p: { name: string }) => p.name)).toEqual(['Bague rubis', 'Bague Émeraude']);
    const byLabel = (await client.get('/api/products?q=oreilles')).json();
    expect(byLabel.total).toBe(1);
    const page2 = (await client.get('/api/products?sort=name&pageSize=3&page=2')).json();
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items).toHaveLength(1);
    const priced = (await client.get('/api/products?withPrices=true&pageSize=1')).json();
    expect(priced.items[0].price).toEqual({ totalCost: '0.00', salePrice: '0.00', complete: true });
    expect(priced.items[0]).toMatchObject({ photoCount: 0, coverUrl: null });
    // Nothing of the other organizations leaks.
    const all = (await client.get('/api/products?archived=all&pageSize=100')).json();
    expect(all.total).toBe(4);
    // CSV export of the filtered list, with live prices.
    const csv = await client.get('/api/products/export.csv?category=bague&sort=name');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nom;Slug;Catégorie;Statut;Coefficient métal;Coefficient pierres;Coefficient main-d’œuvre;Coût (EUR);' +
        'Prix de vente HT (EUR);Prix complet;Photos;Modifiée le;Archivée le;Description',
    );
    // Decimal comma, dd/mm/yyyy hh:mm (Paris), oui/non: the one CSV format (shared/csv-format.ts).
    const coefficients = (name: string) => {
      const c = all.items.find((p: { name: string }) => p.name === name).coefficients;
      return [c.metal, c.stones, c.labour].map((v: string) => v.replace('.', ',')).join(';');
    };
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Bague Émeraude;bague-emeraude;Bague;Active;${coefficients('Bague Émeraude')};0,00;0,00;oui;0;\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};;$`,
        ),
      ),
      expect.stringMatching(
        /^Bague rubis;bague-rubis;Bague;Active;[\d,;]+;0,00;0,00;oui;0;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};;$/,
      ),
    ]);
    expect((await client.get('/api/products/export.csv?category=x')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/products/export.csv')).statusCode).toBe(401);
  });

  it('answers 400 on a bad query and 401 signed out', async () => {
    const res = await admin.get('/api/products?category=chaussure&pageSize=1000&sort=prix');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['category', 'pageSize', 'sort']);
    expect((await new TestClient(t.app).get('/api/products')).statusCode).toBe(401);
  });

  it('lets sales and production list', async () => {
    for (const role of ['sales', 'production']) {
      const { client } = await signedInClient(t, { role, organizationId: orgId });
      expect((await client.get('/api/products')).statusCode).toBe(200);
    }
  });
});

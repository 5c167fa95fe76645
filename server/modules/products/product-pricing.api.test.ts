import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { insertAlloys, insertRange, insertStep, insertStone, setManualMarket } from './test/fixtures';
import { DEMO_PRODUCTS, seedDemoProducts } from './products.seed';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Cours');
  const alloys = await insertAlloys(t);
  const stoneId = await insertStone(t, orgId, { name: 'Saphir 4 mm', unitCost: '100', currency: 'USD' });
  const stepId = await insertStep(t, orgId, { name: 'Polissage', code: 'POL', hourlyRate: '48' });
  await insertRange(t, { clarity: 'VS1', mmMin: '1.50', mmMax: '2.50', usdPerCt: '1000' });
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
  await setManualMarket(t, { XAU: '100', 'USD/EUR': '0.9' });
  const created = await admin.post('/api/products', {
    name: 'Solitaire or jaune 18kt',
    category: 'bague',
    coefficients: { metal: '2', stones: '2,5', labour: '3' },
    components: [
      { kind: 'metal', alloyId: alloys.AU750, weightG: '4', lossPct: '5' },
      { kind: 'stone', stoneId, quantity: 1 },
      { kind: 'melee', mm: '2', clarity: 'VS1', quantity: 10 },
      { kind: 'labour', productionStepId: stepId, minutes: '30' },
      { kind: 'other', label: 'Écrin', amount: '10' },
    ],
  });
  expect(created.statusCode).toBe(201);
  slug = created.json().slug;
});

afterAll(async () => {
  await t?.close();
});

describe('live pricing', () => {
  it('prices every line from the market, calibrated ranges, stone costs and step rates', async () => {
    const { pricing } = (await admin.get(`/api/products/${slug}`)).json();
    // metal 4 g + 5 % = 4.200 g x 75.00 €/g = 315 ; stone 100 USD x 0.9000 = 90 ; melee 10 x (0.0300 ct x 1000 x 0.9
    // = 27.00) = 270 ; labour 30/60 x 48 = 24 ; other 10 => 709.00
    expect(pricing.lines.map((l: { cost: string }) => l.cost)).toEqual(['315.00', '90.00', '270.00', '24.00', '10.00']);
    expect(pricing.lines[0]).toMatchObject({ unitPriceEur: '75.00', billedQuantity: '4.200' });
    // metal 315 x 2 = 630 ; stones (stone, melee, other) 370 x 2.5 = 925 ; labour 24 x 3 = 72 => 1627 ; VAT 20 %
    expect(pricing).toMatchObject({
      totalCost: '709.00',
      coefficients: { metal: '2', stones: '2.5', labour: '3' },
      salePrice: '1627.00',
      vatRatePct: '20',
      vatAmount: '325.40',
      salePriceInclVat: '1952.40',
      complete: true,
      warningCount: 1, // 5 % loss is above the default 3 % threshold
    });
    expect(pricing.lines[0].warning.message).toBe('Perte de 5 % au-dessus du seuil de 3 %');
    expect(pricing.market.metals.gold).toMatchObject({ value: '100', source: 'Saisie manuelle (test)' });
    expect(pricing.market.fx.USD.value).toBe('0.9');
  });

  it('changes the displayed price when the gold price changes (manual data source)', async () => {
    await setManualMarket(t, { XAU: '120', 'USD/EUR': '0.9' });
    const { pricing } = (await admin.get(`/api/products/${slug}`)).json();
    // metal 4.200 g x 90.00 = 378
    expect(pricing.lines[0].cost).toBe('378.00');
    expect(pricing.totalCost).toBe('772.00');
    expect(pricing.salePrice).toBe('1753.00');
    const list = (await admin.get('/api/products?withPrices=true')).json();
    expect(list.items[0].price).toEqual({ totalCost: '772.00', salePrice: '1753.00', complete: true });
  });

  it('stores snapshots and compares a snapshot with today', async () => {
    await setManualMarket(t, { XAU: '100', 'USD/EUR': '0.9' });
    const snap = await admin.post(`/api/products/${slug}/snapshots`, { label: 'Tarif janvier' });
    expect(snap.statusCode).toBe(201);
    const snapshot = snap.json();
    expect(snapshot).toMatchObject({
      label: 'Tarif janvier',
      totalCost: '709.00',
      salePrice: '1627.00',
      complete: true,
    });
    expect(snapshot.market.metals.gold.value).toBe('100');
    expect(snapshot.pricing.lines).toHaveLength(5);

    await setManualMarket(t, { XAU: '110', 'USD/EUR': '0.9' });
    const res = await admin.get(`/api/products/${slug}/pricing?snapshotId=${snapshot.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // metal now 4.200 x 82.50 = 346.50 -> total 740.50, sale 693 + 925 + 72 = 1690
    expect(body.today).toMatchObject({ totalCost: '740.50', salePrice: '1690.00' });
    expect(body.snapshot).toMatchObject({ id: snapshot.id, totalCost: '709.00', salePrice: '1627.00' });
    expect(body.comparison).toEqual({
      totalCost: { amount: '31.50', percent: '4.44' },
      salePrice: { amount: '63.00', percent: '3.87' },
      sameComposition: true,
    });
    const now = (await admin.get(`/api/products/${slug}/pricing`)).json();
    expect(now).toMatchObject({ snapshot: null, comparison: null, today: { totalCost: '740.50' } });

    await admin.post(`/api/products/${slug}/snapshots`, {});
    const list = (await admin.get(`/api/products/${slug}/snapshots`)).json();
    expect(list.total).toBe(2);
    expect(list.items[1]).toMatchObject({ id: snapshot.id, label: 'Tarif janvier' });
    expect(list.items[0].totalCost).toBe('740.50');
    const audits = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'snapshot.create'));
    expect(audits).toHaveLength(2);
  });

  it('flags a line it cannot price (no calibrated range), never 0; the total says it is incomplete', async () => {
    const org = await createOrganization(t);
    const { client } = await signedInClient(t, { role: 'manager', organizationId: org });
    const usdStone = await insertStone(t, org, { name: 'Tanzanite', unitCost: '50', currency: 'USD' });
    const created = (
      await client.post('/api/products', {
        name: 'Pendentif tanzanite',
        category: 'pendentif',
        components: [
          { kind: 'stone', stoneId: usdStone, quantity: 2 },
          { kind: 'melee', mm: '3.5', clarity: 'VS1', quantity: 4 },
        ],
      })
    ).json();
    expect(created.pricing.lines[0].cost).toBe('90.00');
    expect(created.pricing.lines[1]).toMatchObject({ cost: null, missing: { reason: 'NO_RANGE' } });
    expect(created.pricing).toMatchObject({ complete: false, missingCount: 1, totalCost: '90.00' });
  });
});

describe('settings take effect on sheets', () => {
  it('a new sheet starts from the organization coefficients; VAT and the loss threshold come from the settings', async () => {
    const org = await createOrganization(t);
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const fresh = (await client.post('/api/products', { name: 'Bague nue', category: 'bague' })).json();
    expect(fresh.coefficients).toEqual({ metal: '1.5', stones: '1.8', labour: '2' }); // DEFAULT_SETTINGS

    const settings = (await client.get('/api/settings')).json();
    const saved = await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        ...settings,
        coefficientMetal: '1,75',
        coefficientStones: '2.2',
        coefficientLabour: '2,5',
        vatRatePct: '5,5',
        metalLossWarningPct: '6',
      },
    });
    expect(saved.statusCode).toBe(200);
    const later = (
      await client.post('/api/products', {
        name: 'Bague suivante',
        category: 'bague',
        components: [{ kind: 'other', label: 'Écrin', amount: '100' }],
      })
    ).json();
    expect(later.coefficients).toEqual({ metal: '1.75', stones: '2.2', labour: '2.5' });
    // 100 x 2.2 = 220 HT ; VAT 5.5 % = 12.10 ; 232.10 TTC
    expect(later.pricing).toMatchObject({
      salePrice: '220.00',
      vatRatePct: '5.5',
      vatAmount: '12.10',
      salePriceInclVat: '232.10',
    });
    // the sheet created before keeps its own coefficients (editable on the sheet)
    expect((await client.get(`/api/products/${fresh.slug}`)).json().coefficients).toEqual(fresh.coefficients);
    // an update without coefficients keeps them; with them, changes them
    const put = await client.request({
      method: 'PUT',
      url: `/api/products/${later.slug}`,
      payload: {
        name: later.name,
        category: 'bague',
        version: later.version,
        components: later.components,
      },
    });
    expect(put.json().coefficients).toEqual({ metal: '1.75', stones: '2.2', labour: '2.5' });
    const put2 = await client.request({
      method: 'PUT',
      url: `/api/products/${later.slug}`,
      payload: {
        name: later.name,
        category: 'bague',
        version: put.json().version,
        coefficients: { metal: '3', stones: '3', labour: '3' },
        components: later.components,
      },
    });
    expect(put2.json().pricing.salePrice).toBe('300.00');
  });

  it('GET /api/pricing-settings: every role reads what it prices with, not the legal identity', async () => {
    const org = await createOrganization(t);
    const { client: adminClient } = await signedInClient(t, { role: 'admin', organizationId: org });
    const settings = (await adminClient.get('/api/settings')).json();
    await adminClient.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, buybackFactor: '0,8', siren: '' },
    });
    for (const role of ['sales', 'production', 'manager'] as const) {
      const { client } = await signedInClient(t, { role, organizationId: org });
      const res = await client.get('/api/pricing-settings');
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({
        vatRatePct: '20',
        buybackFactor: '0.8',
        quoteValidityDays: 30,
        coefficientMetal: '1.5',
        coefficientStones: '1.8',
        coefficientLabour: '2',
        hourlyRates: [{ label: 'Atelier', ratePerHour: '60' }],
        metalLossWarningPct: '3',
        vatRegistered: false,
      });
      expect((await client.get('/api/settings')).statusCode, role).toBe(role === 'manager' ? 200 : 403);
    }
  });
});

describe('POST /api/products/pricing-preview', () => {
  it('prices an unsaved composition exactly like the saved sheet', async () => {
    await setManualMarket(t, { XAU: '100', 'USD/EUR': '0.9' });
    const saved = (await admin.get(`/api/products/${slug}`)).json();
    const res = await admin.post('/api/products/pricing-preview', {
      coefficients: saved.coefficients,
      components: saved.components.map(({ id: _id, position: _p, ...c }: Record<string, unknown>) => c),
    });
    expect(res.statusCode).toBe(200);
    const { market: _m1, ...preview } = res.json();
    const { market: _m2, ...stored } = saved.pricing;
    expect(preview).toEqual(stored);
    // typed the French way, a changed weight reprices without saving anything
    const changed = await admin.post('/api/products/pricing-preview', {
      coefficients: { metal: '2', stones: '2,5', labour: '3' },
      components: [{ kind: 'metal', alloyId: saved.components[0].alloyId, weightG: '12,5', lossPct: '0' }],
    });
    // 12.500 g x 75.00 = 937.50 ; x 2 = 1875
    expect(changed.json()).toMatchObject({ totalCost: '937.50', salePrice: '1875.00' });
    expect((await admin.get(`/api/products/${slug}`)).json().version).toBe(saved.version);
  });

  it('400 with field errors on bad input, 403 for read-only roles, 403 without CSRF, 401 signed out', async () => {
    const bad = await admin.post('/api/products/pricing-preview', {
      coefficients: { metal: '0', stones: '2', labour: '2' },
      components: [{ kind: 'stone', stoneId: '00000000-0000-4000-8000-000000000001', quantity: '12,5' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'coefficients.metal': ['Doit être supérieur à 0'],
      'components.0.quantity': ['La quantité doit être un nombre entier'],
    });
    const body = { coefficients: { metal: '2', stones: '2', labour: '2' }, components: [] };
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.post('/api/products/pricing-preview', body)).statusCode).toBe(403);
    expect((await admin.post('/api/products/pricing-preview', body, { csrf: false })).statusCode).toBe(403);
    expect((await new TestClient(t.app).post('/api/products/pricing-preview', body)).statusCode).toBe(401);
  });
});

describe('pricing and snapshot routes: errors and access', () => {
  it('400 on a bad snapshot id, 404 on a snapshot of another product or organization', async () => {
    const bad = await admin.get(`/api/products/${slug}/pricing?snapshotId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.snapshotId).toEqual(['Instantané inconnu']);
    const other = (await admin.post('/api/products', { name: 'Broche', category: 'broche' })).json();
    const otherSnap = (await admin.post(`/api/products/${other.slug}/snapshots`, {})).json();
    const wrong = await admin.get(`/api/products/${slug}/pricing?snapshotId=${otherSnap.id}`);
    expect(wrong.statusCode).toBe(404);
    const { client: foreigner } = await signedInClient(t, {
      role: 'admin',
      organizationId: await createOrganization(t),
    });
    expect((await foreigner.get(`/api/products/${slug}/pricing`)).statusCode).toBe(404);
    expect((await foreigner.get(`/api/products/${slug}/snapshots`)).statusCode).toBe(404);
    expect((await foreigner.post(`/api/products/${slug}/snapshots`, {})).statusCode).toBe(404);
    const longLabel = await admin.post(`/api/products/${slug}/snapshots`, { label: 'x'.repeat(201) });
    expect(longLabel.statusCode).toBe(400);
    expect(longLabel.json().fieldErrors.label).toEqual(['200 caractères au maximum']);
  });

  it('production reads prices but cannot take snapshots; CSRF and sign-in are required', async () => {
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    expect((await production.get(`/api/products/${slug}/pricing`)).statusCode).toBe(200);
    expect((await production.get(`/api/products/${slug}/snapshots`)).statusCode).toBe(200);
    expect((await production.post(`/api/products/${slug}/snapshots`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/products/${slug}/snapshots`, {}, { csrf: false })).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/products/${slug}/pricing`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/products/${slug}/snapshots`)).statusCode).toBe(401);
  });
});

describe('seedDemoProducts', () => {
  it("creates the demo sheets once, using the organization's stones and steps found by name", async () => {
    const org = await createOrganization(t, 'Bijouterie Démo produits');
    await insertStone(t, org, { name: 'Perle de culture Akoya 8 mm', unitCost: '45', currency: 'EUR' });
    await insertStep(t, org, { name: 'Sertissage', code: 'SERTI', hourlyRate: '65' });
    expect(await seedDemoProducts(t.handle.db, org)).toBe(DEMO_PRODUCTS.length);
    expect(await seedDemoProducts(t.handle.db, org)).toBe(0);
    const { client } = await signedInClient(t, { role: 'sales', organizationId: org });
    const list = (await client.get('/api/products?pageSize=100&withPrices=true')).json();
    expect(list.total).toBe(DEMO_PRODUCTS.length);
    const pearl = (await client.get('/api/products/pendentif-perle')).json();
    expect(pearl.pricing.lines.map((l: { kind: string }) => l.kind)).toEqual(['metal', 'stone']);
    expect(pearl.pricing.lines[1]).toMatchObject({ label: 'Perle de culture Akoya 8 mm', cost: '45.00' });
    const solitaire = (await client.get('/api/products/solitaire-or-blanc-18kt-0-50-ct')).json();
    expect(solitaire.pricing.lines.map((l: { kind: string }) => l.kind)).toEqual(['metal', 'labour', 'other']);
    expect(solitaire.pricing.complete).toBe(true);
  });
});

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
    coefficient: '2',
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
    // metal 4 g x 75 €/g x 1.05 = 315 ; stone 100 USD x 0.9 = 90 ; melee 10 x 0.029768 ct x 1000 x 0.9 = 267.912
    // labour 30/60 x 48 = 24 ; other 10 => 706.91 ; x 2 = 1413.82
    expect(pricing.lines.map((l: { cost: string }) => l.cost)).toEqual(['315.00', '90.00', '267.91', '24.00', '10.00']);
    expect(pricing).toMatchObject({ totalCost: '706.91', salePrice: '1413.82', complete: true, coefficient: '2' });
    expect(pricing.market.metals.gold).toMatchObject({ value: '100', source: 'Saisie manuelle (test)' });
    expect(pricing.market.fx.USD.value).toBe('0.9');
  });

  it('changes the displayed price when the gold price changes (manual data source)', async () => {
    await setManualMarket(t, { XAU: '120', 'USD/EUR': '0.9' });
    const { pricing } = (await admin.get(`/api/products/${slug}`)).json();
    // metal 4 x 90 x 1.05 = 378
    expect(pricing.lines[0].cost).toBe('378.00');
    expect(pricing.totalCost).toBe('769.91');
    expect(pricing.salePrice).toBe('1539.82');
    const list = (await admin.get('/api/products?withPrices=true')).json();
    expect(list.items[0].price).toEqual({ totalCost: '769.91', salePrice: '1539.82', complete: true });
  });

  it('stores snapshots and compares a snapshot with today', async () => {
    await setManualMarket(t, { XAU: '100', 'USD/EUR': '0.9' });
    const snap = await admin.post(`/api/products/${slug}/snapshots`, { label: 'Tarif janvier' });
    expect(snap.statusCode).toBe(201);
    const snapshot = snap.json();
    expect(snapshot).toMatchObject({
      label: 'Tarif janvier',
      totalCost: '706.91',
      salePrice: '1413.82',
      complete: true,
    });
    expect(snapshot.market.metals.gold.value).toBe('100');
    expect(snapshot.pricing.lines).toHaveLength(5);

    await setManualMarket(t, { XAU: '110', 'USD/EUR': '0.9' });
    const res = await admin.get(`/api/products/${slug}/pricing?snapshotId=${snapshot.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // metal now 4 x 82.5 x 1.05 = 346.50 -> total 738.41, sale 1476.82
    expect(body.today).toMatchObject({ totalCost: '738.41', salePrice: '1476.82' });
    expect(body.snapshot).toMatchObject({ id: snapshot.id, totalCost: '706.91', salePrice: '1413.82' });
    expect(body.comparison).toEqual({
      totalCost: { amount: '31.50', percent: '4.46' },
      salePrice: { amount: '63.00', percent: '4.46' },
      sameComposition: true,
    });
    const now = (await admin.get(`/api/products/${slug}/pricing`)).json();
    expect(now).toMatchObject({ snapshot: null, comparison: null, today: { totalCost: '738.41' } });

    await admin.post(`/api/products/${slug}/snapshots`, {});
    const list = (await admin.get(`/api/products/${slug}/snapshots`)).json();
    expect(list.total).toBe(2);
    expect(list.items[1]).toMatchObject({ id: snapshot.id, label: 'Tarif janvier' });
    expect(list.items[0].totalCost).toBe('738.41');
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

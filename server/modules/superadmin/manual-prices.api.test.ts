/**
 * The price grid of a `manual` data source: PUT /api/superadmin/data-sources/:id/prices stores the
 * typed prices stamped with the server time, the market serves them at once, bad prices are refused field by
 * field, and a manual (or demo) source never holds an API key.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManualPrices, type DataSourceView } from '@shared/schemas/superadmin';
import { TestClient, createOrganization, createTestApp, signedInClient, type TestApp } from '../../test/harness';

let t: TestApp;
let root: TestClient;
let admin: TestClient;
let clock = new Date('2026-11-20T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, () => clock);
  const org = await createOrganization(t, 'Plateforme');
  root = (await signedInClient(t, { role: 'superadmin', organizationId: org })).client;
  admin = (await signedInClient(t, { role: 'admin', organizationId: org })).client;
});
afterAll(async () => {
  await t?.close();
});

const putPrices = (client: TestClient, id: string, payload: unknown, options: { csrf?: boolean } = {}) =>
  client.request({
    method: 'PUT',
    url: `/api/superadmin/data-sources/${id}/prices`,
    payload: payload as Record<string, unknown>,
    ...options,
  });

async function createManual(instruments: string[], priority = 1): Promise<DataSourceView> {
  const res = await root.post('/api/superadmin/data-sources', {
    kind: 'manual',
    name: `Cours vitrine ${Math.random().toString(36).slice(2, 7)}`,
    instruments,
    priority,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DataSourceView>();
}

describe('manual price grid', () => {
  it('stores the typed prices stamped with the server time, and the market serves them at once', async () => {
    const source = await createManual(['XAU', 'XAG', 'USD/EUR']);
    clock = new Date('2026-11-20T09:05:00Z');
    const res = await putPrices(root, source.id, { values: { XAU: '131.25', 'USD/EUR': '0.9215' } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = readManualPrices(res.json<DataSourceView>().config);
    expect(saved).toEqual({
      values: { XAU: '131.25', 'USD/EUR': '0.9215' },
      setAt: { XAU: '2026-11-20T09:05:00.000Z', 'USD/EUR': '2026-11-20T09:05:00.000Z' },
      updatedAt: '2026-11-20T09:05:00.000Z',
    });
    const gold = (await root.get('/api/spot/gold')).json();
    expect(gold).toMatchObject({ pricePerG: '131.25', source: source.name, observedAt: '2026-11-20T09:05:00.000Z' });
    expect((await root.get('/api/fx/USD/EUR')).json()).toMatchObject({ rate: '0.9215', source: source.name });

    // A quarter of an hour later only gold changes: USD/EUR keeps the time it was typed.
    clock = new Date('2026-11-20T09:20:00Z');
    const again = await putPrices(root, source.id, { values: { XAU: '132.5', 'USD/EUR': '0.92150' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(readManualPrices(again.json<DataSourceView>().config).setAt).toEqual({
      XAU: '2026-11-20T09:20:00.000Z',
      'USD/EUR': '2026-11-20T09:05:00.000Z',
    });
    expect((await root.get('/api/spot/gold')).json()).toMatchObject({ pricePerG: '132.5' });

    const audits = await t.handle.db.execute(
      sql`SELECT changes::text AS c FROM audit_log WHERE entity_type = 'data-source' AND entity_id = ${source.id}`,
    );
    expect(JSON.stringify(audits)).toContain('132.5');
  });

  it('refuses a price that is not a decimal above 0, field by field, and an empty grid', async () => {
    const source = await createManual(['XAU', 'XAG', 'XPT', 'USD/EUR']);
    for (const bad of ['0', '0.00', '-3', '12,5', 'abc', '1e3', '']) {
      const res = await putPrices(root, source.id, { values: { XAU: bad, XAG: '1.05' } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fieldErrors, bad).toEqual({ 'values.XAU': ['Prix décimal positif attendu (ex. 118,20)'] });
    }
    const numeric = await putPrices(root, source.id, { values: { XPT: 31.5 } });
    expect(numeric.json().fieldErrors).toEqual({ 'values.XPT': ['Prix décimal positif attendu (ex. 118,20)'] });
    const empty = await putPrices(root, source.id, { values: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ values: ['Saisissez au moins un cours'] });
    // Nothing was stored by the refused attempts.
    const stored = (await root.get(`/api/superadmin/data-sources/${source.id}`)).json<DataSourceView>();
    expect(readManualPrices(stored.config).values).toEqual({});
  });

  it('refuses an instrument the source does not cover, a non-manual source and an unknown source', async () => {
    const source = await createManual(['XAU']);
    const outside = await putPrices(root, source.id, { values: { XAU: '130', XAG: '1.05' } });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json().fieldErrors)).toEqual(['values.XAG']);
    const ecb = (
      await root.post('/api/superadmin/data-sources', { kind: 'ecb', name: 'BCE', instruments: ['USD/EUR'] })
    ).json<DataSourceView>();
    const notManual = await putPrices(root, ecb.id, { values: { 'USD/EUR': '0.92' } });
    expect(notManual.statusCode).toBe(400);
    expect(notManual.json().message).toBe("Cette source n'est pas une saisie manuelle des cours");
    const unknown = await putPrices(root, '00000000-0000-4000-8000-000000000000', { values: { XAU: '1' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for the superadmin only, with a CSRF token', async () => {
    const source = await createManual(['XAU']);
    expect((await putPrices(admin, source.id, { values: { XAU: '130' } })).statusCode).toBe(403);
    expect((await putPrices(root, source.id, { values: { XAU: '130' } }, { csrf: false })).statusCode).toBe(403);
    expect((await putPrices(new TestClient(t.app), source.id, { values: { XAU: '130' } })).statusCode).toBe(401);
  });
});

describe('API key', () => {
  it('is refused for a manual or demo source, on creation and on edit', async () => {
    for (const kind of ['manual', 'demo']) {
      const res = await root.post('/api/superadmin/data-sources', {
        kind,
        name: `Sans clé ${kind}`,
        instruments: ['XAU'],
        secret: 'une-cle-inutile-1234',
      });
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().fieldErrors).toEqual({ secret: ["Pas de clé d'API pour ce type de source"] });
    }
    const source = await createManual(['XAU']);
    const patched = await root.request({
      method: 'PATCH',
      url: `/api/superadmin/data-sources/${source.id}`,
      payload: { secret: 'une-cle-inutile-1234' },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fieldErrors).toEqual({ secret: ["Pas de clé d'API pour ce type de source"] });
    const removing = await root.request({
      method: 'PATCH',
      url: `/api/superadmin/data-sources/${source.id}`,
      payload: { secret: null },
    });
    expect(removing.statusCode, removing.body).toBe(200);
  });

  it('stays accepted for an HTTP provider', async () => {
    const res = await root.post('/api/superadmin/data-sources', {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU'],
      secret: 'cle-goldapi-1234567890',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DataSourceView>().secretMasked).toBe('••••7890');
  });
});

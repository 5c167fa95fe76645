import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@shared/schemas/settings';
import { auditLog } from '../../db/schema';
import { TestClient, createOrganization, createTestApp, signedInClient, type TestApp } from '../../test/harness';

let t: TestApp;
let orgId: string;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Maison Verdier');
  admin = (await signedInClient(t, { role: 'admin', organizationId: orgId })).client;
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1a4d80000000049454e44ae426082',
    'hex',
  ),
]);

const put = (client: TestClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/settings', payload: payload as Record<string, unknown> });

describe('GET /api/settings', () => {
  it('answers the defaults of a new organization (VAT 20 %, buy-back 0.755, 30 days, product word)', async () => {
    const res = await admin.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 1,
      legalName: 'Maison Verdier',
      vatRatePct: '20',
      buybackFactor: '0.755',
      quoteValidityDays: 30,
      productWordMenu: 'Diamant',
      productWordToast: 'diamants',
      logo: null,
    });
  });

  it('lets a manager read but not write; 403 for sales; 401 signed out', async () => {
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    const read = await manager.get('/api/settings');
    expect(read.statusCode).toBe(200);
    expect((await put(manager, read.json())).statusCode).toBe(403);
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.get('/api/settings')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/settings')).statusCode).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('saves the legal identity and rates, audits the diff, bumps the version and feeds the product word', async () => {
    const current = (await admin.get('/api/settings')).json<SettingsAnswer>();
    const { logo: _logo, ...body } = current;
    const res = await put(admin, {
      ...body,
      legalName: 'Maison Verdier SAS',
      legalForm: 'SAS',
      siren: '732 829 320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      vatRatePct: '5,5',
      buybackFactor: '0.76',
      productWordMenu: 'Pierre',
      productWordToast: 'pierres',
      hourlyRates: [{ label: 'Sertissage', ratePerHour: '75.50' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SettingsAnswer>();
    expect(saved).toMatchObject({ version: 2, siren: '732829320', vatRatePct: '5.5', legalName: 'Maison Verdier SAS' });
    const user = (await admin.get('/api/user')).json();
    expect(user).toMatchObject({
      organizationName: 'Maison Verdier SAS',
      productWord: { menu: 'Pierre', toast: 'pierres' },
    });
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, orgId), eq(auditLog.entityType, 'settings')));
    expect(audit!.changes).toMatchObject({
      vatRatePct: { from: '20', to: '5.5' },
      siren: { from: '', to: '732829320' },
    });
    expect(audit!.changes).not.toHaveProperty('quoteValidityDays');
  });

  it('answers 409 on a stale version', async () => {
    const current = (await admin.get('/api/settings')).json<SettingsAnswer>();
    const { logo: _logo, ...body } = current;
    expect((await put(admin, { ...body, quoteValidityDays: 45 })).statusCode).toBe(200);
    const stale = await put(admin, { ...body, quoteValidityDays: 60 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
  });

  it('validates SIREN, SIRET and VAT keys and the ranges, in French', async () => {
    const current = (await admin.get('/api/settings')).json<SettingsAnswer>();
    const { logo: _logo, ...body } = current;
    const res = await put(admin, {
      ...body,
      siren: '732829321',
      siret: '1234',
      vatNumber: 'FR45732829320',
      vatRatePct: '120',
      buybackFactor: 'abc',
      quoteValidityDays: 0,
      postalCode: '750',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      siren: ['SIREN invalide (9 chiffres, clé de contrôle)'],
      siret: ['SIRET invalide (14 chiffres, clé de contrôle)'],
      vatNumber: ['Numéro de TVA invalide (FR + clé + SIREN)'],
      vatRatePct: ['Taux de TVA : entre 0 et 100'],
      quoteValidityDays: ['Au moins 1 jour'],
      postalCode: ['Code postal : 5 chiffres'],
    });
    const mismatch = await put(admin, { ...body, siren: '552100554', siret: '73282932000074' });
    expect(mismatch.json().fieldErrors.siret).toEqual(['Le SIRET doit commencer par le SIREN']);
  });
});

describe('logo', () => {
  it('accepts a PNG (magic bytes checked), serves it back to any signed-in user, and deletes it', async () => {
    const up = await admin.request({
      method: 'PUT',
      url: '/api/settings/logo',
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().logo).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.length });
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    const got = await production.get('/api/settings/logo');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await admin.get('/api/settings')).json().logo.contentType).toBe('image/png');
    const del = await admin.request({ method: 'DELETE', url: '/api/settings/logo' });
    expect(del.statusCode).toBe(200);
    expect((await production.get('/api/settings/logo')).statusCode).toBe(404);
  });

  it('refuses a file whose bytes are not the declared image (400), too large (413), for a manager (403)', async () => {
    const html = await admin.request({
      method: 'PUT',
      url: '/api/settings/logo',
      payload: Buffer.from('<svg onload=alert(1)></svg>'),
      headers: { 'content-type': 'image/png' },
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().fieldErrors.logo).toEqual(["Format d'image non reconnu : PNG, JPEG ou WebP"]);
    const big = await admin.request({
      method: 'PUT',
      url: '/api/settings/logo',
      payload: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]),
      headers: { 'content-type': 'image/png' },
    });
    expect(big.statusCode).toBe(413);
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    const denied = await manager.request({
      method: 'PUT',
      url: '/api/settings/logo',
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('limits logo uploads per user (429 after 20 in 10 minutes)', async () => {
    const { client } = await signedInClient(t, { role: 'admin', organizationId: orgId });
    const upload = () =>
      client.request({
        method: 'PUT',
        url: '/api/settings/logo',
        payload: PNG,
        headers: { 'content-type': 'image/png' },
      });
    for (let i = 0; i < 20; i++) expect((await upload()).statusCode).toBe(200);
    const limited = await upload();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTOS_MAX } from '@shared/schemas/products';
import { auditLog } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from './test/images';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let product: { id: string; slug: string };

const upload = (data: Buffer, contentType = 'image/png', filename = 'photo.png') => ({
  filename,
  contentType,
  dataBase64: data.toString('base64'),
});

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Photo');
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
  product = (await admin.post('/api/products', { name: 'Bague photo', category: 'bague' })).json();
});

afterAll(async () => {
  await t?.close();
});

describe('product photos', () => {
  it('uploads JPEG, PNG and WebP, serves them with their type and cache headers, org-checked', async () => {
    const sent: Array<[Buffer, string, string]> = [
      [TINY_PNG, 'image/png', 'face.png'],
      [TINY_JPEG, 'image/jpeg', 'profil.jpg'],
      [TINY_WEBP, 'image/webp', 'dessus.webp'],
    ];
    const ids: string[] = [];
    for (const [data, type, name] of sent) {
      const res = await admin.post(`/api/products/${product.slug}/photos`, upload(data, type, name));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ filename: name, contentType: type, sizeBytes: data.length });
      ids.push(res.json().id);
    }
    const detail = (await admin.get(`/api/products/${product.slug}`)).json();
    expect(detail.photos.map((p: { id: string }) => p.id)).toEqual(ids);
    const url = detail.photos[1].url as string;
    expect(url).toBe(`/api/products/${product.id}/photos/${ids[1]}`);

    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    const image = await production.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Signed-in answers are never stored by the browser or a proxy (ADR 0002).
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(TINY_JPEG)).toBe(true);
    const bySlug = await production.get(`/api/products/${product.slug}/photos/${ids[0]}`);
    expect(bySlug.headers['content-type']).toBe('image/png');
    const cached = await production.request({
      method: 'GET',
      url,
      headers: { 'if-none-match': image.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);

    const otherOrg = await createOrganization(t);
    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: otherOrg });
    expect((await foreigner.get(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    expect((await admin.get(`/api/products/${product.id}/photos/not-a-uuid`)).statusCode).toBe(404);

    // Reorder: every photo exactly once.
    const reversed = [...ids].reverse();
    const order = await admin.request({
      method: 'PUT',
      url: `/api/products/${product.slug}/photos/order`,
      payload: { photoIds: reversed },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json().items.map((p: { id: string }) => p.id)).toEqual(reversed);
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/products/${product.slug}/photos/order`,
      payload: { photoIds: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fieldErrors.photoIds).toEqual(['Donnez chaque photo du produit exactement une fois']);

    // Delete.
    const del = await admin.request({ method: 'DELETE', url: `/api/products/${product.slug}/photos/${ids[0]}` });
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`/api/products/${product.id}/photos/${ids[0]}`)).statusCode).toBe(404);
    const again = await admin.request({ method: 'DELETE', url: `/api/products/${product.slug}/photos/${ids[0]}` });
    expect(again.statusCode).toBe(404);

    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, product.id));
    expect(actions.map((a) => a.action)).toEqual([
      'create',
      'photo.add',
      'photo.add',
      'photo.add',
      'photo.reorder',
      'photo.delete',
    ]);
  });

  it('refuses what is not a JPEG/PNG/WebP image (400), whatever the declared type', async () => {
    const gif = await admin.post(
      `/api/products/${product.slug}/photos`,
      upload(Buffer.from('GIF89a-fake'), 'image/png'),
    );
    expect(gif.statusCode).toBe(400);
    expect(gif.json().fieldErrors.dataBase64).toEqual(["Ce fichier n'est pas une image JPEG, PNG ou WebP"]);
    const svg = await admin.post(`/api/products/${product.slug}/photos`, {
      filename: 'x.svg',
      contentType: 'image/svg+xml',
      dataBase64: Buffer.from('<svg/>').toString('base64'),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().fieldErrors.contentType[0]).toMatch(/JPEG, PNG ou WebP/);
    const mismatch = await admin.post(`/api/products/${product.slug}/photos`, upload(TINY_PNG, 'image/jpeg'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors.contentType[0]).toMatch(/PNG/);
    const bad = await admin.post(`/api/products/${product.slug}/photos`, { filename: '', dataBase64: '%%%' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['contentType', 'dataBase64', 'filename']);
  });

  it('refuses a photo over 5 MB (413), decoded or as a body', async () => {
    const big = Buffer.alloc(PRODUCT_PHOTO_MAX_BYTES + 1);
    TINY_PNG.copy(big);
    const decoded = await admin.post(`/api/products/${product.slug}/photos`, upload(big));
    expect(decoded.statusCode).toBe(413);
    expect(decoded.json().code).toBe('PAYLOAD_TOO_LARGE');
    const huge = Buffer.alloc(PRODUCT_PHOTO_MAX_BYTES * 2);
    const body = await admin.post(`/api/products/${product.slug}/photos`, upload(huge));
    expect(body.statusCode).toBe(413);
  });

  it('caps photos per product', async () => {
    const { client } = await signedInClient(t, { role: 'admin', organizationId: orgId });
    const p = (await client.post('/api/products', { name: 'Collier dix photos', category: 'collier' })).json();
    for (let i = 0; i < PRODUCT_PHOTOS_MAX; i += 1) {
      expect((await client.post(`/api/products/${p.slug}/photos`, upload(TINY_PNG))).statusCode).toBe(201);
    }
    const eleventh = await client.post(`/api/products/${p.slug}/photos`, upload(TINY_PNG));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().fieldErrors.dataBase64).toEqual(['10 photos au maximum par produit']);
  });

  it('rate-limits uploads per user (429)', async () => {
    const { client } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    const p = (await client.post('/api/products', { name: 'Bague rafale', category: 'bague' })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await client.post(`/api/products/${p.slug}/photos`, upload(Buffer.from('x')))).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses sales (403), missing CSRF (403), signed out (401), another organization (404)', async () => {
    const url = `/api/products/${product.slug}/photos`;
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.post(url, upload(TINY_PNG))).statusCode).toBe(403);
    expect((await admin.post(url, upload(TINY_PNG), { csrf: false })).statusCode).toBe(403);
    expect((await new TestClient(t.app).post(url, upload(TINY_PNG))).statusCode).toBe(401);
    const { client: foreigner } = await signedInClient(t, {
      role: 'admin',
      organizationId: await createOrganization(t),
    });
    expect((await foreigner.post(url, upload(TINY_PNG))).statusCode).toBe(404);
    const photoUrl = `${url}/00000000-0000-4000-8000-000000000000`;
    expect((await sales.request({ method: 'DELETE', url: photoUrl })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: photoUrl, csrf: false })).statusCode).toBe(403);
    expect((await new TestClient(t.app).request({ method: 'DELETE', url: photoUrl })).statusCode).toBe(401);
    const order = { method: 'PUT' as const, url: `${url}/order`, payload: { photoIds: [] } };
    expect((await sales.request(order)).statusCode).toBe(403);
    expect((await admin.request({ ...order, csrf: false })).statusCode).toBe(403);
    expect((await new TestClient(t.app).request(order)).statusCode).toBe(401);
    expect((await foreigner.request(order)).statusCode).toBe(404);
    const badOrder = await admin.request({ ...order, payload: { photoIds: ['x'] } });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fieldErrors['photoIds.0']).toEqual(['Photo inconnue']);
  });
});

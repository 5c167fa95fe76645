import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLD_BUY_IDENTITY_SCANS_MAX, type GoldBuyDetail } from '@shared/schemas/gold-buys';
import type { TestApp, TestClient } from '../../test/harness';
import { TINY_JPEG, TINY_PNG } from '../products/test/images';
import { IBAN, MONDAY_10H, RING, SELLER, startGoldBuyApp } from './test/fixtures';

const clock = { now: MONDAY_10H };
let t: TestApp;
let admin: TestClient;
let manager: TestClient;
let sales: TestClient;
let production: TestClient;
let foreign: TestClient;

beforeAll(async () => {
  ({ t, admin, manager, sales, production, foreign } = await startGoldBuyApp(clock, 'Bijouterie Photos'));
});

afterAll(async () => {
  await t?.close();
});

const upload = (data: Buffer, contentType = 'image/png', filename = 'bague.png') => ({
  filename,
  contentType,
  dataBase64: data.toString('base64'),
});

async function draft(client = admin, items: unknown[] = [RING, { ...RING, description: 'Alliance' }]) {
  const res = await client.post('/api/gold-buys', { seller: SELLER, items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GoldBuyDetail>();
}

async function read(id: string, client = admin) {
  const res = await client.get(`/api/gold-buys/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GoldBuyDetail>();
}

async function save(buy: GoldBuyDetail, photoIds: Array<string | null>, client = admin) {
  return client.request({
    method: 'PUT',
    url: `/api/gold-buys/${buy.id}`,
    payload: {
      version: buy.version,
      seller: SELLER,
      items: buy.items.map((item, index) => ({ ...RING, description: item.description, photoId: photoIds[index] })),
    },
  });
}

async function validate(buy: GoldBuyDetail) {
  const res = await admin.post(`/api/gold-buys/${buy.id}/validate`, {
    version: buy.version,
    signedPlace: 'Lyon',
    paymentMethod: 'transfer',
    iban: IBAN,
    accountInSellerName: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GoldBuyDetail>();
}

describe('photos of the items bought', () => {
  it('are uploaded to a draft, linked to an item on save, served, and unused ones go at the next save', async () => {
    const buy = await draft();
    const first = await admin.post(`/api/gold-buys/${buy.id}/photos`, upload(TINY_PNG));
    expect(first.statusCode, first.body).toBe(201);
    const photo = first.json<{ id: string; url: string }>();
    expect(photo.url).toBe(`/api/gold-buys/${buy.id}/photos/${photo.id}`);
    const second = (await sales.post(`/api/gold-buys/${buy.id}/photos`, upload(TINY_JPEG, 'image/jpeg'))).json();

    const saved = await save(buy, [null, photo.id]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GoldBuyDetail>().items.map((i) => i.photoId)).toEqual([null, photo.id]);

    const image = await sales.get(photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    // The photo no item shows went with the save.
    expect((await admin.get(`/api/gold-buys/${buy.id}/photos/${second.id}`)).statusCode).toBe(404);
    // Nobody else sees it: production has no access to gold buys, another organization gets 404.
    expect((await production.get(photo.url)).statusCode).toBe(403);
    expect((await foreign.get(photo.url)).statusCode).toBe(404);
  });

  it('refuses an item photo of another purchase, a made-up one, and any on a new draft', async () => {
    const mine = await draft();
    const other = await draft();
    const photo = (await admin.post(`/api/gold-buys/${other.id}/photos`, upload(TINY_PNG))).json<{ id: string }>();
    const res = await save(mine, [photo.id, null]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'items.0.photoId': ['Photo inconnue : ajoutez-la à ce brouillon'] },
    });
    const fresh = await admin.post('/api/gold-buys', { seller: SELLER, items: [{ ...RING, photoId: photo.id }] });
    expect(fresh.statusCode).toBe(400);
    expect((await save(mine, ['not-a-uuid', null])).statusCode).toBe(400);
  });

  it('keeps a photo an item shows (409 on delete), and freezes them all once the contract is signed', async () => {
    const buy = await draft();
    const photo = (await admin.post(`/api/gold-buys/${buy.id}/photos`, upload(TINY_PNG))).json<{ id: string }>();
    const saved = (await save(buy, [photo.id, null])).json<GoldBuyDetail>();
    const shown = await admin.request({ method: 'DELETE', url: `/api/gold-buys/${buy.id}/photos/${photo.id}` });
    expect(shown.statusCode).toBe(409);
    expect(shown.json().message).toContain('objet 1');

    const signed = await validate(saved);
    expect(signed.items[0]!.photoId).toBe(photo.id);
    expect((await admin.post(`/api/gold-buys/${buy.id}/photos`, upload(TINY_PNG))).statusCode).toBe(409);
    const del = await admin.request({ method: 'DELETE', url: `/api/gold-buys/${buy.id}/photos/${photo.id}` });
    expect(del.statusCode).toBe(409);

    // A correction is a new draft with copies of the photos, its items pointing at the copies.
    const correction = await admin.post(`/api/gold-buys/${buy.id}/correct`, {});
    expect(correction.statusCode, correction.body).toBe(201);
    const copy = correction.json<GoldBuyDetail>();
    expect(copy.items[0]!.photoId).not.toBeNull();
    expect(copy.items[0]!.photoId).not.toBe(photo.id);
    const copied = await admin.get(`/api/gold-buys/${copy.id}/photos/${copy.items[0]!.photoId}`);
    expect(copied.rawPayload.equals(TINY_PNG)).toBe(true);
    // The original still serves its own.
    expect((await admin.get(`/api/gold-buys/${buy.id}/photos/${photo.id}`)).statusCode).toBe(200);
  });

  it('checks the bytes like product photos: a PNG declared as JPEG or a non-image is refused', async () => {
    const buy = await draft();
    const mismatch = await admin.post(`/api/gold-buys/${buy.id}/photos`, upload(TINY_PNG, 'image/jpeg'));
    expect(mismatch.statusCode).toBe(400);
    const text = await admin.post(`/api/gold-buys/${buy.id}/photos`, upload(Buffer.from('hello'), 'image/png'));
    expect(text.statusCode).toBe(400);
  });
});

describe("scans of the seller's identity document", () => {
  it('are added at the counter and shown only to the roles allowed', async () => {
    const buy = await draft(sales);
    const scan = await sales.post(
      `/api/gold-buys/${buy.id}/identity-scans`,
      upload(TINY_JPEG, 'image/jpeg', 'cni.jpg'),
    );
    expect(scan.statusCode, scan.body).toBe(201);
    const { id, url } = scan.json<{ id: string; url: string }>();
    expect(url).toBe(`/api/gold-buys/${buy.id}/identity-scans/${id}`);

    // The sales person sees that a scan is there, not the scan.
    const forSales = await read(buy.id, sales);
    expect(forSales.identityScans).toBeNull();
    expect(forSales.identityScanCount).toBe(1);
    expect((await sales.get(url)).statusCode).toBe(403);
    // A manager and an admin see it.
    for (const client of [manager, admin]) {
      const detail = await read(buy.id, client);
      expect(detail.identityScans?.map((s) => s.id)).toEqual([id]);
      const image = await client.get(url);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(TINY_JPEG)).toBe(true);
    }
    expect((await foreign.get(url)).statusCode).toBe(404);
    expect((await production.get(url)).statusCode).toBe(403);
  });

  it(`takes ${GOLD_BUY_IDENTITY_SCANS_MAX} images at most, deletes while a draft, keeps them once signed`, async () => {
    const buy = await draft();
    const ids: string[] = [];
    for (let i = 0; i < GOLD_BUY_IDENTITY_SCANS_MAX; i += 1) {
      const res = await admin.post(`/api/gold-buys/${buy.id}/identity-scans`, upload(TINY_PNG));
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const third = await admin.post(`/api/gold-buys/${buy.id}/identity-scans`, upload(TINY_PNG));
    expect(third.statusCode).toBe(400);
    const del = await admin.request({ method: 'DELETE', url: `/api/gold-buys/${buy.id}/identity-scans/${ids[0]}` });
    expect(del.statusCode).toBe(204);
    expect((await read(buy.id)).identityScanCount).toBe(1);

    await validate(await read(buy.id));
    const after = await admin.request({ method: 'DELETE', url: `/api/gold-buys/${buy.id}/identity-scans/${ids[1]}` });
    expect(after.statusCode).toBe(409);
    expect((await admin.get(`/api/gold-buys/${buy.id}/identity-scans/${ids[1]}`)).statusCode).toBe(200);
  });

  it('holds the limit under parallel uploads', async () => {
    const buy = await draft();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/api/gold-buys/${buy.id}/identity-scans`, upload(TINY_PNG))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(GOLD_BUY_IDENTITY_SCANS_MAX);
    expect((await read(buy.id)).identityScanCount).toBe(GOLD_BUY_IDENTITY_SCANS_MAX);
  });
});

describe('a withdrawal after payment', () => {
  it('fixes what the seller repays (the net paid) and records when it comes back, once', async () => {
    const signed = await validate(await draft());
    const paid = (await admin.post(`/api/gold-buys/${signed.id}/pay`, { version: signed.version })).json();
    clock.now = new Date(MONDAY_10H.getTime() + 10 * 60_000); // ten minutes later
    try {
      const withdrawn = await admin.post(`/api/gold-buys/${signed.id}/withdraw`, { version: paid.version });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const w = withdrawn.json<GoldBuyDetail>();
      // Two rings of 566,25 €: jewellery under 5 000 € is exempt, so the net paid is the total.
      expect(w).toMatchObject({ status: 'withdrawn', withdrawalRepayment: '1132.50', withdrawalRepaidAt: null });
      const repaid = await admin.post(`/api/gold-buys/${signed.id}/repaid`, { version: w.version });
      expect(repaid.statusCode, repaid.body).toBe(200);
      expect(repaid.json()).toMatchObject({ status: 'withdrawn', withdrawalRepaidAt: clock.now.toISOString() });
      expect(repaid.json<GoldBuyDetail>().events.at(-1)?.label).toBe('Remboursement du vendeur reçu');
      const again = await admin.post(`/api/gold-buys/${signed.id}/repaid`, { version: repaid.json().version });
      expect(again.statusCode).toBe(409);
    } finally {
      clock.now = MONDAY_10H;
    }
  });

  it('asks nothing back when the purchase had not been paid', async () => {
    const signed = await validate(await draft());
    const w = (await admin.post(`/api/gold-buys/${signed.id}/withdraw`, { version: signed.version })).json();
    expect(w).toMatchObject({ status: 'withdrawn', withdrawalRepayment: null });
    const repaid = await admin.post(`/api/gold-buys/${signed.id}/repaid`, { version: w.version });
    expect(repaid.statusCode).toBe(409);
  });
});

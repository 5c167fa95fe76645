import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoldBuyDetail } from '@shared/schemas/gold-buys';
import { organizations, policeRegister } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/harness';
import { setManualMarket } from '../products/test/fixtures';
import { TINY_PNG } from '../products/test/images';
import { IBAN, MONDAY_10H, RING, SELLER, startGoldBuyApp, type GoldBuyTestSetup } from './test/fixtures';

const clock = { now: MONDAY_10H };
let t: TestApp;
let orgId: string;
let admin: TestClient;
let signIn: GoldBuyTestSetup['signIn'];

beforeAll(async () => {
  ({ t, orgId, admin, signIn } = await startGoldBuyApp(clock, 'Bijouterie Corrections'));
});

afterAll(async () => {
  await t?.close();
});

async function draft(body: Record<string, unknown> = {}, client = admin): Promise<GoldBuyDetail> {
  const res = await client.post('/api/gold-buys', { seller: SELLER, items: [RING], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function validate(buy: GoldBuyDetail, client = admin) {
  return client.post(`/api/gold-buys/${buy.id}/validate`, {
    version: buy.version,
    signedPlace: 'Lyon',
    paymentMethod: 'transfer',
    iban: IBAN,
    accountInSellerName: true,
  });
}

async function signed(body: Record<string, unknown> = {}): Promise<GoldBuyDetail> {
  const res = await validate(await draft(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const read = async (id: string) => (await admin.get(`/api/gold-buys/${id}`)).json<GoldBuyDetail>();

describe('a signed correction replaces its original', () => {
  it('closes the original in the register, keeps its prices and payment, and stops it from moving again', async () => {
    const original = await signed();
    const paid = (await admin.post(`/api/gold-buys/${original.id}/pay`, { version: original.version })).json();
    const correction = (await admin.post(`/api/gold-buys/${original.id}/correct`, {})).json<GoldBuyDetail>();
    // A second correction while one is open is refused.
    expect((await admin.post(`/api/gold-buys/${original.id}/correct`, {})).statusCode).toBe(409);

    // The market moves before the correction is signed: the correction keeps the original's frozen prices.
    await setManualMarket(t, { XAU: '120' });
    try {
      const fixed = await admin.request({
        method: 'PUT',
        url: `/api/gold-buys/${correction.id}`,
        payload: {
          version: correction.version,
          seller: { ...SELLER, lastName: 'Duprez' },
          items: [RING],
        },
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      const res = await validate(fixed.json());
      expect(res.statusCode, res.body).toBe(200);
      const corrected = res.json<GoldBuyDetail>();
      expect(corrected).toMatchObject({ status: 'paid', total: '566.25', paidAt: paid.paidAt });
      expect(corrected.market.gold?.value).toBe('100');

      const replaced = await read(original.id);
      expect(replaced.status).toBe('corrected');
      expect(replaced.events.at(-1)).toMatchObject({ action: 'superseded', toStatus: 'corrected' });
      for (const action of ['pay', 'withdraw', 'melt', 'resell'])
        expect(
          (await admin.post(`/api/gold-buys/${original.id}/${action}`, { version: replaced.version })).statusCode,
        ).toBe(409);
      expect((await admin.post(`/api/gold-buys/${original.id}/correct`, {})).statusCode).toBe(409);

      // The register: the original's entry closed by an "out" entry "corrected", the correction's entry stands.
      const entries = await t.handle.db.select().from(policeRegister).where(eq(policeRegister.organizationId, orgId));
      const ofOriginal = entries.filter((e) => e.goldBuyId === original.id);
      expect(ofOriginal.map((e) => [e.direction, e.destination])).toEqual([
        ['in', null],
        ['out', 'corrected'],
      ]);
      expect(ofOriginal[1]!.refersTo).toBe(ofOriginal[0]!.id);
      expect(entries.filter((e) => e.goldBuyId === corrected.id).map((e) => e.direction)).toEqual(['in']);
    } finally {
      await setManualMarket(t, { XAU: '100' });
    }
  });

  it('cannot correct a lot that has left the shop', async () => {
    const buy = await signed();
    const withdrawn = await admin.post(`/api/gold-buys/${buy.id}/withdraw`, { version: buy.version });
    expect(withdrawn.statusCode).toBe(200);
    expect((await admin.post(`/api/gold-buys/${buy.id}/correct`, {})).statusCode).toBe(409);
  });

  it('copies an item photo sent with an id in capitals', async () => {
    const buy = await draft();
    const photo = (
      await admin.post(`/api/gold-buys/${buy.id}/photos`, {
        filename: 'bague.png',
        contentType: 'image/png',
        dataBase64: TINY_PNG.toString('base64'),
      })
    ).json<{ id: string }>();
    const saved = await admin.request({
      method: 'PUT',
      url: `/api/gold-buys/${buy.id}`,
      payload: { version: buy.version, seller: SELLER, items: [{ ...RING, photoId: photo.id.toUpperCase() }] },
    });
    expect(saved.json<GoldBuyDetail>().items[0]!.photoId).toBe(photo.id);
    const res = await validate(saved.json());
    const correction = (await admin.post(`/api/gold-buys/${res.json<GoldBuyDetail>().id}/correct`, {})).json();
    expect(correction.items[0].photoId).toMatch(/^[0-9a-f-]{36}$/);
    expect(correction.items[0].photoId).not.toBe(photo.id);
  });
});

describe('what the review found', () => {
  it('a deleted draft is gone: it cannot be read, edited or signed', async () => {
    const buy = await draft();
    expect((await admin.request({ method: 'DELETE', url: `/api/gold-buys/${buy.id}` })).statusCode).toBe(204);
    expect((await admin.get(`/api/gold-buys/${buy.id}`)).statusCode).toBe(404);
    expect((await validate(buy)).statusCode).toBe(404);
  });

  it("refuses to sign without the shop's identity, naming what is missing", async () => {
    const bare = await signIn('admin', await createBareOrganization());
    const res = await validate(await draft({}, bare), bare);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('adresse');
    expect(res.json().message).toContain('RCS ou RM');
    expect(res.json().message).toContain('SIREN ou SIRET');
  });

  it('recognises an identity document however its number was typed', async () => {
    const buy = await draft({ seller: { ...SELLER, idDocumentNumber: '12 ab 34567' } });
    expect(buy.seller.idDocumentNumber).toBe('12AB34567');
  });

  it('sums only the purchases the shop keeps when no status is chosen', async () => {
    const org = await createBareOrganization(true);
    const client = await signIn('admin', org);
    const kept = await validate(await draft({}, client), client);
    expect(kept.statusCode).toBe(200);
    await draft({}, client); // a draft: never paid
    const gone = (await validate(await draft({}, client), client)).json<GoldBuyDetail>();
    await client.post(`/api/gold-buys/${gone.id}/withdraw`, { version: gone.version });
    const summary = (await client.get('/api/gold-buys/summary')).json();
    expect(summary).toMatchObject({ count: 1, total: '566.25', netPaid: '566.25' });
    expect(summary.byFineness).toEqual([{ metal: 'gold', fineness: 750, netWeightG: '10.000' }]);
    const drafts = (await client.get('/api/gold-buys/summary?status=draft')).json();
    expect(drafts.count).toBe(1);
  });
});

/** An organization of its own; with the shop's identity (no VAT number) when asked. */
async function createBareOrganization(withIdentity = false): Promise<string> {
  const [org] = await t.handle.db
    .insert(organizations)
    .values({
      name: `Bijouterie ${Math.random().toString(36).slice(2, 8)}`,
      slug: `bijouterie-${Math.random().toString(36).slice(2, 10)}`,
      settings: withIdentity
        ? {
            addressLine1: '1 rue du Bac',
            postalCode: '75007',
            city: 'Paris',
            siren: '812345676',
            rcsRm: 'RCS Paris 812 345 676',
          }
        : {},
    })
    .returning({ id: organizations.id });
  return org!.id;
}

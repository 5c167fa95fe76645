import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv';
import type { GoldBuyDetail, PoliceRegisterAnswer } from '@shared/schemas/gold-buys';
import { goldBuys, organizations, policeRegister } from '../../db/schema';
import { createOrganization, type TestApp, type TestClient } from '../../test/harness';
import { setManualMarket } from '../products/test/fixtures';
import { seedDemoGoldBuys } from './gold-buys.seed';
import { IBAN, MONDAY_10H, RING, SELLER, startGoldBuyApp, type GoldBuyTestSetup } from './test/fixtures';

const clock = { now: MONDAY_10H };
let t: TestApp;
let orgId: string;
let admin: TestClient;
let sales: TestClient;
let production: TestClient;
let foreign: TestClient;
let signIn: GoldBuyTestSetup['signIn'];

/** Another seller, identified by the minimum a contract needs. */
const OTHER_SELLER = {
  firstName: 'Paul',
  lastName: 'Martin',
  addressLine1: '3 quai Saint-Antoine',
  postalCode: '69002',
  city: 'Lyon',
  idDocumentType: 'passport',
  idDocumentNumber: '19AB12345',
};

beforeAll(async () => {
  ({ t, orgId, admin, sales, production, foreign, signIn } = await startGoldBuyApp(clock, 'Bijouterie Rachat'));
});

afterAll(async () => {
  await t?.close();
});

async function draft(client = admin, body: Record<string, unknown> = {}): Promise<GoldBuyDetail> {
  const res = await client.post('/api/gold-buys', { seller: SELLER, items: [RING], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function validate(buy: GoldBuyDetail, body: Record<string, unknown> = {}, client = admin) {
  return client.post(`/api/gold-buys/${buy.id}/validate`, {
    version: buy.version,
    signedPlace: 'Lyon',
    paymentMethod: 'transfer',
    iban: IBAN,
    accountInSellerName: true,
    ...body,
  });
}

async function setVatNumber(value: string) {
  await t.handle.db
    .update(organizations)
    .set({ settings: sql`${organizations.settings} || ${JSON.stringify({ vatNumber: value })}::jsonb` })
    .where(eq(organizations.id, orgId));
}

describe('a purchase: prices, tax and the contract', () => {
  it('prices a draft from the market: net weight x price per gram of the fineness x 0,755', async () => {
    const buy = await draft();
    expect(buy).toMatchObject({
      status: 'draft',
      number: null,
      sellerName: 'Mme Hélène Dupré',
      buybackFactor: '0.755',
    });
    expect(buy.items[0]).toMatchObject({ pricePerGram: '75.00', computedPrice: '566.25', price: '566.25' });
    expect(buy.tax).toMatchObject({ regime: 'flat', taxDue: '0.00', netPaid: '566.25' }); // jewellery <= 5 000 €
    expect(buy.market.gold?.value).toBe('100');
  });

  it('withholds 11 % + 0,5 % CRDS on precious metal when the shop is VAT-registered', async () => {
    await setVatNumber('FR40303265045');
    try {
      const buy = await draft(admin, { items: [{ ...RING, category: 'metal', description: 'Lingotin' }] });
      // 566,25 x 11 % = 62,2875 -> 62,29; x 0,5 % = 2,83125 -> 2,83; net 566,25 - 65,12 = 501,13
      expect(buy.tax).toMatchObject({
        taxDue: '65.12',
        withheldByBuyer: true,
        taxWithheld: '65.12',
        netPaid: '501.13',
      });
      expect(buy.vatRegistered).toBe(true);
      const capital = await draft(admin, { taxRegime: 'capital-gains', items: [{ ...RING, category: 'metal' }] });
      expect(capital.tax).toMatchObject({ flatTax: false, taxDue: '0.00', netPaid: '566.25' });
    } finally {
      await setVatNumber('');
    }
  });

  it('keeps a typed price with its reason, and refuses one without a reason (400 by field)', async () => {
    const typed = await draft(admin, { items: [{ ...RING, priceOverride: '600', overrideReason: 'Pièce signée' }] });
    expect(typed.items[0]).toMatchObject({ computedPrice: '566.25', price: '600.00', overrideReason: 'Pièce signée' });
    const res = await admin.post('/api/gold-buys', { items: [{ ...RING, priceOverride: '600' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(['items.0.overrideReason']);
  });

  it('signs the contract: number, date and hour, frozen prices, 48 h deadline, one register entry per item', async () => {
    const buy = await draft(admin, {
      items: [RING, { ...RING, description: 'Chaîne', netWeightG: '5', grossWeightG: '5' }],
    });
    const res = await validate(buy);
    expect(res.statusCode, res.body).toBe(200);
    const signed: GoldBuyDetail = res.json();
    expect(signed.number).toMatch(/^AO-2026-\d{4}$/);
    expect(signed).toMatchObject({
      status: 'validated',
      signedAt: clock.now.toISOString(),
      signedPlace: 'Lyon',
      // Monday 10:00 + 48 h = Wednesday 10:00 (Paris)
      withdrawalDeadline: '2026-03-04T09:00:00.000Z',
      withdrawalOpen: true,
      iban: IBAN,
      total: '849.38',
    });
    // The market moves: a signed contract keeps its prices.
    await setManualMarket(t, { XAU: '150', XAG: '0.8', XPT: '30', 'USD/EUR': '0.92' });
    const again: GoldBuyDetail = (await admin.get(`/api/gold-buys/${buy.id}`)).json();
    expect(again.items.map((i) => i.price)).toEqual(['566.25', '283.13']);
    expect(again.market.gold?.value).toBe('100');
    await setManualMarket(t, { XAU: '100', XAG: '0.8', XPT: '30', 'USD/EUR': '0.92' });

    const entries = await t.handle.db.select().from(policeRegister).where(eq(policeRegister.goldBuyId, buy.id));
    expect(entries.map((e) => [e.direction, e.description, e.weightG, e.fineness])).toEqual([
      ['in', 'Bague or jaune', '10.000', 750],
      ['in', 'Chaîne', '5.000', 750],
    ]);
    expect(entries[0]!.sellerDocument).toBe(
      "Carte nationale d'identité n° 123456789012, délivrée par Préfecture du Rhône, le 15/01/2020",
    );
    expect(entries[1]!.number).toBe(entries[0]!.number + 1);

    // Nothing is edited after signing.
    const put = await admin.request({
      method: 'PUT',
      url: `/api/gold-buys/${buy.id}`,
      payload: { ...RING, version: signed.version },
    });
    expect(put.statusCode).toBe(409);
  });

  it('refuses cash whatever the amount, a wrong IBAN, an account not in the seller name, and a missing identity', async () => {
    const buy = await draft();
    const cash = await validate(buy, { paymentMethod: 'cash' });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().fieldErrors.paymentMethod[0]).toContain('espèces sont interdites');
    expect((await validate(buy, { iban: 'FR76 3000 6000 0112 3456 7890 188' })).json().fieldErrors.iban).toEqual([
      'IBAN invalide (clé de contrôle)',
    ]);
    expect((await validate(buy, { accountInSellerName: false })).json().fieldErrors).toHaveProperty(
      'accountInSellerName',
    );
    const anonymous = await draft(admin, { seller: { lastName: 'Inconnu' } });
    const res = await validate(anonymous);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(['seller.idDocumentNumber']);
    const cheque = await validate(buy, { paymentMethod: 'cheque', iban: '', chequeNumber: '0012345' });
    expect(cheque.statusCode, cheque.body).toBe(200);
  });

  it('asks for the full identity from 10 000 € per seller and day (vigilance)', async () => {
    const small = await draft(admin, { seller: OTHER_SELLER });
    expect(small.amlVigilance).toBe(false);
    expect((await validate(small)).statusCode).toBe(200);
    const big = await draft(admin, {
      seller: OTHER_SELLER,
      items: [{ ...RING, category: 'metal', netWeightG: '190', grossWeightG: '190' }],
    });
    // 190 g: 10 758,75 € alone; with the 566,25 € signed earlier today: 11 325,00 € for this seller today.
    expect(big.total).toBe('10758.75');
    expect(big.sellerDayTotal).toBe('11325.00');
    expect(big.amlVigilance).toBe(true);
    const res = await validate(big);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(['seller.birthDate']);
    const complete = await admin.request({
      method: 'PUT',
      url: `/api/gold-buys/${big.id}`,
      payload: {
        version: big.version,
        seller: {
          ...SELLER,
          birthDate: '1970-05-04',
          birthPlace: 'Mâcon',
          idDocumentAuthority: 'Préfecture du Rhône',
          idDocumentDate: '2020-01-15',
        },
        items: [{ ...RING, category: 'metal', netWeightG: '200', grossWeightG: '200' }],
      },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    const signed = await validate(complete.json());
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().amlVigilance).toBe(true);
  });
});

describe('the 48 hours, payment, melting and withdrawal', () => {
  it('refuses to melt before the deadline, melts after it, and writes the register out-entries', async () => {
    clock.now = new Date('2026-03-06T15:20:00Z'); // Friday 16:20 Paris -> deadline Monday 9 March 16:20 (Sunday moves on)
    try {
      const client = await signIn('admin');
      const buy: GoldBuyDetail = (await validate(await draft(client), {}, client)).json();
      expect(buy.withdrawalDeadline).toBe('2026-03-09T15:20:00.000Z');
      const melt1 = await client.post(`/api/gold-buys/${buy.id}/melt`, { version: buy.version });
      expect(melt1.statusCode).toBe(409); // not paid yet
      const paid: GoldBuyDetail = (await client.post(`/api/gold-buys/${buy.id}/pay`, { version: buy.version })).json();
      expect(paid.status).toBe('paid');
      const early = await client.post(`/api/gold-buys/${buy.id}/melt`, { version: paid.version });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toContain('Délai de rétractation en cours jusqu’au 09/03/2026 16:20');

      clock.now = new Date('2026-03-09T15:20:00Z');
      const later = await signIn('admin');
      const melted = await later.post(`/api/gold-buys/${buy.id}/melt`, { version: paid.version });
      expect(melted.statusCode, melted.body).toBe(200);
      expect(melted.json()).toMatchObject({ status: 'melted', withdrawalOpen: false });
      const entries = await t.handle.db.select().from(policeRegister).where(eq(policeRegister.goldBuyId, buy.id));
      const [inEntry, outEntry] = entries.sort((a, b) => a.number - b.number);
      expect(outEntry).toMatchObject({ direction: 'out', destination: 'melted', refersTo: inEntry!.id });
      const extract: PoliceRegisterAnswer = (
        await later.get('/api/gold-buys/register?from=2026-03-06&to=2026-03-09')
      ).json();
      expect(extract.entries.find((e) => e.direction === 'out')?.refersTo).toBe(inEntry!.number);
    } finally {
      clock.now = MONDAY_10H;
    }
  });

  it('records a withdrawal inside the period (items returned), and refuses one after it', async () => {
    const buy: GoldBuyDetail = (await validate(await draft())).json();
    const withdrawn = await admin.post(`/api/gold-buys/${buy.id}/withdraw`, { version: buy.version });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', withdrawnAt: clock.now.toISOString() });
    const out = await t.handle.db.select().from(policeRegister).where(eq(policeRegister.goldBuyId, buy.id));
    expect(out.map((e) => e.destination)).toEqual([null, 'returned']);

    const late: GoldBuyDetail = (await validate(await draft())).json();
    clock.now = new Date('2026-03-04T09:00:01Z');
    try {
      const client = await signIn('admin');
      const res = await client.post(`/api/gold-buys/${late.id}/withdraw`, { version: late.version });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Le délai de rétractation de 48 heures est dépassé');
    } finally {
      clock.now = MONDAY_10H;
    }
  });

  it('corrects a signed purchase with a new draft that refers to it; the original shows it', async () => {
    const signed: GoldBuyDetail = (await validate(await draft())).json();
    const res = await admin.post(`/api/gold-buys/${signed.id}/correct`, {});
    expect(res.statusCode, res.body).toBe(201);
    const correction: GoldBuyDetail = res.json();
    expect(correction).toMatchObject({ status: 'draft', correctionOf: { id: signed.id, number: signed.number } });
    const original: GoldBuyDetail = (await admin.get(`/api/gold-buys/${signed.id}`)).json();
    expect(original.correctedBy).toEqual([{ id: correction.id, number: null, status: 'draft' }]);
    expect(original.events.map((e) => e.action)).toEqual(['created', 'validated', 'corrected']);
  });
});

describe('the police register', () => {
  it('refuses any UPDATE, DELETE or TRUNCATE at the database level', async () => {
    await validate(await draft());
    const refusal = (e: unknown) => {
      const error = e as { message?: string; cause?: { message?: string } };
      return `${error.message ?? ''} ${error.cause?.message ?? ''}`;
    };
    const refused = /livre de police ne se modifie pas/;
    const update = t.handle.db.update(policeRegister).set({ description: 'effacé' });
    expect(await update.then(() => '', refusal)).toMatch(refused);
    expect(await t.handle.db.delete(policeRegister).then(() => '', refusal)).toMatch(refused);
    expect(await t.handle.exec('TRUNCATE police_register CASCADE').then(() => '', refusal)).toMatch(refused);
    expect((await t.handle.db.select().from(policeRegister)).length).toBeGreaterThan(0);
  });

  it('numbers 10 parallel validations without gap or duplicate', async () => {
    const drafts = await Promise.all(Array.from({ length: 10 }, () => draft()));
    const results = await Promise.all(drafts.map((d) => validate(d)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const numbers = (
      await t.handle.db
        .select({ n: policeRegister.number })
        .from(policeRegister)
        .where(eq(policeRegister.organizationId, orgId))
    )
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const contracts = (
      await t.handle.db.select({ s: goldBuys.numberSeq }).from(goldBuys).where(eq(goldBuys.organizationId, orgId))
    )
      .flatMap((r) => (r.s === null ? [] : [r.s]))
      .sort((a, b) => a - b);
    expect(contracts).toEqual(Array.from({ length: contracts.length }, (_, i) => i + 1));
  });

  it('extracts a day with totals of weight per fineness, on screen and as CSV', async () => {
    const res = await admin.get('/api/gold-buys/register?from=2026-03-02&to=2026-03-02');
    expect(res.statusCode, res.body).toBe(200);
    const register: PoliceRegisterAnswer = res.json();
    expect(register.entries.length).toBeGreaterThan(5);
    const gold750 = register.totals.find((x) => x.metal === 'gold' && x.fineness === 750)!;
    const inWeights = register.entries.filter((e) => e.direction === 'in' && e.fineness === 750);
    expect(gold750.count).toBe(inWeights.length);
    const csv = await admin.get('/api/gold-buys/register/export.csv?from=2026-03-02&to=2026-03-02');
    expect(csv.headers['content-disposition']).toContain('livre-de-police-2026-03-02-2026-03-02');
    const parsed = parseCsv(csv.body);
    expect(parsed.headers).toContain('Identité du vendeur');
    expect(parsed.records.length).toBe(register.entries.length);
    expect((await admin.get('/api/gold-buys/register?from=2026-03-05&to=2026-03-02')).statusCode).toBe(400);
    expect((await admin.get('/api/gold-buys/register?from=2026-02-30&to=2026-03-02')).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('seeds a draft, a purchase inside its withdrawal period and one ready to melt, with register entries', async () => {
    const demoOrg = await createOrganization(t, 'Bijouterie Démo Rachat');
    await seedDemoGoldBuys(t.handle.db, demoOrg, clock.now);
    const client = await signIn('admin', demoOrg);
    const total = async (status: string) => (await client.get(`/api/gold-buys?status=${status}`)).json().total;
    expect([await total('draft'), await total('in-withdrawal'), await total('ready-to-melt')]).toEqual([1, 1, 1]);
    const register: PoliceRegisterAnswer = (
      await client.get('/api/gold-buys/register?from=2026-02-01&to=2026-03-02')
    ).json();
    expect(register.entries.map((e) => e.number)).toEqual([1, 2, 3]);
    expect(register.totals).toEqual([
      { metal: 'gold', fineness: 750, weightG: '21.200', count: 2 },
      { metal: 'silver', fineness: 925, weightG: '405.000', count: 1 },
    ]);
  });
});

describe('access', () => {
  it('lets sales work, keeps production out, and hides another organization (404)', async () => {
    const buy = await draft(sales);
    expect((await production.get('/api/gold-buys')).statusCode).toBe(403);
    expect((await production.get(`/api/gold-buys/${buy.id}`)).statusCode).toBe(403);
    expect((await production.post('/api/gold-buys', { items: [] })).statusCode).toBe(403);
    expect((await foreign.get(`/api/gold-buys/${buy.id}`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/gold-buys/${buy.id}/validate`, {})).statusCode).toBe(404);
    expect((await foreign.get('/api/gold-buys')).json().total).toBe(0);
    expect((await admin.get('/api/gold-buys/not-a-uuid')).statusCode).toBe(404);
  });

  it('lists with the in-withdrawal view and the summary of weights per fineness', async () => {
    const list = (await admin.get('/api/gold-buys?status=in-withdrawal')).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((i: { status: string }) => i.status === 'validated' || i.status === 'paid')).toBe(true);
    const summary = (await admin.get('/api/gold-buys/summary?status=validated&fineness=750')).json();
    expect(summary.count).toBeGreaterThan(0);
    expect(summary.byFineness[0]).toMatchObject({ metal: 'gold', fineness: 750 });
  });
});

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '@shared/format';
import type { GoldBuyDetail, PoliceRegisterAnswer } from '@shared/schemas/gold-buys';
import type { TestApp, TestClient } from '../../test/harness';
import { IBAN, MONDAY_10H, SELLER, SHOP_IDENTITY, startGoldBuyApp, type GoldBuyTestSetup } from './test/fixtures';

const clock = { now: MONDAY_10H };
let t: TestApp;
let admin: TestClient;
let sales: TestClient;
let production: TestClient;
let foreign: TestClient;
let signIn: GoldBuyTestSetup['signIn'];
let foreignOrgId: string;

/**
 * The clock back at Monday 10:00 after a test moved it, and the shared sessions signed in again: a sign-in at a
 * later hour may purge the sessions idle at that hour (session.store.ts purges at random), which these were.
 */
async function backToMonday(): Promise<void> {
  clock.now = MONDAY_10H;
  [admin, sales, production, foreign] = await Promise.all([
    signIn('admin'),
    signIn('sales'),
    signIn('production'),
    signIn('admin', foreignOrgId),
  ]);
}

/** Precious metal: 10 g net of 18 kt at 100 €/g pure -> 75,00 €/g -> 10 x 75,00 x 0,755 = 566,25 €. */
const INGOT = {
  description: 'Lingotin or 18 carats',
  metal: 'gold',
  fineness: 750,
  category: 'metal',
  grossWeightG: '10,4',
  netWeightG: '10',
  hallmark: true,
};
/** Jewellery: 5 g net of 585 -> 58,50 €/g -> 5 x 58,50 x 0,755 = 220,84 €, exempt (jewellery <= 5 000 €). */
const CHAIN = {
  description: 'Chaîne maille forçat',
  metal: 'gold',
  fineness: 585,
  category: 'jewellery',
  grossWeightG: '5,25',
  netWeightG: '5',
  hallmark: false,
};
beforeAll(async () => {
  ({ t, admin, sales, production, foreign, signIn, foreignOrgId } = await startGoldBuyApp(
    clock,
    'Bijouterie Lumière',
    SHOP_IDENTITY,
  ));
});

afterAll(async () => {
  await t?.close();
});

async function draft(body: Record<string, unknown> = {}, client = admin): Promise<GoldBuyDetail> {
  const res = await client.post('/api/gold-buys', { seller: SELLER, items: [INGOT, CHAIN], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function validated(body: Record<string, unknown> = {}) {
  const buy = await draft();
  const res = await admin.post(`/api/gold-buys/${buy.id}/validate`, {
    version: buy.version,
    signedPlace: 'Lyon',
    paymentMethod: 'transfer',
    iban: IBAN,
    accountInSellerName: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GoldBuyDetail;
}

/** The text of a PDF answer, whitespace (no-break spaces included) collapsed to single spaces. */
async function pdfText(res: { rawPayload: Buffer }): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the purchase contract', () => {
  it('refuses a draft (409): it has no contract yet', async () => {
    const buy = await draft();
    const res = await admin.get(`/api/gold-buys/${buy.id}/contract.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Validez l'achat pour éditer le contrat");
  });

  it('prints every mention in two copies, each with its withdrawal form', async () => {
    const buy = await validated();
    expect(buy).toMatchObject({ total: '787.09', taxWithheld: '65.12', netPaid: '721.97' });
    expect(buy.withdrawalDeadline).toBe('2026-03-04T09:00:00.000Z');
    const res = await sales.get(`/api/gold-buys/${buy.id}/contract.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="contrat-${buy.number}.pdf"`);
    const text = await pdfText(res);
    for (const expected of [
      // the buyer
      'Bijouterie Lumière',
      'SARL',
      '5 place Bellecour',
      'SIRET : 30326504500003',
      'RCS / RM : RCS Lyon 303 265 045',
      'TVA intracommunautaire : FR40303265045',
      // the seller
      'Mme Hélène Dupré',
      '12 rue des Orfèvres',
      '04/05/1970 à Mâcon',
      "Carte nationale d'identité",
      '123456789012',
      'Préfecture du Rhône',
      '15/01/2020',
      // date, hour and place
      `n° ${buy.number}`,
      'Signé le 02/03/2026 à 10:00 (heure de Paris) à Lyon',
      // the items: weights, fineness, price per gram and price
      'Lingotin or 18 carats',
      'Chaîne maille forçat',
      '10,400',
      '10,000',
      '5,250',
      '5,000',
      '750',
      '585',
      '75,00 €/g',
      '58,50 €/g',
      '566,25 €',
      '220,84 €',
      // the market prices with their time
      '100,00 € le gramme de métal fin',
      'cours du',
      // the tax borne by the seller and the net paid
      'Taxe forfaitaire sur les métaux précieux',
      '11,5 % (dont CRDS 0,5 %)',
      '62,29 €',
      '2,83 €',
      '65,12 €',
      'Net payé au vendeur 721,97 €',
      '787,09 €',
      // payment, never cash
      `IBAN ${IBAN}`,
      'espèces',
      'L112-6',
      // the 48 hours
      '48 heures',
      'jusqu’au 04/03/2026 à 10:00 (heure de Paris)',
      'ni fondus',
      'ni revendus',
      // the form and the signature boxes
      'Découper suivant les pointillés',
      'Signature du vendeur',
      'Pour l’acheteur',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(count(text, 'Exemplaire du vendeur')).toBe(1);
    expect(count(text, 'Exemplaire du professionnel')).toBe(1);
    expect(count(text, 'Formulaire de rétractation')).toBe(2);
    expect(count(text, `Contrat n° : ${buy.number}`)).toBe(2);

    const download = await admin.get(`/api/gold-buys/${buy.id}/contract.pdf?download=1`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="contrat-${buy.number}.pdf"`);
  });

  it('prints a crossed cheque with its number, and a Friday purchase with its deadline moved past the weekend', async () => {
    clock.now = new Date('2026-03-06T15:20:00Z'); // Friday 16:20 Paris -> Monday 9 March 16:20
    try {
      const client = await signIn('admin');
      const buy = await draft({}, client);
      const res = await client.post(`/api/gold-buys/${buy.id}/validate`, {
        version: buy.version,
        signedPlace: 'Villeurbanne',
        paymentMethod: 'cheque',
        chequeNumber: '0012345',
      });
      expect(res.statusCode, res.body).toBe(200);
      const text = await pdfText(await client.get(`/api/gold-buys/${buy.id}/contract.pdf`));
      expect(text).toContain('Chèque barré n° 0012345');
      expect(text).toContain('jusqu’au 09/03/2026 à 16:20 (heure de Paris)');
      expect(text).toContain('Signé le 06/03/2026 à 16:20 (heure de Paris) à Villeurbanne');
    } finally {
      await backToMonday();
    }
  });
});

describe('the receipt', () => {
  it('is refused before payment (409) and prints the net paid, the date and the method once paid', async () => {
    const buy = await validated();
    const early = await admin.get(`/api/gold-buys/${buy.id}/receipt.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Le reçu s'édite une fois l'achat payé");

    clock.now = new Date('2026-03-02T13:45:00Z');
    try {
      const client = await signIn('admin');
      const paid = await client.post(`/api/gold-buys/${buy.id}/pay`, { version: buy.version });
      expect(paid.statusCode, paid.body).toBe(200);
      const res = await client.get(`/api/gold-buys/${buy.id}/receipt.pdf?download=1`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="recu-${buy.number}.pdf"`);
      const text = await pdfText(res);
      for (const expected of [
        'REÇU DE PAIEMENT',
        `n° ${buy.number}`,
        'Mme Hélène Dupré',
        'Date du paiement : 02/03/2026 à 14:45',
        'Montant net payé 721,97 €',
        `IBAN ${IBAN}`,
        'TVA intracommunautaire : FR40303265045',
        'espèces',
      ]) {
        expect(text, expected).toContain(expected);
      }
    } finally {
      await backToMonday();
    }
  });
});

describe('access', () => {
  it('keeps production out (403) and hides another organization (404)', async () => {
    const buy = await validated();
    expect((await production.get(`/api/gold-buys/${buy.id}/contract.pdf`)).statusCode).toBe(403);
    expect((await production.get(`/api/gold-buys/${buy.id}/receipt.pdf`)).statusCode).toBe(403);
    expect((await production.get('/api/gold-buys/register.pdf?from=2026-03-02&to=2026-03-02')).statusCode).toBe(403);
    expect((await foreign.get(`/api/gold-buys/${buy.id}/contract.pdf`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/gold-buys/${buy.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await admin.get('/api/gold-buys/not-a-uuid/contract.pdf')).statusCode).toBe(404);
    const foreignRegister = await foreign.get('/api/gold-buys/register.pdf?from=2026-03-02&to=2026-03-02');
    expect(foreignRegister.statusCode).toBe(200);
    const text = await pdfText(foreignRegister);
    expect(text).toContain('Aucune entrée sur la période.');
    expect(text).not.toContain(buy.number!);
  });
});

describe('the police register extract', () => {
  it('prints every entry of the day, the out-entries with the entry they refer to, and the totals', async () => {
    const withdrawn = await validated();
    const out = await admin.post(`/api/gold-buys/${withdrawn.id}/withdraw`, { version: withdrawn.version });
    expect(out.statusCode, out.body).toBe(200);
    const register: PoliceRegisterAnswer = (
      await admin.get('/api/gold-buys/register?from=2026-03-02&to=2026-03-02')
    ).json();
    expect(register.entries.length).toBeGreaterThan(4);

    const res = await admin.get('/api/gold-buys/register.pdf?from=2026-03-02&to=2026-03-02&download=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="livre-de-police-2026-03-02-2026-03-02.pdf"');
    const text = await pdfText(res);
    for (const expected of [
      'LIVRE DE POLICE',
      'Journée du 02/03/2026',
      'Bijouterie Lumière',
      'SIRET : 30326504500003',
      'TVA intracommunautaire : FR40303265045',
      'Identité du vendeur',
      'Pièce d’identité',
      'Restitué (rétractation)',
      'Totaux des entrées par métal et titre',
      'Page 1 /',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const number of new Set(register.entries.map((e) => e.goldBuyNumber))) expect(text).toContain(number);
    const firstIn = register.entries.find((e) => e.direction === 'in' && e.goldBuyId === withdrawn.id)!;
    expect(text).toContain(`n° ${firstIn.number}`);
    expect(register.totals.map((x) => x.fineness).sort()).toEqual([585, 750]);
    for (const total of register.totals) {
      const weight = formatNumber(total.weightG, 3).replace(/\u202f/g, ' ');
      expect(text).toContain(`${total.fineness} ${total.count} ${weight} g`);
    }
    expect(text).toContain(`${register.entries.length} écriture(s)`);

    const period = await admin.get('/api/gold-buys/register.pdf?from=2026-03-01&to=2026-03-31');
    expect(period.statusCode).toBe(200);
    expect(period.headers['content-disposition']).toBe('inline; filename="livre-de-police-2026-03-01-2026-03-31.pdf"');
    expect(await pdfText(period)).toContain('Période du 01/03/2026 au 31/03/2026');
    expect((await admin.get('/api/gold-buys/register.pdf?from=2026-03-05&to=2026-03-02')).statusCode).toBe(400);
    expect((await admin.get('/api/gold-buys/register.pdf?from=2026-02-30&to=2026-03-02')).statusCode).toBe(400);
    expect((await admin.get('/api/gold-buys/register.pdf')).statusCode).toBe(400);
  });
});

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { diamonds, quotes } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { insertAlloys, insertRange, insertStep, insertStone, setManualMarket } from '../products/test/fixtures';

/** The app's clock (issue and validity days are known). */
const clock = new Date('2026-03-10T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let orgId: string;
let admin: TestClient;
let sales: TestClient;
let production: TestClient;
let foreign: TestClient;
let clientId: string;
let refs: { alloy: string; stone: string; step: string; product: string; diamond: string };

beforeAll(async () => {
  t = await createTestApp({}, () => clock);
  orgId = await createOrganization(t, 'Bijouterie Devis');
  const alloys = await insertAlloys(t);
  const stone = await insertStone(t, orgId, { name: 'Saphir 4 mm', unitCost: '85' });
  const step = await insertStep(t, orgId, { name: 'Sertissage', code: 'SER', hourlyRate: '60' });
  await insertRange(t, { clarity: 'VS1', mmMin: '1.00', mmMax: '2.00', usdPerCt: '900' });
  await setManualMarket(t, { XAU: '120.5', 'USD/EUR': '0.92' });
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
  ({ client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId }));
  ({ client: production } = await signedInClient(t, { role: 'production', organizationId: orgId }));
  ({ client: foreign } = await signedInClient(t, { role: 'admin', organizationId: await createOrganization(t) }));
  const [d] = await t.handle.db
    .insert(diamonds)
    .values({
      ref: 'Q-TEST-1',
      shape: 'ROUND',
      carats: '0.50',
      color: 'F',
      clarity: 'VS1',
      lab: 'GIA',
      totalPriceEur: '1840.00',
    })
    .returning({ id: diamonds.id });
  // A product sheet: 2 g of 18kt (2 x 90.38 = 180.76) at coefficient 2 -> 361.52, labour 30 min (30.00) x 2 -> 60
  const product = await admin.post('/api/products', {
    name: 'Alliance fine',
    category: 'alliance',
    coefficients: { metal: '2', stones: '2', labour: '2' },
    components: [
      { kind: 'metal', alloyId: alloys.AU750, weightG: '2' },
      { kind: 'labour', productionStepId: step, minutes: '30' },
    ],
  });
  expect(product.statusCode).toBe(201);
  refs = { alloy: alloys.AU750!, stone, step, product: product.json().id, diamond: String(d!.id) };
  const c = await admin.post('/api/clients', { kind: 'particulier', firstName: 'Inès', lastName: 'Moreau' });
  clientId = c.json().id;
});

afterAll(async () => {
  await t?.close();
});

/** One line of each kind; the expected figures are worked out by hand in the first test. */
const linesOfEachKind = () => [
  { kind: 'metal', alloyId: refs.alloy, weightG: '4', lossPct: '5' },
  { kind: 'diamond', diamondId: refs.diamond },
  { kind: 'melee', mm: '1,3', clarity: 'VS1', quantity: '12' },
  { kind: 'stone', stoneId: refs.stone, quantity: '2', coefficient: '2', discountPct: '10' },
  { kind: 'labour', productionStepId: refs.step, minutes: '90', priceMode: 'margin', marginPct: '40' },
  { kind: 'product', productId: refs.product },
  { kind: 'free', label: 'Gravure', quantity: '3', priceMode: 'price', unitPrice: '25', vatRatePct: '10' },
];

async function draft(client = admin, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/quotes', { clientId, lines: linesOfEachKind(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function send(quote: { id: string; version: number }, client = admin) {
  return client.post(`/api/quotes/${quote.id}/send`, { version: quote.version });
}

describe('a quote with one line of each kind', () => {
  it('is priced by hand-checked rules (coefficients from the settings, margin, typed price, discount, VAT rates)', async () => {
    const quote = await draft();
    expect(quote.status).toBe('draft');
    expect(quote.number).toBeNull();
    const p = quote.today.pricing;
    // metal 4 g +5 % = 4.200 g x 90.38 = 379.60 x 1.5 = 569.40; diamond 1840 x 1.8 = 3312; melee 0.0100 ct x 900
    // x 0.92 = 8.28 x 1.8 = 14.90 x 12 = 178.80; stone 85 x 2 = 170 x 2 = 340 - 10 % = 306; labour 90 / 0.6 = 150;
    // product sheet price 361.52 + 60 = 421.52; free 3 x 25 = 75 at 10 %.
    expect(p.lines.map((l: { total: string }) => l.total)).toEqual([
      '569.40',
      '3312.00',
      '178.80',
      '306.00',
      '150.00',
      '421.52',
      '75.00',
    ]);
    expect(p.totalExclVat).toBe('5012.72');
    expect(p.vatByRate).toEqual([
      { ratePct: '20', base: '4937.72', amount: '987.54' },
      { ratePct: '10', base: '75.00', amount: '7.50' },
    ]);
    expect(p.totalInclVat).toBe('6007.76');
    expect(quote.canSeeCosts).toBe(true);
    expect(p.lines[0].unitCost).toBe('379.60');
    expect(quote.events.map((e: { action: string }) => e.action)).toEqual(['created']);
  });

  it('hides costs, coefficients and margins from sales', async () => {
    const quote = await draft(sales);
    expect(quote.canSeeCosts).toBe(false);
    expect(quote.today.pricing.totalInclVat).toBe('6007.76');
    expect(
      quote.today.pricing.lines.every(
        (l: { unitCost: unknown; margin: unknown }) => l.unitCost === null && l.margin === null,
      ),
    ).toBe(true);
    const preview = (await sales.post('/api/quotes/pricing-preview', { lines: linesOfEachKind() })).json();
    expect(preview.pricing.totalCost).toBe('0.00');
  });
});

describe('sending', () => {
  it('numbers D-YYYY-NNNN, freezes the price, and keeps it when the market moves', async () => {
    const quote = await draft();
    const sent = await send(quote);
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body.number).toMatch(/^D-2026-\d{4}$/);
    expect(body).toMatchObject({ status: 'sent', issuedOn: '2026-03-10', validUntil: '2026-04-09' });
    expect(body.stored.market.metals.gold.value).toBe('120.5');
    await setManualMarket(t, { XAU: '150', 'USD/EUR': '0.92' });
    const again = (await admin.get(`/api/quotes/${quote.id}`)).json();
    expect(again.stored.pricing.totalInclVat).toBe('6007.76');
    expect(again.todayDifference).toBeNull(); // younger than 7 days
    // Sent 8 days ago (the clock stays: moving it would end the test sessions).
    await t.handle.db
      .update(quotes)
      .set({ sentAt: new Date(clock.getTime() - 8 * DAY) })
      .where(eq(quotes.id, quote.id));
    const later = (await admin.get(`/api/quotes/${quote.id}`)).json();
    expect(later.stored.pricing.totalInclVat).toBe('6007.76');
    // Metal line at 150 x 0.75 = 112.50 €/g: 4.200 x 112.50 = 472.50 x 1.5 = 708.75 (+139.35 HT, +167.22 TTC)
    expect(later.todayDifference).toMatchObject({ amount: '167.22', metalsOnly: true });
    await setManualMarket(t, { XAU: '120.5', 'USD/EUR': '0.92' });
    // a sent quote no longer changes
    const put = await admin.request({
      method: 'PUT',
      url: `/api/quotes/${quote.id}`,
      payload: { ...again, lines: [] },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toContain('Créez une révision');
  });

  it('refuses to send without client, without line, or with an unpriced line (400, by field)', async () => {
    const noClient = await draft(admin, { clientId: null });
    expect((await send(noClient)).json().fieldErrors).toHaveProperty('clientId');
    const empty = await draft(admin, { lines: [] });
    expect((await send(empty)).json().fieldErrors).toHaveProperty('lines');
    const unpriced = await draft(admin, { lines: [{ kind: 'diamond', diamondId: '99999999' }] });
    const res = await send(unpriced);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ligne 1 non chiffrée : Diamant introuvable dans le catalogue');
  });

  it('gives 20 parallel sends 20 consecutive numbers, without gap or duplicate', async () => {
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft()));
    const results = await Promise.all(drafts.map((d) => send(d)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const sequences = results.map((r) => Number(r.json().number.slice(-4))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences[19]! - sequences[0]!).toBe(19);
  });

  it('sends one quote once when it is sent five times at the same moment', async () => {
    const quote = await draft();
    const results = await Promise.all(Array.from({ length: 5 }, () => send(quote)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
  });
});

describe('statuses, revisions and history', () => {
  it('accepts, revises as -R1, duplicates, and records who did what', async () => {
    const sent = (await send(await draft())).json();
    const accepted = await admin.post(`/api/quotes/${sent.id}/accept`, { version: sent.version });
    expect(accepted.json()).toMatchObject({ status: 'accepted', decidedVia: 'staff' });
    const again = await admin.post(`/api/quotes/${sent.id}/refuse`, { version: accepted.json().version });
    expect(again.statusCode).toBe(409);
    const revision = (await admin.post(`/api/quotes/${sent.id}/revise`, {})).json();
    expect(revision).toMatchObject({ status: 'draft', revisionOf: sent.id, revisionIndex: 1 });
    const revisionSent = (await send(revision)).json();
    expect(revisionSent.number).toBe(`${sent.number}-R1`);
    const second = (await admin.post(`/api/quotes/${revisionSent.id}/revise`, {})).json();
    expect(second.revisionIndex).toBe(2);
    const copy = await admin.post(`/api/quotes/${sent.id}/duplicate`, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', number: null, revisionOf: null });
    const original = (await admin.get(`/api/quotes/${sent.id}`)).json();
    expect(original.events.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'sent',
      'accepted',
      'revised',
      'duplicated',
    ]);
    expect(original.events[2]).toMatchObject({ fromStatus: 'sent', toStatus: 'accepted', label: 'Accepté' });
    expect(original.revisions.map((r: { number: string | null }) => r.number)).toEqual([`${sent.number}-R1`, null]);
  });

  it('reads a sent quote past its validity as expired (list filter too), and refuses to accept it', async () => {
    const sent = (await send(await draft(admin, { validityDays: 2, title: 'Expire vite' }))).json();
    // Its validity ended yesterday.
    await t.handle.db.update(quotes).set({ validUntil: '2026-03-09' }).where(eq(quotes.id, sent.id));
    {
      const read = (await admin.get(`/api/quotes/${sent.id}`)).json();
      expect(read.status).toBe('expired');
      const accept = await admin.post(`/api/quotes/${sent.id}/accept`, { version: read.version });
      expect(accept.statusCode).toBe(409);
      const list = (await admin.get('/api/quotes?status=expired&q=expire')).json();
      expect(list.items.map((i: { id: string }) => i.id)).toEqual([sent.id]);
      const share = await admin.post(`/api/quotes/${sent.id}/share`, {});
      expect(share.statusCode).toBe(409);
    }
  });

  it('re-prices a draft with a visible before/after difference', async () => {
    const quote = await draft(admin, { lines: [{ kind: 'metal', alloyId: refs.alloy, weightG: '10' }] });
    // 10 g x 90.38 x 1.5 = 1355.70 HT
    expect(quote.stored.pricing.totalExclVat).toBe('1355.70');
    await setManualMarket(t, { XAU: '130', 'USD/EUR': '0.92' });
    try {
      const read = (await admin.get(`/api/quotes/${quote.id}`)).json();
      // 130 x 0.75 = 97.50 x 10 x 1.5 = 1462.50 HT: +106.80 HT, +128.16 TTC
      expect(read.today.pricing.totalExclVat).toBe('1462.50');
      expect(read.todayDifference).toMatchObject({ amount: '128.16', metalsOnly: false });
      const repriced = (await admin.post(`/api/quotes/${quote.id}/reprice`, { version: read.version })).json();
      expect(repriced.stored.pricing.totalExclVat).toBe('1462.50');
      expect(repriced.todayDifference).toBeNull();
    } finally {
      await setManualMarket(t, { XAU: '120.5', 'USD/EUR': '0.92' });
    }
  });
});

describe('PDF and share link', () => {
  it('prints the number, the client, the mentions and the totals in French', async () => {
    const sent = (await send(await draft(admin, { paymentTerms: 'Acompte de 30 % à la commande' }))).json();
    const res = await admin.get(`/api/quotes/${sent.id}/pdf?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="devis-${sent.number}.pdf"`);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [sent.number, 'Inès Moreau', 'Gravure', 'Acompte de 30 % à la commande', 'Devis gratuit']) {
      expect(flat).toContain(expected);
    }
    expect(flat.replace(/[\u202f\u00a0]/g, ' ')).toContain('6 007,76');
    expect(flat).not.toContain('379,60'); // a cost is never printed
  });

  it('lets the client read and accept through a revocable link, without signing in', async () => {
    const sent = (await send(await draft())).json();
    const share = await admin.post(`/api/quotes/${sent.id}/share`, {});
    expect(share.statusCode).toBe(200);
    const { url, token } = share.json();
    expect(url).toBe(`/devis/partage/${token}`);
    const visitor = new TestClient(t.app);
    const view = await visitor.get(`/api/shared-quotes/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ canAccept: true, quote: { number: sent.number } });
    expect(JSON.stringify(view.json())).not.toContain('unitCost');
    expect((await visitor.get(`/api/shared-quotes/${token}/pdf`)).headers['content-type']).toBe('application/pdf');
    const noCsrf = await visitor.request({ method: 'POST', url: `/api/shared-quotes/${token}/accept`, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const accepted = await visitor.post(`/api/shared-quotes/${token}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ canAccept: false, quote: { status: 'accepted' } });
    const read = (await admin.get(`/api/quotes/${sent.id}`)).json();
    expect(read).toMatchObject({ status: 'accepted', decidedVia: 'share-link' });
    expect(read.events.at(-1)).toMatchObject({ action: 'accepted', actor: 'Inès Moreau (lien de partage)' });
    await admin.request({ method: 'DELETE', url: `/api/quotes/${sent.id}/share` });
    expect((await visitor.get(`/api/shared-quotes/${token}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/shared-quotes/not-a-token')).statusCode).toBe(404);
  });

  it('does not share a draft', async () => {
    const quote = await draft();
    expect((await admin.post(`/api/quotes/${quote.id}/share`, {})).statusCode).toBe(409);
  });
});

describe('list, filters and access', () => {
  it('filters by client and amount, and sums the filtered quotes', async () => {
    const other = (
      await admin.post('/api/clients', { kind: 'particulier', firstName: 'Paul', lastName: 'Lenoir' })
    ).json();
    await draft(admin, {
      clientId: other.id,
      lines: [{ kind: 'free', label: 'Mise à taille', priceMode: 'price', unitPrice: '40' }],
    });
    await draft(admin, {
      clientId: other.id,
      lines: [{ kind: 'free', label: 'Soudure', priceMode: 'price', unitPrice: '60' }],
    });
    const list = (await admin.get(`/api/quotes?clientId=${other.id}&sort=totalInclVat&dir=asc`)).json();
    expect(list.items.map((i: { totalInclVat: string }) => i.totalInclVat)).toEqual(['48.00', '72.00']);
    expect(list.items[0].clientName).toBe('Paul Lenoir');
    const summary = (await admin.get(`/api/quotes/summary?clientId=${other.id}&minAmount=50`)).json();
    expect(summary).toEqual({ count: 1, totalExclVat: '60.00', totalInclVat: '72.00' });
    const csv = await admin.get(`/api/quotes/export.csv?clientId=${other.id}`);
    expect(csv.body).toContain('Numéro;Statut;Titre;Client');
    expect(csv.body).toContain('Brouillon');
  });

  it('answers 400 with French field errors, 404 for another organization, 403 for production', async () => {
    const bad = await admin.post('/api/quotes', {
      lines: [{ kind: 'metal', alloyId: 'x', weightG: 'abc' }],
      validityDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'lines.0.alloyId': ['Alliage inconnu'],
      'lines.0.weightG': ['Nombre invalide'],
      validityDays: ['Au moins 1 jour'],
    });
    const quote = await draft();
    expect((await foreign.get(`/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/quotes/${quote.id}/pdf`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/quotes/${quote.id}/send`, { version: quote.version })).statusCode).toBe(404);
    const foreignClient = (
      await foreign.post('/api/clients', { kind: 'particulier', firstName: 'A', lastName: 'B' })
    ).json();
    const refused = await admin.post('/api/quotes', { clientId: foreignClient.id });
    expect(refused.json().fieldErrors).toEqual({ clientId: ['Client inconnu'] });
    expect((await production.get('/api/quotes')).statusCode).toBe(403);
    expect((await admin.get('/api/quotes/not-a-uuid')).statusCode).toBe(404);
    // A day that does not exist is a 400 in French, never a database error.
    for (const url of ['/api/quotes?from=2026-13-45', '/api/quotes/summary?to=2026-02-30']) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json().fieldErrors).flat()[0]).toMatch(/date inexistante/);
    }
    // Text that JavaScript's lenient date parser reads ("12,5") is refused by the pattern, never a 500.
    const lenient = await admin.get('/api/quotes/summary?to=12,5');
    expect(lenient.statusCode).toBe(400);
    expect(lenient.json().fieldErrors.to).toEqual(['Au : date attendue (AAAA-MM-JJ)']);
  });
});

describe('typed costs and roles without costs', () => {
  it('hides a free line typed cost from sales and keeps it when sales save the draft', async () => {
    const quote = await draft(admin, {
      lines: [{ kind: 'free', label: 'Écrin', unitCost: '12', priceMode: 'price', unitPrice: '30' }],
    });
    const seen = (await sales.get(`/api/quotes/${quote.id}`)).json();
    expect(seen.lines[0].unitCost).toBeNull();
    const saved = await sales.request({
      method: 'PUT',
      url: `/api/quotes/${quote.id}`,
      payload: { ...seen, title: 'Écrin cadeau', lines: seen.lines.map((l: object) => ({ ...l, quantity: '2' })) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await admin.get(`/api/quotes/${quote.id}`)).json();
    expect(read.lines[0]).toMatchObject({ unitCost: '12', quantity: '2' });
    expect(read.stored.pricing.lines[0]).toMatchObject({ cost: '24.00', total: '60.00', margin: '36.00' });
  });
});

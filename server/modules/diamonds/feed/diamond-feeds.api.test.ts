import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiamondFeedView, DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { diamondFeeds, diamondImportRuns, diamonds } from '../../../db/schema';
import {
  createOrganization,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestClient,
} from '../../../test/harness';
import { setManualMarket } from '../../products/test/fixtures';
import type { ImportReport } from './feed-import';

let t: TestApp;
let orgA: string;
let orgB: string;
let admin: TestClient;
let adminB: TestClient;

const FEEDS = '/api/diamonds/feeds';
const SECRET = 'jeton-tres-secret-42';

const RAPNET_HEADER =
  'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Fluorescence Color,Measurements,Lab,Certificate #,RapNet Price,RapNet Discount %,Cash Price,Depth %,Table %,Girdle,Culet Size,City,State,Country,Eye Clean';
const RAPNET = [
  RAPNET_HEADER,
  'R-1,G,B,"1,01",G,SI1,VG-EX,EX,EX,MED,BL,6.40 x 6.43 x 3.98,GIA,1234567,6500,-32.5,"6,370",62.1,58,Medium-Slightly Thick,None,Chicago,Illinois,USA,Yes',
  'R-2,NA,RD,0.7,D,IF,EX,EX,EX,NON,,5.70 x 5.72 x 3.52,GIA,7654321,9800,-20,,61.6,57,Medium,None,Antwerp,,Belgium,Yes',
  'R-3,M,ZZZ,0.9,H,VS2,,VG,G,FNT,,,HRD,99887766,3100,-40,,,,,,Ramat Gan,,Israel,',
].join('\r\n');

const validFeed = { name: 'Fournisseur Anvers', kind: 'upload', markup: '1,25', credentials: SECRET };

function upload(client: TestClient, feedId: string, payload: string | PassThrough, contentType = 'text/csv') {
  return client.request({
    method: 'POST',
    url: `${FEEDS}/${feedId}/import`,
    headers: { 'content-type': contentType },
    payload,
  });
}

async function createFeed(client: TestClient, body: Record<string, unknown> = validFeed): Promise<DiamondFeedView> {
  const res = await client.post(FEEDS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DiamondFeedView>();
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrganization(t, 'Bijouterie Anvers');
  orgB = await createOrganization(t, 'Bijouterie Voisine');
  admin = (await signedInClient(t, { role: 'admin', organizationId: orgA })).client;
  adminB = (await signedInClient(t, { role: 'admin', organizationId: orgB })).client;
});
afterAll(async () => {
  await t?.close();
});

describe('feeds: create, list, update, archive', () => {
  it('creates a feed; the credentials are stored encrypted and never answered', async () => {
    const res = await admin.post(FEEDS, validFeed);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(SECRET);
    const feed = res.json<DiamondFeedView & { credentials?: unknown }>();
    expect(feed).toMatchObject({
      name: 'Fournisseur Anvers',
      kind: 'upload',
      format: 'csv',
      url: null,
      hasCredentials: true,
      fullFeed: true,
      currency: 'USD',
      markup: '1.2500',
      version: 1,
      lastRun: null,
    });
    expect(feed.credentials).toBeUndefined();
    const [row] = await t.handle.db.select().from(diamondFeeds).where(eq(diamondFeeds.id, feed.id));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(SECRET);

    const list = await admin.get(FEEDS);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET);
    expect(list.json<DiamondFeedView[]>().map((f) => f.id)).toContain(feed.id);
    const one = await admin.get(`${FEEDS}/${feed.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<DiamondFeedView>()).toMatchObject({ id: feed.id, hasCredentials: true });
    expect(one.body).not.toContain(SECRET);
  });

  it('a URL feed needs an https address; its schedule is at least 15 minutes', async () => {
    const ok = await admin.post(FEEDS, {
      name: 'Flux IDEX',
      kind: 'url',
      url: 'https://feeds.example.com/stock.csv',
      scheduleMinutes: 60,
      currency: 'usd',
      fullFeed: false,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<DiamondFeedView>()).toMatchObject({ currency: 'USD', scheduleMinutes: 60, hasCredentials: false });

    const bad = await admin.post(FEEDS, {
      name: 'Flux',
      kind: 'url',
      url: 'http://feeds.example.com/a.csv',
      scheduleMinutes: 5,
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    expect(errors.url).toEqual(['Adresse web invalide : elle doit commencer par https://']);
    expect(errors.scheduleMinutes).toEqual(['Au moins 15 minutes']);
    const userinfo = await admin.post(FEEDS, {
      name: 'Flux',
      kind: 'url',
      url: 'https://anvers:motdepasse@feeds.example.com/a.csv',
    });
    expect(userinfo.statusCode).toBe(400);
    expect(userinfo.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.url).toEqual([
      "Mettez l'identifiant et le mot de passe dans « Identifiants », pas dans l'adresse",
    ]);
    const missing = await admin.post(FEEDS, { name: 'Flux', kind: 'url' });
    expect(missing.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.url).toEqual([
      "L'adresse web du flux est obligatoire",
    ]);
  });

  it('refuses bad input with French field errors', async () => {
    const res = await admin.post(FEEDS, {
      name: '',
      kind: 'ftp',
      format: 'xml',
      currency: 'EURO',
      markup: '0',
      fullFeed: 'oui',
      columnMapping: { 'Stock #': 'stockNumber', Forme: 'pas-un-champ' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fieldErrors: Record<string, string[]> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toMatchObject({
      name: ['Ce champ est obligatoire'],
      kind: ['Type de flux attendu : envoi de fichier (upload) ou adresse web (url)'],
      format: ['Format attendu : csv ou json'],
      currency: ['Code de devise à 3 lettres attendu (USD, EUR…)'],
      markup: ['Doit être supérieur à 0'],
      fullFeed: ['Oui ou non attendu'],
    });
    const abc = await admin.post(FEEDS, { ...validFeed, markup: 'abc' });
    expect(abc.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.markup).toEqual(['Nombre invalide']);
    // The mapping's field names are checked against the importer's fields.
    const mapping = await admin.post(FEEDS, {
      ...validFeed,
      columnMapping: { 'Stock #': 'stockNumber', Forme: 'couleur' },
    });
    expect(mapping.statusCode).toBe(400);
    expect(mapping.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.columnMapping).toEqual([
      'Colonne « Forme » : champ inconnu (couleur)',
    ]);
    const twice = await admin.post(FEEDS, { ...validFeed, columnMapping: { A: 'shape', B: 'shape' } });
    expect(twice.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.columnMapping).toEqual([
      'Le champ shape est lu dans deux colonnes : « A » et « B »',
    ]);
  });

  it('updates with the version read (409 on a stale one); credentials kept, replaced or removed', async () => {
    const feed = await createFeed(admin);
    const put = (body: Record<string, unknown>) =>
      admin.request({ method: 'PUT', url: `${FEEDS}/${feed.id}`, payload: body });
    const first = await put({ name: 'Anvers (mis à jour)', kind: 'upload', markup: 1.1, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DiamondFeedView>()).toMatchObject({
      name: 'Anvers (mis à jour)',
      markup: '1.1000',
      version: 2,
      hasCredentials: true,
    });

    const stale = await put({ name: 'Trop tard', kind: 'upload', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CONFLICT',
      message: "Ce flux a été modifié par quelqu'un d'autre. Rechargez la page.",
    });

    const replaced = await put({ name: 'Anvers', kind: 'upload', credentials: 'autre-secret', version: 2 });
    expect(replaced.json<DiamondFeedView>()).toMatchObject({ version: 3, hasCredentials: true });
    expect(replaced.body).not.toContain('autre-secret');
    const removed = await put({ name: 'Anvers', kind: 'upload', credentials: null, version: 3 });
    expect(removed.json<DiamondFeedView>()).toMatchObject({ version: 4, hasCredentials: false });
    const noVersion = await put({ name: 'Anvers', kind: 'upload' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.version).toEqual([
      'Version manquante',
    ]);
  });

  it('archives a feed: gone from the list, 404 afterwards', async () => {
    const feed = await createFeed(admin, { name: 'À archiver', kind: 'upload' });
    const del = await admin.request({ method: 'DELETE', url: `${FEEDS}/${feed.id}` });
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`${FEEDS}/${feed.id}`)).statusCode).toBe(404);
    expect((await admin.get(FEEDS)).json<DiamondFeedView[]>().map((f) => f.id)).not.toContain(feed.id);
    expect((await admin.request({ method: 'DELETE', url: `${FEEDS}/${feed.id}` })).statusCode).toBe(404);
    expect((await upload(admin, feed.id, RAPNET)).statusCode).toBe(404);
  });
});

describe('import of an uploaded file', () => {
  let feed: DiamondFeedView;
  let report: ImportReport;

  beforeAll(async () => {
    feed = await createFeed(admin, { name: 'RapNet Anvers', kind: 'upload', markup: '1,25' });
  });

  it('answers 503 while no USD -> EUR rate is known, and records no run', async () => {
    expect(t.app.market.getFx('USD/EUR')).toBeNull();
    const res = await upload(admin, feed.id, RAPNET);
    expect(res.statusCode).toBe(503);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: "Taux de change USD → EUR indisponible pour le moment : l'import n'est pas lancé, réessayez plus tard.",
    });
    const runs = await t.handle.db.select().from(diamondImportRuns).where(eq(diamondImportRuns.feedId, feed.id));
    expect(runs).toEqual([]);
  });

  it('imports a RapNet-style CSV sent as the request body, with the report (201)', async () => {
    await setManualMarket(t, { 'USD/EUR': '0.9234' });
    const res = await upload(admin, feed.id, RAPNET);
    expect(res.statusCode, res.body).toBe(201);
    report = res.json<ImportReport>();
    expect(report).toMatchObject({
      status: 'succeeded',
      preset: 'rapnet',
      rowsRead: 3,
      rowsAccepted: 2,
      rowsRejected: 1,
      added: 2,
      updated: 0,
      unchanged: 0,
      removed: 0,
      error: null,
    });
    const stones = await t.handle.db
      .select({
        stockNumber: diamonds.stockNumber,
        organizationId: diamonds.organizationId,
        priceEur: diamonds.totalPriceEur,
      })
      .from(diamonds)
      .where(and(eq(diamonds.feedId, feed.id)));
    expect(stones.map((s) => s.stockNumber).sort()).toEqual(['R-1', 'R-2']);
    expect(stones.every((s) => s.organizationId === orgA)).toBe(true);
    // 6,500 x 1.01 = 6,565.00 USD at 0.9234 -> 6,062.12 EUR.
    expect(stones.find((s) => s.stockNumber === 'R-1')!.priceEur).toBe('6062.12');

    const again = await upload(admin, feed.id, RAPNET, 'application/octet-stream');
    expect(again.json<ImportReport>()).toMatchObject({ status: 'succeeded', added: 0, unchanged: 2 });
  });

  it('lists the runs, newest first, and the feed shows its preset and last run', async () => {
    const res = await admin.get(`${FEEDS}/${feed.id}/runs`);
    expect(res.statusCode).toBe(200);
    const runs = res.json<DiamondImportRunView[]>();
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({
      id: report.runId,
      status: 'succeeded',
      fxRate: '0.92340000',
      rowsRejected: 1,
      added: 2,
    });
    const one = (await admin.get(`${FEEDS}/${feed.id}`)).json<DiamondFeedView>();
    expect(one.preset).toBe('rapnet');
    expect(one.lastRun?.id).toBe(runs[0]!.id);
    expect((await admin.get(`${FEEDS}/${feed.id}/runs?limit=1`)).json<unknown[]>()).toHaveLength(1);
    expect((await admin.get(`${FEEDS}/${feed.id}/runs?limit=1000`)).statusCode).toBe(400);
  });

  it('downloads the rejected rows of a run as CSV, with line number and reason', async () => {
    const res = await admin.get(`${FEEDS}/${feed.id}/runs/${report.runId}/rejects.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rejets-import-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Ligne;Motif;Données lues');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^4;[^;]*ZZZ/);
    // A run of another feed, or no run: 404.
    const other = await createFeed(admin, { name: 'Autre', kind: 'upload' });
    expect((await admin.get(`${FEEDS}/${other.id}/runs/${report.runId}/rejects.csv`)).statusCode).toBe(404);
    expect((await admin.get(`${FEEDS}/${feed.id}/runs/not-a-uuid/rejects.csv`)).statusCode).toBe(404);
  });

  it('reads a TSV file; a file with unknown headers is a failed run, with its reason', async () => {
    const tsvFeed = await createFeed(admin, { name: 'TSV', kind: 'upload', currency: 'EUR' });
    const tsv = RAPNET.split('\r\n')
      .slice(0, 3)
      .map((line) =>
        line
          .replace(/"1,01"/, '1.01')
          .replace(/"6,370"/, '6370')
          .replaceAll(',', '\t'),
      )
      .join('\n');
    const res = await upload(admin, tsvFeed.id, tsv, 'text/tab-separated-values');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportReport>()).toMatchObject({ status: 'succeeded', added: 2 });

    const unknown = await upload(admin, tsvFeed.id, 'a,b,c\n1,2,3\n');
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json<ImportReport>()).toMatchObject({ status: 'failed' });
    expect(unknown.json<ImportReport>().error).toMatch(/^Format de fichier non reconnu/);
  });

  it('refuses a body that is not the file, an unknown currency and an oversized file; reads a JSON body', async () => {
    const form = await admin.request({
      method: 'POST',
      url: `${FEEDS}/${feed.id}/import`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'csv=1',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json<{ message: string }>().message).toMatch(/^Envoyez le fichier CSV, TSV ou JSON/);
    const empty = await admin.request({ method: 'POST', url: `${FEEDS}/${feed.id}/import` });
    expect(empty.statusCode).toBe(400);

    // A JSON body is read as JSON: an object with no list of stones is a failed run, with its reason.
    const json = await admin.post(`${FEEDS}/${feed.id}/import`, { csv: RAPNET });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json<ImportReport>()).toMatchObject({ status: 'failed' });
    expect(json.json<ImportReport>().error).toMatch(/^Fichier illisible : Aucune liste de pierres trouvée/);

    const jsonFeed = await createFeed(admin, { name: 'Flux JSON', kind: 'upload', format: 'json' });
    const stones = RAPNET.split('\r\n')
      .slice(1)
      .map((line) => line.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')))
      .map((cells) => Object.fromEntries(RAPNET_HEADER.split(',').map((h, i) => [h, cells[i] ?? ''])));
    // application/octet-stream follows the feed's format (json here).
    const res = await upload(admin, jsonFeed.id, JSON.stringify({ stones }), 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportReport>()).toMatchObject({
      status: 'succeeded',
      preset: 'rapnet',
      rowsRead: 3,
      rowsAccepted: 2,
      rowsRejected: 1,
    });

    const chf = await createFeed(admin, { name: 'Flux CHF', kind: 'upload', currency: 'CHF' });
    const chfRes = await upload(admin, chf.id, RAPNET);
    expect(chfRes.statusCode).toBe(400);
    expect(chfRes.json<{ message: string }>().message).toMatch(/^Devise CHF : aucun taux de change disponible/);

    const big = await admin.request({
      method: 'POST',
      url: `${FEEDS}/${feed.id}/import`,
      headers: { 'content-type': 'text/csv', 'content-length': String(201 * 1024 * 1024) },
      payload: RAPNET,
    });
    expect(big.statusCode).toBe(413);
  });

  it('a second import of the same feed while one runs answers 409', async () => {
    const body = new PassThrough();
    body.write(`${RAPNET_HEADER}\r\n`);
    const first = upload(admin, feed.id, body);
    // Wait until the first run is recorded (its body is still open).
    for (let i = 0; i < 200; i++) {
      const running = await t.handle.db
        .select({ id: diamondImportRuns.id })
        .from(diamondImportRuns)
        .where(and(eq(diamondImportRuns.feedId, feed.id), eq(diamondImportRuns.status, 'running')));
      if (running.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const second = await upload(admin, feed.id, RAPNET);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CONFLICT',
      message: 'Un import de ce flux est déjà en cours : attendez sa fin avant de relancer.',
    });
    body.end(RAPNET.split('\r\n').slice(1).join('\r\n'));
    const done = await first;
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json<ImportReport>()).toMatchObject({ status: 'succeeded', rowsAccepted: 2 });
    // Once it is over, a new import goes through.
    expect((await upload(admin, feed.id, RAPNET)).statusCode).toBe(201);
  });

  it('two imports of the same feed started together: one runs (201), the other answers 409', async () => {
    const twin = await createFeed(admin, { name: 'Deux en même temps', kind: 'upload' });
    const bodies = [new PassThrough(), new PassThrough()];
    for (const body of bodies) body.write(`${RAPNET_HEADER}\r\n`);
    const answers = bodies.map((body) => upload(admin, twin.id, body));
    const refused = await Promise.race(answers);
    expect(refused.statusCode).toBe(409);
    for (const body of bodies) body.end(RAPNET.split('\r\n').slice(1).join('\r\n'));
    const codes = (await Promise.all(answers)).map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const runs = await t.handle.db.select().from(diamondImportRuns).where(eq(diamondImportRuns.feedId, twin.id));
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
  });

  it("a run another process left 'running' blocks imports while its heartbeat is recent; silent 10 min, no longer", async () => {
    const other = await createFeed(admin, { name: 'Autre processus', kind: 'upload' });
    const [run] = await t.handle.db
      .insert(diamondImportRuns)
      .values({
        organizationId: orgA,
        feedId: other.id,
        status: 'running',
        startedAt: new Date(Date.now() - 3 * 3600_000),
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .returning();
    // Started hours ago, but its last batch a minute ago: still going on.
    expect((await upload(admin, other.id, RAPNET)).statusCode).toBe(409);
    await t.handle.db
      .update(diamondImportRuns)
      .set({ heartbeatAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(diamondImportRuns.id, run!.id));
    const res = await upload(admin, other.id, RAPNET);
    expect(res.statusCode).toBe(201);
    const [stale] = await t.handle.db.select().from(diamondImportRuns).where(eq(diamondImportRuns.id, run!.id));
    expect(stale).toMatchObject({
      status: 'failed',
      error: "Import interrompu (le serveur s'est arrêté pendant la lecture)",
    });
    // A run without heartbeat (recorded before them) is judged by its start.
    const legacy = await createFeed(admin, { name: 'Sans battement', kind: 'upload' });
    await t.handle.db
      .insert(diamondImportRuns)
      .values({ organizationId: orgA, feedId: legacy.id, status: 'running', startedAt: new Date() });
    expect((await upload(admin, legacy.id, RAPNET)).statusCode).toBe(409);
    await t.handle.db
      .update(diamondImportRuns)
      .set({ startedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(diamondImportRuns.feedId, legacy.id));
    expect((await upload(admin, legacy.id, RAPNET)).statusCode).toBe(201);
  });
});

describe('who may call', () => {
  let feed: DiamondFeedView;
  beforeAll(async () => {
    feed = await createFeed(admin, { name: 'Droits', kind: 'upload' });
  });

  it('sales and production get 403; a manager reads but does not write', async () => {
    for (const role of ['sales', 'production']) {
      const { client } = await signedInClient(t, { role, organizationId: orgA });
      expect((await client.get(FEEDS)).statusCode).toBe(403);
      expect((await client.get(`${FEEDS}/${feed.id}`)).statusCode).toBe(403);
      expect((await client.post(FEEDS, validFeed)).statusCode).toBe(403);
      expect((await upload(client, feed.id, RAPNET)).statusCode).toBe(403);
      expect((await client.get(`${FEEDS}/${feed.id}/runs`)).statusCode).toBe(403);
    }
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgA });
    expect((await manager.get(FEEDS)).statusCode).toBe(200);
    expect((await manager.get(`${FEEDS}/${feed.id}/runs`)).statusCode).toBe(200);
    expect((await manager.post(FEEDS, validFeed)).statusCode).toBe(403);
    expect((await upload(manager, feed.id, RAPNET)).statusCode).toBe(403);
    const { client: superadmin } = await signedInClient(t, { role: 'superadmin', organizationId: orgA });
    expect((await superadmin.post(FEEDS, { name: 'Super', kind: 'upload' })).statusCode).toBe(201);
  });

  it("another organization's feed answers 404 everywhere, and its list does not show ours", async () => {
    const run = (await admin.get(`${FEEDS}/${feed.id}/runs`)).json<DiamondImportRunView[]>();
    const runId = run[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    expect((await adminB.get(`${FEEDS}/${feed.id}`)).statusCode).toBe(404);
    expect(
      (
        await adminB.request({
          method: 'PUT',
          url: `${FEEDS}/${feed.id}`,
          payload: { name: 'x', kind: 'upload', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await adminB.request({ method: 'DELETE', url: `${FEEDS}/${feed.id}` })).statusCode).toBe(404);
    expect((await upload(adminB, feed.id, RAPNET)).statusCode).toBe(404);
    expect((await adminB.get(`${FEEDS}/${feed.id}/runs`)).statusCode).toBe(404);
    expect((await adminB.get(`${FEEDS}/${feed.id}/runs/${runId}/rejects.csv`)).statusCode).toBe(404);
    expect((await adminB.get(FEEDS)).json<DiamondFeedView[]>()).toEqual([]);
    expect((await admin.get(`${FEEDS}/${feed.id}`)).statusCode).toBe(200);
  });

  it('signed out: 401; without the CSRF token: 403', async () => {
    const { TestClient } = await import('../../../test/harness');
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(FEEDS)).statusCode).toBe(401);
    const noCsrf = await admin.post(FEEDS, validFeed, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const importNoCsrf = await admin.request({
      method: 'POST',
      url: `${FEEDS}/${feed.id}/import`,
      headers: { 'content-type': 'text/csv' },
      payload: RAPNET,
      csrf: false,
    });
    expect(importNoCsrf.statusCode).toBe(403);
  });
});

describe('hostile bodies', () => {
  it('answers 400, never 500', async () => {
    const bodies: unknown[] = [
      { ...validFeed, name: 'a\u0000b' },
      { ...validFeed, name: 'x\uD800y' },
      { ...validFeed, name: 'é'.repeat(5000) },
      { ...validFeed, credentials: { nested: true } },
      { ...validFeed, credentials: 'x'.repeat(5000) },
      { ...validFeed, markup: '1e309' },
      { ...validFeed, markup: '9'.repeat(400) },
      { ...validFeed, kind: 'url', url: 'https://a.example/f.csv', scheduleMinutes: 20.5 },
      { ...validFeed, scheduleMinutes: 60 },
      { ...validFeed, kind: 'url', url: 'javascript:alert(1)' },
      { ...validFeed, kind: 'url', url: 'https://' },
      { ...validFeed, columnMapping: [] },
      { ...validFeed, columnMapping: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`c${i}`, 'shape'])) },
      { ...validFeed, columnMapping: { '': 'shape' } },
      [],
      'texte',
      null,
    ];
    for (const body of bodies) {
      const res = await admin.post(FEEDS, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const malformed = await admin.request({
      method: 'POST',
      url: FEEDS,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('a binary or garbled upload is a failed run, not a server error', async () => {
    const feed = await createFeed(admin, { name: 'Binaire', kind: 'upload' });
    const res = await admin.request({
      method: 'POST',
      url: `${FEEDS}/${feed.id}/import`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81, 0x0a, 0x22, 0x22, 0x0a]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ImportReport>().status).toBe('failed');
    const quote = await upload(admin, feed.id, `${RAPNET_HEADER}\r\n"R-9,unterminated`);
    expect(quote.statusCode).toBe(201);
    expect(quote.json<ImportReport>().status).toBe('failed');
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diamondFeeds, diamondImportRejects, diamondImportRuns, diamonds } from '../../../db/schema';
import { createOrganization, createTestApp, signedInClient, type TestApp } from '../../../test/harness';
import { createSecretBox } from '../../market/secret-box';
import { startHttpStub } from '../../market/test/stub-servers';
import { setManualMarket } from '../../products/test/fixtures';
import type { DiamondFeedRow } from './diamond-feed.repository';
import { credentialHeaders, fetchFeed, formatOfContentType } from './feed-fetch';
import type { ImportReport } from './feed-import';
import { DEFAULT_FEED_FETCH, FeedScheduler, feedSchedulerLock, type FeedSchedulerOptions } from './feed-scheduler';

const RAPNET_HEADER =
  'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,RapNet Price,Cash Price,City,Country';
const CSV = [
  RAPNET_HEADER,
  'U-1,G,B,"1,01",G,SI1,EX,EX,EX,NON,GIA,1234567,6500,"6,370",Antwerp,Belgium',
  'U-2,G,PS,0.70,D,IF,,EX,VG,FNT,GIA,7654321,9800,,Ramat Gan,Israel',
].join('\r\n');
const JSON_FEED = JSON.stringify({
  success: true,
  data: {
    stones: [
      {
        'Stock #': 'J-1',
        Shape: 'OV',
        Weight: 1.2,
        Color: 'F',
        Clarity: 'VS1',
        Lab: 'IGI',
        'Certificate #': 'LG555',
        'RapNet Price': '4100',
      },
      { 'Stock #': 'J-2', Shape: 'XYZ', Weight: 0.5, Color: 'E', Clarity: 'VS2', 'RapNet Price': 2000 },
    ],
  },
});
const TOKEN = 'jeton-fournisseur-77';

type Mode = 'ok' | 'http500' | 'hang';
let t: TestApp;
let orgId: string;
let mode: Mode = 'ok';
/** Runs before the stub answers (then reset). */
let beforeAnswer: (() => Promise<void>) | null = null;
let stub: Awaited<ReturnType<typeof startHttpStub>>;
const schedulers: FeedScheduler[] = [];
const box = () => createSecretBox(t.config.sessionSecret);

function answer(req: IncomingMessage, res: ServerResponse): void {
  if (beforeAnswer) {
    const hook = beforeAnswer;
    beforeAnswer = null;
    return void hook().then(() => answer(req, res));
  }
  if (mode === 'hang') return; // never answers
  if (req.url === '/plain.json') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON_FEED);
  if (req.url === '/chunks') {
    // The whole file at once, in several chunks: the consumer is the slow one.
    res.writeHead(200, { 'content-type': 'text/csv' });
    for (const line of CSV.split('\r\n')) res.write(`${line}\r\n`);
    return void res.end();
  }
  if (req.url === '/slow.csv') {
    // A chunk every 50 ms, for ever: never silent, never done.
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.write(`${RAPNET_HEADER}\r\n`);
    const drip = setInterval(() => res.write(' '), 50);
    return void res.on('close', () => clearInterval(drip));
  }
  if (mode === 'http500') return void res.writeHead(500).end('erreur');
  if (req.url === '/moved') return void res.writeHead(302, { location: 'https://ailleurs.example/stock.csv' }).end();
  const basic = `Basic ${Buffer.from('anvers:motdepasse').toString('base64')}`;
  if (req.url === '/stock.csv' && req.headers.authorization === `Bearer ${TOKEN}`) {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    // Two chunks, as a network hands them.
    res.write(CSV.slice(0, 100));
    return void setTimeout(() => res.end(CSV.slice(100)), 20);
  }
  if (req.url === '/stock.json' && req.headers.authorization === basic) {
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON_FEED);
  }
  res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
}

function scheduler(overrides: Partial<FeedSchedulerOptions> = {}): FeedScheduler {
  const s = new FeedScheduler({
    db: t.handle.db,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => new Date(),
    secretBox: box(),
    lock: feedSchedulerLock(t.handle.db),
    market: { getFx: () => ({ value: '0.9' }) },
    fetch: { ...DEFAULT_FEED_FETCH, timeoutMs: 300, idleTimeoutMs: 300, allowHttpLoopback: true },
    ...overrides,
  });
  schedulers.push(s);
  return s;
}

async function urlFeed(values: Partial<typeof diamondFeeds.$inferInsert> = {}): Promise<DiamondFeedRow> {
  const [row] = await t.handle.db
    .insert(diamondFeeds)
    .values({
      organizationId: orgId,
      name: 'Fournisseur en ligne',
      kind: 'url',
      url: `${stub.url}/stock.csv`,
      credentials: box().encrypt(TOKEN),
      scheduleMinutes: 60,
      ...values,
    })
    .returning();
  return row!;
}

/** One tick of a new node, which then stops (and hands the lock back on PostgreSQL). */
async function tickOnce(overrides: Partial<FeedSchedulerOptions> = {}): Promise<void> {
  const s = scheduler(overrides);
  await s.tick();
  await s.stop();
}

const runsOf = (feedId: string) =>
  t.handle.db.select().from(diamondImportRuns).where(eq(diamondImportRuns.feedId, feedId));

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie en ligne');
  stub = await startHttpStub(answer);
});
afterAll(async () => {
  await stub?.close();
  await t?.close();
});
beforeEach(async () => {
  mode = 'ok';
  beforeAnswer = null;
  stub.requests.length = 0;
  // Only this test's feeds are due.
  await t.handle.db.update(diamondFeeds).set({ archivedAt: new Date() }).where(eq(diamondFeeds.kind, 'url'));
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});

describe('credentials sent to the supplier', () => {
  it('by their shape: a header, an Authorization scheme, user:password, a bare token', () => {
    expect(credentialHeaders('x-api-key: abc 123')).toEqual({ 'x-api-key': 'abc 123' });
    expect(credentialHeaders('Bearer abc')).toEqual({ authorization: 'Bearer abc' });
    expect(credentialHeaders('Basic YTpi')).toEqual({ authorization: 'Basic YTpi' });
    expect(credentialHeaders('anvers:motdepasse')).toEqual({
      authorization: `Basic ${Buffer.from('anvers:motdepasse').toString('base64')}`,
    });
    expect(credentialHeaders(' abc123 ')).toEqual({ authorization: 'Bearer abc123' });
    expect(credentialHeaders(null)).toEqual({});
  });
});

describe('feed scheduler', () => {
  it('imports the due URL feeds, CSV and JSON, with their credentials; not again before their schedule', async () => {
    const csv = await urlFeed();
    const json = await urlFeed({
      name: 'Fournisseur JSON',
      url: `${stub.url}/stock.json`,
      format: 'json',
      credentials: box().encrypt('anvers:motdepasse'),
    });
    const recent = await urlFeed({ name: 'Relevé il y a 10 min' });
    await t.handle.db.insert(diamondImportRuns).values({
      organizationId: orgId,
      feedId: recent.id,
      status: 'succeeded',
      startedAt: new Date(Date.now() - 10 * 60_000),
    });
    const manual = await urlFeed({ name: 'Sans fréquence', scheduleMinutes: null });
    const s = scheduler();
    await s.tick();
    expect(s.isLeader()).toBe(true);
    expect(stub.requests.map((r) => r.path).sort()).toEqual(['/stock.csv', '/stock.json']);

    const [csvRun] = await runsOf(csv.id);
    expect(csvRun).toMatchObject({ status: 'succeeded', preset: 'rapnet', rowsAccepted: 2, added: 2, error: null });
    const [jsonRun] = await runsOf(json.id);
    expect(jsonRun).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsAccepted: 1, rowsRejected: 1 });
    const rejected = await t.handle.db
      .select({ row: diamondImportRejects.rowNumber, reason: diamondImportRejects.reason })
      .from(diamondImportRejects)
      .where(eq(diamondImportRejects.runId, jsonRun!.id));
    expect(rejected).toEqual([{ row: 2, reason: expect.stringMatching(/XYZ/) as string }]);
    const stones = await t.handle.db
      .select({ stock: diamonds.stockNumber, org: diamonds.organizationId })
      .from(diamonds)
      .where(eq(diamonds.feedId, json.id));
    expect(stones).toEqual([{ stock: 'J-1', org: orgId }]);
    expect(await runsOf(recent.id)).toHaveLength(1);
    expect(await runsOf(manual.id)).toHaveLength(0);

    // Nothing is due any more.
    await s.tick();
    expect(stub.requests).toHaveLength(2);
  });

  it('an HTTP error, a server that hangs, a wrong key, a redirect elsewhere and plain http are failed runs', async () => {
    const feed = await urlFeed();
    const fail = async (setup: () => unknown): Promise<string | null> => {
      await t.handle.db.delete(diamondImportRuns).where(eq(diamondImportRuns.feedId, feed.id));
      await setup();
      await tickOnce();
      const runs = await runsOf(feed.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.status).toBe('failed');
      return runs[0]!.error;
    };
    mode = 'http500';
    expect(await fail(() => undefined)).toBe('Le serveur du fournisseur a répondu HTTP 500');
    mode = 'hang';
    expect(await fail(() => undefined)).toBe("Le serveur du fournisseur n'a pas répondu à temps (300 ms)");
    mode = 'ok';
    const wrongKey = () =>
      t.handle.db
        .update(diamondFeeds)
        .set({ credentials: box().encrypt('faux') })
        .where(eq(diamondFeeds.id, feed.id));
    expect(await fail(wrongKey)).toBe('Le serveur du fournisseur a répondu HTTP 401');
    const moved = () =>
      t.handle.db
        .update(diamondFeeds)
        .set({ url: `${stub.url}/moved` })
        .where(eq(diamondFeeds.id, feed.id));
    expect(await fail(moved)).toBe('Redirection vers un autre site refusée (ailleurs.example)');
    // Outside tests and development, only https.
    await t.handle.db.delete(diamondImportRuns).where(eq(diamondImportRuns.feedId, feed.id));
    await tickOnce({ fetch: { ...DEFAULT_FEED_FETCH, allowHttpLoopback: false } });
    expect((await runsOf(feed.id))[0]!.error).toBe('Adresse du flux refusée : elle doit commencer par https://');
    // The stub's body never held the key in clear in the database.
    const [stored] = await t.handle.db.select().from(diamondFeeds).where(eq(diamondFeeds.id, feed.id));
    expect(stored!.credentials).not.toContain('faux');
  });

  it('a run still in progress is left alone; one silent for more than 10 minutes is closed and the feed imported', async () => {
    const feed = await urlFeed();
    const [running] = await t.handle.db
      .insert(diamondImportRuns)
      .values({
        organizationId: orgId,
        feedId: feed.id,
        status: 'running',
        startedAt: new Date(Date.now() - 2 * 3600_000),
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await tickOnce();
    // Due (started 2 hours ago, every hour) but busy (its last batch a minute ago): not fetched, nothing recorded.
    expect(stub.requests).toHaveLength(0);
    expect(await runsOf(feed.id)).toHaveLength(1);
    await t.handle.db
      .update(diamondImportRuns)
      .set({ heartbeatAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(diamondImportRuns.id, running!.id));
    await tickOnce();
    const runs = await runsOf(feed.id);
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(runs.find((r) => r.id === running!.id)!.error).toBe(
      "Import interrompu (le serveur s'est arrêté pendant la lecture)",
    );
  });

  it('a feed whose run started after the list was read is skipped', async () => {
    const first = await urlFeed({ name: 'Premier' });
    const second = await urlFeed({ name: 'Second' });
    // While the first feed downloads, the second is imported elsewhere ("Importer maintenant", another node).
    beforeAnswer = async () => {
      await t.handle.db
        .insert(diamondImportRuns)
        .values({ organizationId: orgId, feedId: second.id, status: 'succeeded', startedAt: new Date() });
    };
    await tickOnce();
    expect(stub.requests).toHaveLength(1);
    expect((await runsOf(first.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await runsOf(second.id)).toHaveLength(1);
  });

  it('with no rate yet, the postponement is logged once per feed until a rate comes', async () => {
    const feed = await urlFeed();
    const warnings: object[] = [];
    let rate: { value: string } | null = null;
    const s = scheduler({
      log: { info: () => undefined, warn: (obj) => void warnings.push(obj), error: () => undefined },
      market: { getFx: () => rate },
    });
    await s.tick();
    await s.tick();
    await s.tick();
    expect(warnings).toEqual([{ feedId: feed.id, organizationId: orgId }]);
    expect(await runsOf(feed.id)).toHaveLength(0);
    rate = { value: '0.9' };
    await s.tick();
    expect((await runsOf(feed.id)).map((r) => r.status)).toEqual(['succeeded']);
    // Due again with no rate: logged again, once.
    await t.handle.db.delete(diamondImportRuns).where(eq(diamondImportRuns.feedId, feed.id));
    rate = null;
    await s.tick();
    await s.tick();
    expect(warnings).toHaveLength(2);
  });

  it('text/plain says nothing of the format: a JSON feed served so is read as JSON', async () => {
    expect(formatOfContentType('text/plain; charset=utf-8')).toBeUndefined();
    expect(formatOfContentType('application/octet-stream')).toBeUndefined();
    expect(formatOfContentType('Application/JSON; charset=utf-8')).toBe('json');
    expect(formatOfContentType('text/csv')).toBe('csv');
    expect(formatOfContentType('text/tab-separated-values')).toBe('csv');
    const feed = await urlFeed({ url: `${stub.url}/plain.json`, format: 'json' });
    await tickOnce();
    expect(await runsOf(feed.id)).toMatchObject([{ status: 'succeeded', rowsRead: 2, rowsAccepted: 1 }]);
  });

  it('the silence limit does not count the time the import holds a chunk', async () => {
    const settings = { ...DEFAULT_FEED_FETCH, timeoutMs: 1000, idleTimeoutMs: 100, allowHttpLoopback: true };
    const fetched = await fetchFeed(`${stub.url}/chunks`, null, settings);
    let text = '';
    try {
      for await (const chunk of fetched.body) {
        text += Buffer.from(chunk).toString('utf8');
        // A slow consumer (database writes): longer than the silence limit.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      fetched.close();
    }
    expect(text).toBe(`${CSV}\r\n`);
  });

  it('a download that never ends fails at its total deadline', async () => {
    const feed = await urlFeed({ url: `${stub.url}/slow.csv` });
    await tickOnce({
      fetch: {
        ...DEFAULT_FEED_FETCH,
        timeoutMs: 300,
        idleTimeoutMs: 300,
        totalTimeoutMs: 500,
        allowHttpLoopback: true,
      },
    });
    expect(await runsOf(feed.id)).toMatchObject([
      { status: 'failed', error: 'Téléchargement du flux trop long : pas terminé au bout de 500 ms' },
    ]);
    expect(DEFAULT_FEED_FETCH.totalTimeoutMs).toBe(30 * 60_000);
  });

  it('an address with user:password is refused, with where they belong', async () => {
    const feed = await urlFeed({ url: stub.url.replace('http://', 'http://anvers:secret@') + '/stock.csv' });
    await tickOnce();
    expect(await runsOf(feed.id)).toMatchObject([
      {
        status: 'failed',
        error:
          "Adresse du flux refusée : mettez l'identifiant et le mot de passe dans « Identifiants », pas dans l'adresse",
      },
    ]);
    expect(stub.requests).toHaveLength(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL only one node fetches (advisory lock); another takes over when it stops',
    async () => {
      await urlFeed();
      const a = scheduler();
      const b = scheduler();
      await Promise.all([a.tick(), b.tick()]);
      expect([a.isLeader(), b.isLeader()].sort()).toEqual([false, true]);
      expect(stub.requests).toHaveLength(1);
      const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
      await leader.stop();
      await urlFeed({ name: 'Deuxième' });
      await follower.tick();
      expect(follower.isLeader()).toBe(true);
      expect(stub.requests).toHaveLength(2);
    },
  );
});

describe('POST /api/diamonds/feeds/:id/fetch', () => {
  it('imports a URL feed now (201 with the report); an uploaded feed answers 400; a manager 403', async () => {
    const admin = (await signedInClient(t, { role: 'admin', organizationId: orgId })).client;
    const manager = (await signedInClient(t, { role: 'manager', organizationId: orgId })).client;
    const feed = await urlFeed({ scheduleMinutes: null });
    const noRate = await admin.post(`/api/diamonds/feeds/${feed.id}/fetch`, {});
    expect(noRate.statusCode).toBe(503);
    await setManualMarket(t, { 'USD/EUR': '0.9234' });
    const res = await admin.post(`/api/diamonds/feeds/${feed.id}/fetch`, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportReport>()).toMatchObject({ status: 'succeeded', preset: 'rapnet', added: 2 });
    expect(stub.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const upload = await admin.post('/api/diamonds/feeds', { name: 'Fichier', kind: 'upload' });
    const refused = await admin.post(`/api/diamonds/feeds/${upload.json<{ id: string }>().id}/fetch`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe("Ce flux n'a pas d'adresse web : importez son fichier");
    expect((await manager.post(`/api/diamonds/feeds/${feed.id}/fetch`, {})).statusCode).toBe(403);

    // While a run of the feed is in progress: 409.
    await t.handle.db
      .insert(diamondImportRuns)
      .values({ organizationId: orgId, feedId: feed.id, status: 'running', startedAt: new Date() });
    const busy = await admin.post(`/api/diamonds/feeds/${feed.id}/fetch`, {});
    expect(busy.statusCode).toBe(409);
  });
});

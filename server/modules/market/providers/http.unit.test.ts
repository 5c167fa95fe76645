/**
 * httpGetText against real local HTTP servers (test/stub-servers.ts), never a mocked fetch:
 * body cap, same-origin redirects only, one deadline for the whole exchange.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpStub, streamHugeBody } from '../test/stub-servers';
import { DEFAULT_MAX_BODY_BYTES, httpGetText, MAX_REDIRECTS } from './http';
import { ProviderError } from './provider.types';

type Stub = Awaited<ReturnType<typeof startHttpStub>>;
const stubs: Stub[] = [];

async function stub(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Stub> {
  const server = await startHttpStub(handler);
  stubs.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

/** Runs `call` while sampling the process memory every 5 ms; returns its outcome and the peak growth. */
async function withMemoryPeak<T>(call: () => Promise<T>) {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakArrayBuffers = base.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  const outcome = await call().then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  clearInterval(timer);
  sample();
  return { ...outcome, rssGrowth: peakRss - base.rss, arrayBuffersGrowth: peakArrayBuffers - base.arrayBuffers };
}

const MB = 1024 * 1024;

describe('httpGetText body cap', () => {
  it('aborts a 300 MB streamed answer just past the 1 MB cap, quickly, without the memory growing', async () => {
    let sent: Promise<number> = Promise.resolve(0);
    const server = await stub((req, res) => {
      if (req.url === '/small') res.writeHead(200).end('ok');
      else sent = streamHugeBody(res, 300 * MB);
    });
    // Warm up fetch (undici loads lazily) so the measure below is the answer's cost only.
    await httpGetText(`${server.url}/small`, { timeoutMs: 10_000 });
    const started = performance.now();
    const result = await withMemoryPeak(() => httpGetText(`${server.url}/huge`, { timeoutMs: 10_000 }));
    const elapsed = performance.now() - started;

    expect(result.error).toBeInstanceOf(ProviderError);
    expect((result.error as ProviderError).message).toMatch(/^Réponse trop volumineuse/);
    expect(elapsed).toBeLessThan(2_000);
    // The server saw the connection go away after little more than the cap (socket buffers aside).
    expect(await sent).toBeLessThan(16 * MB);
    expect(result.arrayBuffersGrowth).toBeLessThan(8 * MB);
    expect(result.rssGrowth).toBeLessThan(24 * MB);
    expect((result.error as ProviderError).message).toBe(
      `Réponse trop volumineuse (plus de ${DEFAULT_MAX_BODY_BYTES} octets)`,
    );
  });

  it('refuses at once an answer whose content-length is beyond the cap', async () => {
    const server = await stub((_req, res) => {
      res.writeHead(200, { 'content-length': String(300 * MB) });
      res.write('x');
    });
    await expect(httpGetText(server.url, { timeoutMs: 5_000 })).rejects.toThrow(/Réponse trop volumineuse/);
  });

  it('takes a cap per call and reads an answer within it whole', async () => {
    const body = 'é'.repeat(100); // 200 bytes of UTF-8
    const server = await stub((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    });
    expect(await httpGetText(server.url, { timeoutMs: 5_000, maxBytes: 200 })).toBe(body);
    await expect(httpGetText(server.url, { timeoutMs: 5_000, maxBytes: 199 })).rejects.toThrow(
      'Réponse trop volumineuse (plus de 199 octets)',
    );
  });
});

describe('httpGetText redirects', () => {
  it('refuses a redirect to another origin: the other server never receives the request nor the key', async () => {
    const other = await stub((_req, res) => {
      res.writeHead(200).end('{"price": 1}');
    });
    const first = await stub((_req, res) => {
      res.writeHead(302, { location: `${other.url}/api/XAU/EUR` }).end();
    });
    const call = httpGetText(`${first.url}/api/XAU/EUR`, {
      timeoutMs: 5_000,
      headers: { 'x-access-token': 'secret-key-123' },
    });
    await expect(call).rejects.toThrow(ProviderError);
    await expect(call).rejects.toThrow(`Redirection vers un autre site refusée (${new URL(other.url).host})`);
    expect(first.requests).toHaveLength(1);
    expect(first.requests[0]!.headers['x-access-token']).toBe('secret-key-123');
    expect(other.requests).toHaveLength(0);
  });

  it('follows a same-origin redirect (absolute or relative) with the same headers', async () => {
    const server = await stub((req, res) => {
      if (req.url === '/old') res.writeHead(301, { location: '/moved' }).end();
      else if (req.url === '/moved') res.writeHead(307, { location: `http://${req.headers.host}/new` }).end();
      else res.writeHead(200).end('arrivé');
    });
    const text = await httpGetText(`${server.url}/old`, { timeoutMs: 5_000, headers: { 'x-access-token': 'k' } });
    expect(text).toBe('arrivé');
    expect(server.requests.map((r) => [r.path, r.headers['x-access-token']])).toEqual([
      ['/old', 'k'],
      ['/moved', 'k'],
      ['/new', 'k'],
    ]);
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    const server = await stub((_req, res) => {
      res.writeHead(302, { location: '/again' }).end();
    });
    await expect(httpGetText(`${server.url}/start`, { timeoutMs: 5_000 })).rejects.toThrow('Trop de redirections');
    expect(server.requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('refuses a redirect to another scheme on the same host', async () => {
    const server = await stub((req, res) => {
      res.writeHead(302, { location: `https://${req.headers.host}/secure` }).end();
    });
    await expect(httpGetText(server.url, { timeoutMs: 5_000 })).rejects.toThrow(/Redirection vers un autre site/);
  });
});

describe('httpGetText deadline', () => {
  it('trips the timeout when the headers came but the body stalls', async () => {
    const server = await stub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"price":');
    });
    const started = performance.now();
    await expect(httpGetText(server.url, { timeoutMs: 300 })).rejects.toThrow('Délai dépassé (300 ms)');
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('trips the timeout when the body trickles in forever', async () => {
    const server = await stub((_req, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(drip));
    });
    const started = performance.now();
    await expect(httpGetText(server.url, { timeoutMs: 300 })).rejects.toThrow('Délai dépassé (300 ms)');
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('one deadline covers a whole chain of slow same-origin redirects', async () => {
    const next: Record<string, string> = { '/a': '/b', '/b': '/c' };
    const server = await stub((req, res) => {
      const target = next[req.url ?? ''];
      setTimeout(() => (target ? res.writeHead(302, { location: target }).end() : res.writeHead(200).end('ok')), 150);
    });
    // Each hop answers in 150 ms (within 300 ms) but the three together take 450 ms.
    await expect(httpGetText(`${server.url}/a`, { timeoutMs: 300 })).rejects.toThrow('Délai dépassé (300 ms)');
  });

  it('a refused connection is a network error', async () => {
    const server = await stub(() => undefined);
    const url = server.url;
    await server.close();
    await expect(httpGetText(url, { timeoutMs: 1_000 })).rejects.toThrow('Erreur réseau');
  });
});

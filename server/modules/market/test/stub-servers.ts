/**
 * Local stub servers answering in the providers' real formats (never the internet).
 * Reusable by API and end-to-end tests: `url` goes into a data source config.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ECB_SAMPLE_RATES, ecbDailyXml, goldApiJson } from './samples';

/** How a stub misbehaves: HTTP 500, never answers, answers a zero price, or answers garbage. */
export type StubFailure = 'http500' | 'hang' | 'zero' | 'garbage' | null;

export interface StubServer {
  url: string;
  /** Requests received so far (method, path, headers). */
  requests: Array<{ path: string; headers: IncomingMessage['headers'] }>;
  fail(mode: StubFailure): void;
  close(): Promise<void>;
}

/** A plain local HTTP server on a free port of 127.0.0.1 that records every request it receives. */
export async function startHttpStub(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Omit<StubServer, 'fail'>> {
  const sockets = new Set<Socket>();
  const requests: StubServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Streams `totalBytes` of filler generated chunk by chunk (one 64 kB buffer reused, honouring backpressure),
 * without a content-length. Resolves with the bytes handed to the socket when the body ended or the client
 * went away, so a test can check the client stopped reading early.
 */
export function streamHugeBody(res: ServerResponse, totalBytes: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve(written);
    };
    res.on('close', finish);
    res.writeHead(200, { 'content-type': 'application/json' });
    const pump = () => {
      while (!finished && written < totalBytes) {
        written += chunk.byteLength;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!finished) res.end(finish);
    };
    pump();
  });
}

export interface EcbStub extends StubServer {
  /** Full URL of the daily XML document (what the ecb data source config `url` takes). */
  xmlUrl: string;
  /** Sets "1 EUR = rate currency" as the ECB publishes it. */
  setPrice(currency: string, rate: string): void;
  setDate(date: string): void;
}

export async function startEcbStub(): Promise<EcbStub> {
  const rates: Record<string, string> = { ...ECB_SAMPLE_RATES };
  let date = '2026-11-20';
  let failure: StubFailure = null;
  const server = await startHttpStub((req, res) => {
    if (req.url !== '/stats/eurofxref/eurofxref-daily.xml') {
      res.writeHead(404).end();
      return;
    }
    if (failure === 'hang') return;
    if (failure === 'http500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/xml' }).end('<html><body>Maintenance</body></html>');
      return;
    }
    const published = failure === 'zero' ? Object.fromEntries(Object.keys(rates).map((c) => [c, '0'])) : rates;
    res.writeHead(200, { 'content-type': 'text/xml' }).end(ecbDailyXml(published, date));
  });
  return {
    ...server,
    xmlUrl: `${server.url}/stats/eurofxref/eurofxref-daily.xml`,
    fail: (mode) => {
      failure = mode;
    },
    setPrice: (currency, rate) => {
      rates[currency] = rate;
    },
    setDate: (value) => {
      date = value;
    },
  };
}

export interface GoldApiStub extends StubServer {
  /** The token the stub accepts in `x-access-token`. */
  token: string;
  /** Sets the price of a metal (XAU, XAG, XPT) in EUR per gram. */
  setPrice(metal: string, eurPerGram: number): void;
  /** Omit price_gram_24k (the provider must then divide the ounce price). */
  omitGramPrice(omit: boolean): void;
}

export async function startGoldApiStub(token = 'goldapi-test-token'): Promise<GoldApiStub> {
  const perGram: Record<string, number> = { XAU: 121.5, XAG: 1.48, XPT: 41.2 };
  let failure: StubFailure = null;
  let omitGram = false;
  const server = await startHttpStub((req, res) => {
    const match = /^\/api\/(XAU|XAG|XPT)\/EUR$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Invalid symbol' }));
      return;
    }
    if (req.headers['x-access-token'] !== token) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'No API Key provided' }));
      return;
    }
    if (failure === 'hang') return;
    if (failure === 'http500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Server error' }));
      return;
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"oops":');
      return;
    }
    const metal = match[1]!;
    const gram = failure === 'zero' ? 0 : perGram[metal]!;
    const ounce = Math.round(gram * 31.1034768 * 100) / 100;
    const body = goldApiJson(metal, ounce, {
      perGram: omitGram ? null : gram,
      timestamp: Math.floor(Date.now() / 1000),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return {
    ...server,
    token,
    fail: (mode) => {
      failure = mode;
    },
    setPrice: (metal, eurPerGram) => {
      perGram[metal] = eurPerGram;
    },
    omitGramPrice: (omit) => {
      omitGram = omit;
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiRequest,
  clearCsrfToken,
  configureApiClient,
  getQueryFn,
  holdCallsForSignOut,
  isUnauthenticated,
  onUnauthenticated,
  queryKeyToPath,
} from './api-client';

/** A real local HTTP server; each test sets how it answers. */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  body: string;
}

let server: Server;
let handler: Handler;
let seen: Seen[] = [];
let csrfIssued = 0;

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Default: hands out tokens "t1", "t2"... and accepts mutating calls carrying the latest one. */
function standardCsrf(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url === '/api/csrf-token') {
    csrfIssued += 1;
    json(res, 200, { csrfToken: `t${csrfIssued}` });
    return true;
  }
  return false;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', csrf: req.headers['x-csrf-token'] as string, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ baseUrl: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  csrfIssued = 0;
  clearCsrfToken();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errors', () => {
  it('uses "<status>: <body text>" as the message and parses the server error shape', async () => {
    const body = { code: 'NOT_FOUND', message: 'Diamant introuvable' };
    handler = (_req, res) => json(res, 404, body);
    const error = await apiGet('/api/diamond/42').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.message).toBe(`404: ${JSON.stringify(body)}`);
    expect(apiError.bodyText).toBe(JSON.stringify(body));
    expect(apiError.body).toEqual(body);
    expect(apiError.serverMessage).toBe('Diamant introuvable');
    expect(apiError.code).toBe('NOT_FOUND');
  });

  it('falls back to the status text when the body is empty', async () => {
    handler = (_req, res) => {
      res.writeHead(503, 'Service Unavailable');
      res.end();
    };
    const error = (await apiGet('/api/spot/gold').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeNull();
    expect(error.serverMessage).toBe('Service Unavailable');
  });

  it('keeps a non-JSON error body as the server message', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway from proxy');
    };
    const error = (await apiGet('/api/spot/gold').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway from proxy');
    expect(error.serverMessage).toBe('Bad gateway from proxy');
  });

  it('exposes field errors', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Données invalides',
      fieldErrors: { email: ['Adresse email invalide'] },
    };
    handler = (req, res) => (standardCsrf(req, res) ? undefined : json(res, 400, body));
    const error = (await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: ['Adresse email invalide'] });
  });

  it('warns when HTML comes back and names the URL, the parse error and 500 chars of the answer', async () => {
    const page = `<!doctype html><html><body>${'x'.repeat(2000)}</body></html>`;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = (await apiGet('/api/alloy-prices').catch((e: unknown) => e)) as Error;
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('HTML');
    expect(String(warn.mock.calls[0]?.[1]).length).toBeLessThanOrEqual(1001);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toContain('/api/alloy-prices');
    expect(error.message).toMatch(/Unexpected token|not valid JSON/);
    expect(error.message).toContain(page.slice(0, 500));
    expect(error.message).not.toContain(page.slice(0, 501));
  });

  it('returns undefined for an empty success answer', async () => {
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      res.writeHead(204);
      res.end();
    };
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });
});

describe('CSRF', () => {
  it('fetches the token once, sends it on mutating calls only, and reuses it', async () => {
    handler = (req, res, body) => (standardCsrf(req, res) ? undefined : json(res, 200, { echo: body || null }));
    await expect(apiRequest('POST', '/api/logs', { level: 'error' })).resolves.toEqual({ echo: '{"level":"error"}' });
    await apiRequest('DELETE', '/api/thing/1');
    await apiGet('/api/user');
    expect(seen.map((s) => `${s.method} ${s.url} ${s.csrf ?? '-'}`)).toEqual([
      'GET /api/csrf-token -',
      'POST /api/logs t1',
      'DELETE /api/thing/1 t1',
      'GET /api/user -',
    ]);
  });

  it('shares one token request between concurrent mutating calls', async () => {
    handler = (req, res) => (standardCsrf(req, res) ? undefined : json(res, 200, {}));
    await Promise.all([apiRequest('POST', '/a'), apiRequest('PUT', '/b'), apiRequest('PATCH', '/c')]);
    expect(seen.filter((s) => s.url === '/api/csrf-token')).toHaveLength(1);
  });

  it('fetches a new token after clearCsrfToken', async () => {
    handler = (req, res) => (standardCsrf(req, res) ? undefined : json(res, 200, {}));
    await apiRequest('POST', '/api/login', {});
    clearCsrfToken();
    await apiRequest('POST', '/api/logout');
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.csrf)).toEqual(['t1', 't2']);
  });

  it('refetches the token and retries once after a CSRF_INVALID 403', async () => {
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      if (req.headers['x-csrf-token'] === 't2') return json(res, 200, { ok: true });
      json(res, 403, { code: 'CSRF_INVALID', message: 'Jeton CSRF invalide' });
    };
    await expect(apiRequest('POST', '/api/spot/refresh', { metal: 'gold' })).resolves.toEqual({ ok: true });
    expect(seen.map((s) => `${s.method} ${s.url} ${s.csrf ?? '-'}`)).toEqual([
      'GET /api/csrf-token -',
      'POST /api/spot/refresh t1',
      'GET /api/csrf-token -',
      'POST /api/spot/refresh t2',
    ]);
  });

  it('retries only once and does not retry other 403s', async () => {
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      if (req.url === '/forbidden') return json(res, 403, { code: 'FORBIDDEN', message: 'Accès refusé' });
      json(res, 403, { code: 'CSRF_INVALID', message: 'Jeton CSRF invalide' });
    };
    const csrf = (await apiRequest('POST', '/csrf').catch((e: unknown) => e)) as ApiError;
    expect(csrf.status).toBe(403);
    expect(seen.filter((s) => s.url === '/csrf')).toHaveLength(2);
    const forbidden = (await apiRequest('POST', '/forbidden').catch((e: unknown) => e)) as ApiError;
    expect(forbidden.serverMessage).toBe('Accès refusé');
    expect(seen.filter((s) => s.url === '/forbidden')).toHaveLength(1);
  });

  it('warns and sends without a token when the token cannot be fetched', async () => {
    handler = (req, res) => {
      if (req.url === '/api/csrf-token') return json(res, 500, { code: 'INTERNAL', message: 'boom' });
      json(res, 200, { ok: true });
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(apiRequest('POST', '/api/logs', {})).resolves.toEqual({ ok: true });
    expect(warn).toHaveBeenCalledOnce();
    expect(seen.find((s) => s.url === '/api/logs')?.csrf).toBeUndefined();
  });
});

describe('getQueryFn and query keys', () => {
  const run = (on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) =>
    getQueryFn<unknown>({ on401 })({
      queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: undefined as never,
    } as never);

  it('joins the key segments with "/" and adds a trailing object as the query string', () => {
    expect(queryKeyToPath(['/api/spot', 'gold'])).toBe('/api/spot/gold');
    expect(queryKeyToPath(['/api/fx/USD/EUR'])).toBe('/api/fx/USD/EUR');
    expect(queryKeyToPath(['/api/ddpl/random6', { weight_min: 0.2, weight_max: null }])).toBe(
      '/api/ddpl/random6?weight_min=0.2',
    );
  });

  it('returns null on 401 when asked to, otherwise throws', async () => {
    handler = (_req, res) => json(res, 401, { code: 'UNAUTHENTICATED', message: 'Non connecté' });
    await expect(run('returnNull', ['/api/user'])).resolves.toBeNull();
    await expect(run('throw', ['/api/user'])).rejects.toMatchObject({ status: 401 });
  });

  it('still throws other errors with returnNull', async () => {
    handler = (_req, res) => json(res, 500, { code: 'INTERNAL', message: 'Erreur interne' });
    await expect(run('returnNull', ['/api/user'])).rejects.toMatchObject({ status: 500 });
  });

  it('GETs the joined path', async () => {
    handler = (_req, res) => json(res, 200, { pricePerG: '61.23' });
    await expect(run('throw', ['/api/spot', 'gold'])).resolves.toEqual({ pricePerG: '61.23' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/spot/gold' });
  });
});

describe('an ended session', () => {
  it('tells the listeners about a 401 UNAUTHENTICATED on a read, and still throws it', async () => {
    const heard: number[] = [];
    const stop = onUnauthenticated((error) => heard.push(error.status));
    handler = (_req, res) => json(res, 401, { code: 'UNAUTHENTICATED', message: 'Authentification requise' });
    await expect(apiGet('/api/clients')).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual([401]);
    stop();
    await expect(apiGet('/api/clients')).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual([401]);
  });

  it('tells them after the CSRF retry of a write meets the 401 (the ended session token is refused first)', async () => {
    const heard: string[] = [];
    const stop = onUnauthenticated((error) => heard.push(error.code ?? ''));
    let writes = 0;
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      writes += 1;
      if (writes === 1) json(res, 403, { code: 'CSRF_INVALID', message: 'Jeton' });
      else json(res, 401, { code: 'UNAUTHENTICATED', message: 'Authentification requise' });
    };
    await expect(apiRequest('PUT', '/api/clients/1', { a: 1 })).rejects.toMatchObject({ status: 401 });
    expect(writes).toBe(2);
    expect(heard).toEqual(['UNAUTHENTICATED']);
    stop();
  });

  it('says nothing for a wrong password (401 INVALID_CREDENTIALS) or a 403', async () => {
    const heard: unknown[] = [];
    const stop = onUnauthenticated((error) => heard.push(error));
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      json(res, 401, { code: 'INVALID_CREDENTIALS', message: "Nom d'utilisateur ou mot de passe incorrect" });
    };
    await expect(apiRequest('POST', '/api/login', { username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
    });
    handler = (_req, res) => json(res, 403, { code: 'FORBIDDEN', message: 'Accès refusé' });
    await expect(apiGet('/api/users')).rejects.toMatchObject({ status: 403 });
    expect(heard).toEqual([]);
    expect(isUnauthenticated(new ApiError(401, 'Unauthorized', '{"code":"UNAUTHENTICATED","message":"x"}'))).toBe(true);
    expect(isUnauthenticated(new Error('401: x'))).toBe(false);
    stop();
  });
});

describe('sign-out', () => {
  /** Answers /api/slow only when told to; everything else at once. */
  function slowServer(): { answerSlow: () => void } {
    const waiting: ServerResponse[] = [];
    handler = (req, res) => {
      if (standardCsrf(req, res)) return;
      if (req.url?.startsWith('/api/slow')) waiting.push(res);
      else json(res, 200, { ok: req.url });
    };
    return {
      answerSlow: () => waiting.splice(0).forEach((res) => json(res, 401, { code: 'UNAUTHENTICATED', message: 'x' })),
    };
  }

  it('aborts the calls in flight, so none comes back 401 after the person chose to leave', async () => {
    const { answerSlow } = slowServer();
    const inFlight = apiGet('/api/slow');
    await vi.waitUntil(() => seen.some((s) => s.url === '/api/slow'));
    const heard = vi.fn();
    const stop = onUnauthenticated(heard);
    const hold = holdCallsForSignOut();
    await expect(inFlight).rejects.toMatchObject({ name: 'AbortError' });
    await apiRequest('POST', '/api/logout');
    hold.signedOut();
    answerSlow();
    stop();
    expect(heard).not.toHaveBeenCalled();
  });

  it('holds the calls started meanwhile: dropped unsent when signed out, sent when sign-out failed', async () => {
    slowServer();
    const first = holdCallsForSignOut();
    const dropped = apiGet('/api/after-logout');
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.signedOut();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.map((s) => s.url)).not.toContain('/api/after-logout');

    const second = holdCallsForSignOut();
    const sent = apiGet('/api/still-signed-in');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.map((s) => s.url)).not.toContain('/api/still-signed-in');
    second.stillSignedIn();
    await expect(sent).resolves.toEqual({ ok: '/api/still-signed-in' });
    await expect(apiGet('/api/later')).resolves.toEqual({ ok: '/api/later' });
  });
});

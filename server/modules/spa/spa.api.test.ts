import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openTestDatabase } from '../../test/harness';
import { CONTENT_SECURITY_POLICY, JSON_CONTENT_SECURITY_POLICY, securityHeadersModule } from './security-headers';
import { spaModule } from './spa.plugin';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let app: FastifyInstance;
let dir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pricer-spa-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  const db = await openTestDatabase();
  drop = db.drop;
  app = await buildApp({ handle: db.handle, config: testConfig({ cookieSecure: true }) });
  await app.register(spaModule, { root: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('SPA serving', () => {
  it('serves index.html at / without caching, with the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('falls back to index.html for client routes and unknown paths (React Router shows its 404)', async () => {
    for (const url of ['/auth', '/quotes/42', '/page-inconnue?x=1', '/diamond/7']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable, pre-compressed when the browser accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const other = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(other.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset and JSON 404 for an unknown /api path, signed out too', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(api.headers['content-security-policy']).toBe(JSON_CONTENT_SECURITY_POLICY);
  });

  it('answers JSON 404, never the HTML shell, for odd spellings of an unknown /api path', async () => {
    for (const url of ['/%61pi/nothing', '//api/nothing', '/API/nothing', '/x/../api/nothing', '/api%2Fnothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('puts the JSON set of security headers on API answers, errors included', async () => {
    for (const url of ['/api/user', '/api/nothing-here', '/api/csrf-token', '/API/user']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(JSON_CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Framing is forbidden by the policy's frame-ancestors, which browsers apply instead of X-Frame-Options.
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['referrer-policy'], url).toBeUndefined();
    }
    const refused = await app.inject({ method: 'POST', url: '/api/clients', payload: { name: 'x' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['content-security-policy']).toBe(JSON_CONTENT_SECURITY_POLICY);
  });

  it('puts the document set on what is not JSON, and keeps the policy a route sets itself', async () => {
    for (const url of ['/', '/auth', '/assets/app-abc123.js', '/favicon.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    const image = await app.inject({ method: 'GET', url: '/api/diamonds/placeholder/round.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(image.headers['x-frame-options']).toBe('DENY');
    expect(image.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives a JSON answer the JSON policy even when its route set another', async () => {
    const own = Fastify();
    own.decorate('config', testConfig({ cookieSecure: false }));
    await own.register(securityHeadersModule);
    own.get('/own', (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'").send({ ok: true }),
    );
    const res = await own.inject({ method: 'GET', url: '/own' });
    await own.close();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-security-policy']).toBe(JSON_CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

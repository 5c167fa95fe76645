/**
 * A security review found (ADR 0007) that `GET /%61pi/superadmin/organizations` with no cookie answered the list, and
 * `POST /%61pi/superadmin/data-sources` with no cookie and no CSRF token created a data source, because the
 * session, CSRF and access hooks looked at the raw URL while the router decodes it. Every route of the
 * matrix is called here through odd spellings of its path, signed out and as each role, with and without
 * the CSRF token: an odd spelling never gets more than the canonical path.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createOrganization, createTestApp, type TestApp } from '../test/harness';
import { ROLES, callRule, isServerFault, mutating, signInAs, type MatrixRole } from './matrix-test-kit';
import { fillPath, missingRef } from './route-fixtures';
import { ROUTE_MATRIX, type RouteRule } from './route-matrix';

/** Percent-encodes every character of a segment (`clients` -> `%63%6C%69…`). */
const encodeAll = (segment: string): string =>
  [...segment].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * Spellings of `/api/<rest>` that a router, a proxy or a browser may treat as the same resource:
 * encoded characters and segments, doubled slashes, dot segments, encoded slashes and dots, case.
 */
export function oddSpellings(path: string): string[] {
  if (!path.startsWith('/api/')) throw new Error(`not an /api path: ${path}`);
  const rest = path.slice('/api/'.length);
  const [first = '', ...others] = rest.split('/');
  const tail = others.length > 0 ? `/${others.join('/')}` : '';
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/%41PI/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `///api/${rest}`,
    `/./api/${rest}`,
    `/api/./${rest}`,
    `/x/../api/${rest}`,
    `/api/x/../${rest}`,
    `/api/%2e/${rest}`,
    `/api/%2E%2E/api/${rest}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `/api/${first.slice(0, 1) ? encodeAll(first.slice(0, 1)) + first.slice(1) : ''}${tail}`,
    `/api/${encodeAll(first)}${tail}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api/${rest}/`,
    `/api/${rest};x=1`,
    `/api/${rest}%00`,
    `/api\\${rest}`,
  ];
}

const REFUSED = new Set([400, 401, 403, 404, 405, 429]);

/**
 * An odd spelling may answer exactly what the canonical path answers, or be refused; it may never
 * succeed where the canonical path is refused, nor skip a check the canonical path makes: where the
 * canonical path says 401 or 403, a 400 from validation would mean the handler ran.
 */
function moreAccess(canonical: LightMyRequestResponse, odd: LightMyRequestResponse): boolean {
  if (odd.statusCode === canonical.statusCode) return false;
  if ([401, 403].includes(canonical.statusCode)) return ![401, 403, 404, 429].includes(odd.statusCode);
  return !REFUSED.has(odd.statusCode);
}

let t: TestApp;
const clients = new Map<MatrixRole | 'anonymous', TestClient>();

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t, 'Bijouterie Orthographe');
  for (const role of ROLES) clients.set(role, (await signInAs(t, role, org)).client);
  const anonymous = new TestClient(t.app);
  await anonymous.fetchCsrf();
  clients.set('anonymous', anonymous);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function concreteUrl(rule: RouteRule): string {
  return fillPath(rule.path, missingRef(rule.object));
}

describe('odd spellings of every route path', () => {
  it('the spellings cover the reported bypass', () => {
    expect(oddSpellings('/api/superadmin/organizations')).toContain('/%61pi/superadmin/organizations');
  });

  it('signed out, and as each role, never get more than the canonical path', async () => {
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX) {
      const url = concreteUrl(rule);
      for (const [who, client] of clients) {
        // Signing out would leave the rest of the walk signed out.
        if (rule.path === '/api/logout' && who !== 'anonymous') continue;
        const canonical = await callRule(client, rule, url);
        for (const odd of oddSpellings(url)) {
          const res = await callRule(client, rule, odd);
          if (moreAccess(canonical, res) || isServerFault(res)) {
            wrong.push(`${who} ${rule.method} ${odd}: ${res.statusCode} (canonical ${canonical.statusCode})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('without the CSRF token, no odd spelling of a mutating route gets past the CSRF check', async () => {
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX.filter(mutating)) {
      const url = concreteUrl(rule);
      for (const who of ['anonymous', 'superadmin'] as const) {
        for (const odd of [url, ...oddSpellings(url)]) {
          const res = await callRule(clients.get(who)!, rule, odd, false);
          if (![403, 404].includes(res.statusCode)) wrong.push(`${who} ${rule.method} ${odd}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('the reported requests: no organizations list, no data source created', async () => {
    const anonymous = new TestClient(t.app);
    const list = await anonymous.get('/%61pi/superadmin/organizations');
    expect(list.statusCode).toBe(401);
    const created = await anonymous.request({
      method: 'POST',
      url: '/%61pi/superadmin/data-sources',
      payload: { kind: 'manual', name: 'Pirate', instruments: ['XAU'], config: { values: { XAU: '1' } } },
      csrf: false,
    });
    expect([401, 403]).toContain(created.statusCode);
    const sources = await clients.get('superadmin')!.get('/api/superadmin/data-sources');
    expect(sources.body).not.toContain('Pirate');
  });
});

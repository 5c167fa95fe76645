/**
 * The access contract test: every registered /api route is in route-matrix.ts with the same
 * access, and every route x role x own/foreign organization answers what shared/access.ts implies.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_KEYS, moduleOfApiPath } from '@shared/modules';
import { organizationModules } from '../db/schema';
import { TestClient, createOrganization, createTestApp, type TestApp } from '../test/harness';
import { listApiRoutes } from './list-routes';
import {
  ROLES,
  callRule as call,
  isAllowed,
  isServerFault,
  mutating,
  signInAs,
  type MatrixRole,
} from './matrix-test-kit';
import { OBJECT_FIXTURES, fillPath, missingRef, type ObjectRef } from './route-fixtures';
import { ROUTE_MATRIX } from './route-matrix';

const norm = (path: string): string => path.replace(/:[^/]+/g, ':');
const key = (method: string, path: string): string => `${method} ${norm(path)}`;

let t: TestApp;
let ownOrg: string;
let foreignOrg: string;
const clients = new Map<MatrixRole, TestClient>();
const foreignRefs = new Map<string, ObjectRef>();

beforeAll(async () => {
  t = await createTestApp();
  ownOrg = await createOrganization(t, 'Bijouterie Propre');
  foreignOrg = await createOrganization(t, 'Bijouterie Voisine');
  for (const role of ROLES) clients.set(role, (await signInAs(t, role, ownOrg)).client);
  const foreignAdmin = await signInAs(t, 'admin', foreignOrg);
  const kinds = new Set(ROUTE_MATRIX.flatMap((r) => (r.object ? [r.object] : [])));
  for (const kind of kinds) {
    foreignRefs.set(
      kind,
      await OBJECT_FIXTURES[kind]({
        t,
        organizationId: foreignOrg,
        admin: foreignAdmin.client,
        adminUser: foreignAdmin.user,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('route matrix file', () => {
  it('lists every registered /api route, and only those', () => {
    const registered = listApiRoutes(t.app).map((r) => key(r.method, r.path));
    const listed = ROUTE_MATRIX.map((r) => key(r.method, r.path));
    expect(new Set(listed).size, 'duplicate lines in route-matrix.ts').toBe(listed.length);
    expect(
      registered.filter((k) => !listed.includes(k)),
      'routes missing from route-matrix.ts',
    ).toEqual([]);
    expect(
      listed.filter((k) => !registered.includes(k)),
      'route-matrix.ts lines with no route',
    ).toEqual([]);
  });

  it('matches what each route declares (public, signed-in, area, mode, module)', () => {
    const mismatches: string[] = [];
    for (const rule of ROUTE_MATRIX) {
      const declared = t.app.routeCatalog.find((c) => key(c.method, c.url) === key(rule.method, rule.path));
      if (!declared) {
        mismatches.push(`${rule.method} ${rule.path}: not in the authorize plugin's route catalog`);
        continue;
      }
      const want =
        rule.access === 'public' || rule.access === 'signed-in'
          ? rule.access
          : { area: rule.access.area, mode: rule.access.mode, module: rule.access.module ?? null };
      const got = declared.public
        ? 'public'
        : declared.access === 'signed-in' || declared.access === undefined
          ? (declared.access ?? 'UNDECLARED')
          : {
              area: declared.access.area,
              mode: declared.access.mode,
              module: declared.access.module ?? moduleOfApiPath(declared.url),
            };
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        mismatches.push(`${rule.method} ${rule.path}: matrix ${JSON.stringify(want)} != route ${JSON.stringify(got)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('every route x role x organization', () => {
  it('signed out: 401 on every non-public route, never 401/5xx on public ones', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.fetchCsrf();
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX) {
      const res = await call(anonymous, rule, fillPath(rule.path, missingRef(rule.object)));
      const expected = rule.signedOut ?? (rule.access === 'public' ? 'not 401' : 401);
      const ok = expected === 'not 401' ? res.statusCode !== 401 && res.statusCode < 500 : res.statusCode === expected;
      if (!ok) wrong.push(`${rule.method} ${rule.path}: ${res.statusCode} (want ${expected})`);
    }
    expect(wrong).toEqual([]);
  });

  it('missing CSRF token: 403 on every mutating route', async () => {
    const admin = clients.get('admin')!;
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX.filter(mutating)) {
      const res = await call(admin, rule, fillPath(rule.path, missingRef(rule.object)), false);
      if (res.statusCode !== 403 || res.json<{ code: string }>().code !== 'CSRF_INVALID') {
        wrong.push(`${rule.method} ${rule.path}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('own organization: allowed roles get through (never 401/403/5xx), the others get 403', async () => {
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX.filter((r) => r.access !== 'public')) {
      for (const role of ROLES) {
        const res = await call(clients.get(role)!, rule, fillPath(rule.path, missingRef(rule.object)));
        const allowed = isAllowed(rule, role);
        const ok = allowed ? ![401, 403].includes(res.statusCode) && !isServerFault(res) : res.statusCode === 403;
        if (!ok) wrong.push(`${role} ${rule.method} ${rule.path}: ${res.statusCode} (${allowed ? 'allowed' : '403'})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("another organization's object answers exactly like a missing one (404 for reads), never its data", async () => {
    const wrong: string[] = [];
    for (const rule of ROUTE_MATRIX.filter((r) => r.object && r.access !== 'public')) {
      const ref = foreignRefs.get(rule.object!)!;
      for (const role of ROLES.filter((r) => isAllowed(rule, r))) {
        const client = clients.get(role)!;
        const foreign = await call(client, rule, fillPath(rule.path, ref));
        const missing = await call(client, rule, fillPath(rule.path, missingRef(rule.object)));
        const ok =
          foreign.statusCode === missing.statusCode &&
          foreign.statusCode >= 400 &&
          foreign.statusCode < 500 &&
          (mutating(rule) || foreign.statusCode === 404);
        if (!ok) {
          wrong.push(
            `${role} ${rule.method} ${rule.path}: foreign ${foreign.statusCode}, missing ${missing.statusCode}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a module turned off for the organization answers 404 on all its routes, even to a superadmin', async () => {
    await t.handle.db
      .insert(organizationModules)
      .values(MODULE_KEYS.map((module) => ({ organizationId: ownOrg, module, enabled: false })));
    t.app.organizationModules.invalidate(ownOrg);
    try {
      const wrong: string[] = [];
      const moduleRules = ROUTE_MATRIX.filter((r) => typeof r.access === 'object' && r.access.module);
      expect(moduleRules.length).toBeGreaterThan(0);
      for (const rule of moduleRules) {
        const res = await call(clients.get('superadmin')!, rule, fillPath(rule.path, missingRef(rule.object)));
        if (res.statusCode !== 404) wrong.push(`${rule.method} ${rule.path}: ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
      const core = await clients.get('admin')!.get('/api/spot/gold');
      expect(core.statusCode).not.toBe(404);
    } finally {
      await t.handle.db.execute(sql`DELETE FROM organization_modules WHERE organization_id = ${ownOrg}::uuid`);
      t.app.organizationModules.invalidate(ownOrg);
    }
  });
});

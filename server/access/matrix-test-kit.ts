/**
 * What the route-matrix tests share: the roles walked, a signed-in client per role, and how a rule is
 * called. Used by route-matrix.api.test.ts, path-spellings.api.test.ts and hostile-input.api.test.ts.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { can } from '@shared/access';
import { TestClient, createUser, type TestApp, type TestUser } from '../test/harness';
import type { RouteRule } from './route-matrix';

export const ROLES = ['superadmin', 'admin', 'manager', 'sales', 'production', 'other'] as const;
export type MatrixRole = (typeof ROLES)[number];
/** "other": a role the product does not know (the database accepts it since migration 0010). */
export const OTHER_ROLE_VALUE = 'expert_joaillerie';

export const mutating = (rule: Pick<RouteRule, 'method'>): boolean => rule.method !== 'GET';

export const isAllowed = (rule: RouteRule, role: MatrixRole): boolean =>
  rule.access === 'public' ||
  rule.access === 'signed-in' ||
  can(role === 'other' ? OTHER_ROLE_VALUE : role, rule.access.area, rule.access.mode);

/** 5xx is a fault, except the documented "price feed unavailable" (503 UPSTREAM_UNAVAILABLE, no reading yet). */
export const isServerFault = (res: LightMyRequestResponse): boolean =>
  res.statusCode >= 500 && !(res.statusCode === 503 && res.json<{ code: string }>().code === 'UPSTREAM_UNAVAILABLE');

/** A user of `role` in `organizationId`, signed in through the API. */
export async function signInAs(
  t: TestApp,
  role: MatrixRole,
  organizationId: string,
): Promise<{ client: TestClient; user: TestUser }> {
  const user = await createUser(t, { role: role === 'other' ? 'sales' : role, organizationId });
  if (role === 'other') {
    await t.handle.db.execute(sql`UPDATE users SET role = ${OTHER_ROLE_VALUE} WHERE id = ${user.id}::uuid`);
  }
  const client = new TestClient(t.app);
  await client.login(user);
  return { client, user };
}

/** Calls `url` with the rule's method (an empty JSON body on mutating routes), with or without CSRF. */
export function callRule(
  client: TestClient,
  rule: Pick<RouteRule, 'method'>,
  url: string,
  csrf = true,
): Promise<LightMyRequestResponse> {
  return client.request({
    method: rule.method,
    url,
    ...(mutating(rule) ? { payload: {} } : {}),
    csrf,
  });
}

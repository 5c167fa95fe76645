import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog } from '../db/schema';
import type { TestApp, TestClient } from '../test/harness';

/** JSON body of a response, typed by the caller. */
export function body<T>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** A request with a JSON body and any method, through the signed-in test client. */
export function send(
  client: TestClient,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  options: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return client.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...options,
  });
}

/** Audit entries written for one entity type in an organization. */
export async function auditEntries(t: TestApp, organizationId: string, entityType: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.entityType, entityType)))
    .orderBy(auditLog.id);
}

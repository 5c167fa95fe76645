/**
 * API calls from a browser test, as the signed-in page (a page's `request` shares its context's cookies): a GET
 * that fails loudly, and writes that carry the session's CSRF token.
 */
import type { APIRequestContext } from 'playwright-core';

export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function sendJson<T>(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const { csrfToken } = await getJson<{ csrfToken: string }>(request, new URL('/api/csrf-token', url).href);
  const res = await request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-csrf-token': csrfToken },
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

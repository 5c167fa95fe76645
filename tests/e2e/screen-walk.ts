/**
 * For the walks over every screen (screens and a11y tests): real records to fill the route table's parameters
 * (`/clients/:id`, `/products/:slug`…), taken from the demo data through the API.
 */
import type { APIRequestContext } from 'playwright-core';
import { getJson } from './api';

interface Listed {
  id: string;
  slug?: string;
}

async function first(request: APIRequestContext, url: string): Promise<Listed> {
  const body = await getJson<Listed[] | { items: Listed[] }>(request, url);
  const items = Array.isArray(body) ? body : body.items;
  if (!items[0]) throw new Error(`no record at ${url} to walk its screen`);
  return items[0];
}

/** The id (or slug) to put in each parameterised route, by the route's path. */
export async function routeSamples(request: APIRequestContext, baseUrl: string): Promise<Record<string, string>> {
  const [client, supplier, stone, step, product, project, quote, diamond, workOrder] = await Promise.all([
    first(request, `${baseUrl}/api/clients`),
    first(request, `${baseUrl}/api/suppliers`),
    first(request, `${baseUrl}/api/stones`),
    first(request, `${baseUrl}/api/production-steps`),
    first(request, `${baseUrl}/api/products`),
    first(request, `${baseUrl}/api/projects`),
    first(request, `${baseUrl}/api/quotes`),
    first(request, `${baseUrl}/api/diamonds?pageSize=1`),
    first(request, `${baseUrl}/api/work-orders`),
  ]);
  return {
    '/clients/:id': client.id,
    '/clients/:id/edit': client.id,
    '/suppliers/:id': supplier.id,
    '/stones/:id': stone.id,
    '/production-steps/:id': step.id,
    '/products/:slug': product.slug ?? product.id,
    '/projects/:id': project.id,
    '/quotes/:id': quote.id,
    '/diamond/:id': diamond.id,
    '/work-orders/:id': workOrder.id,
  };
}

/** The route's path with its parameter filled (screens still to build accept any id). */
export function screenUrl(path: string, samples: Record<string, string>): string {
  return path.replace(/:(id|slug)/, samples[path] ?? '1');
}

/**
 * Test fixtures for the route-matrix walk: how to make one object of each kind in an organization
 * (through the API as that organization's admin, or directly in the database) and what value names a
 * non-existent one. A new object kind in route-matrix.ts needs an entry here.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { diamonds, logEntries, sessions } from '../db/schema';
import { createUser, type TestApp, type TestClient, type TestUser } from '../test/harness';
import { publicSessionId } from '../modules/account/session-list';
import { hashSessionId } from '../modules/auth/tokens';
import type { ObjectKind } from './route-matrix';

export interface ObjectRef {
  /** Value for `:id`-like params. */
  id: string;
  /** Value for `:slug` params (products), else the id. */
  slug: string;
}

function idOf(json: unknown): string | undefined {
  const o = json as Record<string, unknown> | null;
  if (!o) return undefined;
  if (typeof o.id === 'string' || typeof o.id === 'number') return String(o.id);
  for (const key of ['item', 'record', 'client', 'supplier', 'stone', 'step', 'product', 'data']) {
    const inner = o[key] as Record<string, unknown> | undefined;
    if (inner && (typeof inner.id === 'string' || typeof inner.id === 'number')) return String(inner.id);
  }
  return undefined;
}

async function viaApi(admin: TestClient, url: string, payload: Record<string, unknown>): Promise<ObjectRef> {
  const res = await admin.post(url, payload);
  const id = idOf(res.json());
  if (res.statusCode >= 300 || !id) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const slug = (res.json() as { slug?: string }).slug ?? id;
  return { id, slug };
}

export interface FixtureContext {
  t: TestApp;
  organizationId: string;
  /** A signed-in admin of that organization. */
  admin: TestClient;
  adminUser: TestUser;
}

export const OBJECT_FIXTURES: Record<ObjectKind, (ctx: FixtureContext) => Promise<ObjectRef>> = {
  client: ({ admin }) => viaApi(admin, '/api/clients', { kind: 'particulier', firstName: 'Hélène', lastName: 'Dupré' }),
  supplier: ({ admin }) => viaApi(admin, '/api/suppliers', { type: 'fondeur', name: 'Fonderie Marais' }),
  stone: ({ admin }) => viaApi(admin, '/api/stones', { category: 'appret', name: 'Fermoir', unitCost: '38' }),
  'production-step': ({ admin }) =>
    viaApi(admin, '/api/production-steps', {
      name: 'Fonte',
      code: `F${Date.now() % 100000}`,
      defaultDurationMinutes: 60,
    }),
  product: ({ admin }) =>
    viaApi(admin, '/api/products', { name: `Bague ${randomUUID().slice(0, 6)}`, category: 'bague' }),
  project: async ({ admin }) => {
    const client = await viaApi(admin, '/api/clients', { kind: 'particulier', firstName: 'Inès', lastName: 'Moreau' });
    return viaApi(admin, '/api/projects', { title: 'Bague de fiançailles', clientId: client.id });
  },
  quote: ({ admin }) => viaApi(admin, '/api/quotes', { title: 'Bague solitaire' }),
  'work-order': ({ admin }) => viaApi(admin, '/api/work-orders', { title: 'Bague solitaire à sertir' }),
  'gold-buy': ({ admin }) => viaApi(admin, '/api/gold-buys', { seller: { lastName: 'Dupré' } }),
  'diamond-feed': ({ admin }) =>
    viaApi(admin, '/api/diamonds/feeds', { name: 'Fournisseur RapNet', kind: 'upload', markup: '1,25' }),
  diamond: async ({ t, organizationId }) => {
    const [row] = await t.handle.db
      .insert(diamonds)
      .values({
        ref: `FIX-${randomUUID()}`,
        shape: 'ROUND',
        carats: '1.01',
        color: 'G',
        clarity: 'VS1',
        organizationId,
      })
      .returning({ id: diamonds.id });
    return { id: String(row!.id), slug: String(row!.id) };
  },
  user: async ({ t, organizationId }) => {
    const user = await createUser(t, { role: 'sales', organizationId });
    return { id: user.id, slug: user.id };
  },
  'log-entry': async ({ t, organizationId }) => {
    const [row] = await t.handle.db
      .insert(logEntries)
      .values({ organizationId, level: 'error', source: 'frontend', message: 'fixture' })
      .returning({ id: logEntries.id });
    return { id: String(row!.id), slug: String(row!.id) };
  },
  session: async ({ t, admin, adminUser }) => {
    const idHash = hashSessionId(
      admin.cookie
        .split('; ')
        .find((c) => c.startsWith(`${t.config.cookieName}=`))!
        .split('=')[1]!,
    );
    const [row] = await t.handle.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.idHash, idHash));
    if (row?.userId !== adminUser.id) throw new Error('fixture session: not found');
    const id = publicSessionId(idHash);
    return { id, slug: id };
  },
};

/** A value naming no existing object, per kind (same shape as a real one). */
export function missingRef(kind: ObjectKind | undefined): ObjectRef {
  if (kind === 'log-entry' || kind === 'diamond') return { id: '987654321', slug: '987654321' };
  if (kind === 'session') return { id: '0'.repeat(32), slug: '0'.repeat(32) };
  const id = randomUUID();
  return { id, slug: kind === 'product' ? `produit-inexistant-${id.slice(0, 8)}` : id };
}

/** Fills a route pattern's params: the object's id/slug, then neutral values for the others. */
export function fillPath(path: string, ref: ObjectRef): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (name === 'slug') return ref.slug;
      if (name === 'id') return ref.id;
      if (name === 'file') return 'ROUND.svg';
      if (name === 'token') return 'x'.repeat(43);
      return randomUUID();
    })
    .join('/');
}

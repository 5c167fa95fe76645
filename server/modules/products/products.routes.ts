import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { slugify, uniqueSlug } from '@shared/slug';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { productCreateSchema, productStatusChangeSchema, productUpdateSchema } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { recordAudit, diffChanges } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lists/db-errors';
import {
  assertReferences,
  getProductBySlug,
  loadComponents,
  productSearchText,
  replaceComponents,
  type ProductRow,
} from './product.repository';
import { productDetail } from './product-view';

const READ = { access: { area: 'catalog', mode: 'read' } } as const;
const WRITE = { access: { area: 'catalog', mode: 'write' } } as const;

type SlugParams = { Params: { slug: string } };

const slugTaken = () =>
  new AppError('CONFLICT', 'Ce slug est déjà utilisé', { slug: ['Ce slug est déjà utilisé par un autre produit'] });
const stale = () => new AppError('CONFLICT', CONFLICT_MESSAGE);

/** The signed-in user's organization (the authorize hook guarantees a user on these routes). */
export function orgOf(request: FastifyRequest): string {
  return request.user!.organizationId;
}

/** A slug free in this organization, from `base` ("bague", "bague-2", ...). */
async function freeSlug(db: Db, organizationId: string, base: string): Promise<string> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        sql`(${products.slug} = ${base} OR ${products.slug} LIKE ${`${base}-%`})`,
      ),
    );
  return uniqueSlug(base, new Set(rows.map((r) => r.slug)));
}

/** Comparable view of a sheet for the audit trail. */
function auditView(p: ProductRow, components: readonly unknown[]) {
  return {
    name: p.name,
    slug: p.slug,
    category: p.category,
    description: p.description,
    coefficient: p.coefficient,
    status: p.status,
    components,
  };
}

export function registerProductRoutes(app: FastifyInstance): void {
  app.post('/api/products', { config: WRITE }, async (request, reply) => {
    const input = parseInput(productCreateSchema, request.body);
    const organizationId = orgOf(request);
    await assertReferences(app.db, organizationId, input.components);
    try {
      const row = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const slug = input.slug ?? (await freeSlug(db, organizationId, slugify(input.name)));
        const fields = { name: input.name, slug, category: input.category, description: input.description };
        const [created] = await db
          .insert(products)
          .values({
            organizationId,
            ...fields,
            coefficient: input.coefficient,
            searchText: productSearchText(fields),
            createdBy: request.user!.id,
            updatedBy: request.user!.id,
          })
          .returning();
        await replaceComponents(db, organizationId, created!.id, input.components);
        await recordAudit(db, request, {
          action: 'create',
          entityType: 'product',
          entityId: created!.id,
          changes: auditView(created!, input.components),
        });
        return created!;
      });
      return reply.status(201).send(await productDetail(app, app.db, row));
    } catch (error) {
      if (pgErrorCode(error).code === UNIQUE_VIOLATION) throw slugTaken();
      throw error;
    }
  });

  app.get<SlugParams>('/api/products/:slug', { config: READ }, async (request) => {
    const row = await getProductBySlug(app.db, orgOf(request), request.params.slug);
    return productDetail(app, app.db, row);
  });

  app.put<SlugParams>('/api/products/:slug', { config: WRITE }, async (request) => {
    const organizationId = orgOf(request);
    const before = await getProductBySlug(app.db, organizationId, request.params.slug);
    const input = parseInput(productUpdateSchema, request.body);
    await assertReferences(app.db, organizationId, input.components);
    try {
      const row = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const fields = {
          name: input.name,
          slug: input.slug ?? before.slug,
          category: input.category,
          description: input.description,
        };
        const [updated] = await db
          .update(products)
          .set({
            ...fields,
            coefficient: input.coefficient,
            searchText: productSearchText(fields),
            version: sql`${products.version} + 1`,
            updatedBy: request.user!.id,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(products.id, before.id),
              eq(products.organizationId, organizationId),
              eq(products.version, input.version),
            ),
          )
          .returning();
        if (!updated) throw stale();
        const oldComponents = (await loadComponents(db, organizationId, [before.id])).get(before.id) ?? [];
        await replaceComponents(db, organizationId, before.id, input.components);
        const newComponents = (await loadComponents(db, organizationId, [before.id])).get(before.id) ?? [];
        const strip = (list: ReadonlyArray<{ id: string }>) => list.map(({ id: _id, ...rest }) => rest);
        const changes = diffChanges(auditView(before, strip(oldComponents)), auditView(updated, strip(newComponents)));
        await recordAudit(db, request, { action: 'update', entityType: 'product', entityId: before.id, changes });
        return updated;
      });
      return productDetail(app, app.db, row);
    } catch (error) {
      if (pgErrorCode(error).code === UNIQUE_VIOLATION) throw slugTaken();
      throw error;
    }
  });

  for (const action of ['archive', 'restore'] as const) {
    app.post<SlugParams>(`/api/products/:slug/${action}`, { config: WRITE }, async (request) => {
      const organizationId = orgOf(request);
      const before = await getProductBySlug(app.db, organizationId, request.params.slug);
      const { version } = parseInput(productStatusChangeSchema, request.body);
      if (version !== undefined && version !== before.version) throw stale();
      const status = action === 'archive' ? 'archived' : 'active';
      if (before.status === status) return productDetail(app, app.db, before);
      const row = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [updated] = await db
          .update(products)
          .set({ status, version: sql`${products.version} + 1`, updatedBy: request.user!.id, updatedAt: sql`now()` })
          .where(
            and(
              eq(products.id, before.id),
              eq(products.organizationId, organizationId),
              eq(products.version, before.version),
            ),
          )
          .returning();
        if (!updated) throw stale();
        await recordAudit(db, request, {
          action,
          entityType: 'product',
          entityId: before.id,
          changes: { status: { from: before.status, to: status } },
        });
        return updated;
      });
      return productDetail(app, app.db, row);
    });
  }
}

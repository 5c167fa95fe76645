import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { slugify } from '@shared/slug';
import type { ProductCoefficients } from '@shared/product-pricing';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import type { Settings } from '@shared/schemas/settings';
import { productCreateSchema, productUpdateSchema } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { freeSlug } from '../../db/free-slug';
import { products } from '../../db/schema';
import { recordAudit, diffChanges } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { isUniqueViolation } from '../../db/pg-errors';
import {
  assertReferences,
  getProductBySlug,
  loadComponents,
  productSearchText,
  replaceComponents,
  type ProductRow,
} from './product.repository';
import { productCoefficients, productDetail } from './product-view';
import { loadSettings } from '../settings/settings.store';

/** The organization's coefficients a new sheet starts from (settings, ADR 0003). */
function coefficientsFromSettings(settings: Settings): ProductCoefficients {
  return { metal: settings.coefficientMetal, stones: settings.coefficientStones, labour: settings.coefficientLabour };
}

function coefficientColumns(c: ProductCoefficients) {
  return { coefficientMetal: c.metal, coefficientStones: c.stones, coefficientLabour: c.labour };
}

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

/** Comparable view of a sheet for the audit trail. */
function auditView(p: ProductRow, components: readonly unknown[]) {
  return {
    name: p.name,
    slug: p.slug,
    category: p.category,
    description: p.description,
    coefficients: productCoefficients(p),
    components,
  };
}

export function registerProductRoutes(app: FastifyInstance): void {
  app.post('/api/products', { config: WRITE }, async (request, reply) => {
    const input = parseInput(productCreateSchema, request.body);
    const organizationId = orgOf(request);
    await assertReferences(app.db, organizationId, input.components);
    // A new sheet starts from the organization's coefficients unless the request gives its own.
    const coefficients = input.coefficients ?? coefficientsFromSettings(await loadSettings(app.db, organizationId));
    try {
      const row = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const slug =
          input.slug ??
          (await freeSlug(db, products.slug, slugify(input.name), eq(products.organizationId, organizationId)));
        const fields = { name: input.name, slug, category: input.category, description: input.description };
        const [created] = await db
          .insert(products)
          .values({
            organizationId,
            ...fields,
            ...coefficientColumns(coefficients),
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
      if (isUniqueViolation(error)) throw slugTaken();
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
            ...(input.coefficients ? coefficientColumns(input.coefficients) : {}),
            searchText: productSearchText(fields),
            version: sql`${products.version} + 1`,
            updatedBy: request.user!.id,
            updatedAt: app.now(),
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
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  });
}

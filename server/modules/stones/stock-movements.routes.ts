import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  stockMovementInputSchema,
  stockMovementListQuerySchema,
  type StockMovementPage,
  type StockMovementResult,
} from '@shared/schemas/stones';
import type { Db } from '../../db/client';
import { stones } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { notFound } from '../../http/errors';
import { userDisplayName } from '../../http/user-name';
import { parseInput } from '../../http/validate';
import type { MarketQuote } from '../market/market.types';
import { listStockMovements, recordStockMovement, STONE_NOT_FOUND_MESSAGE, stockMovementDto } from './stock-movements';
import { stoneDto } from './stones.resource';
import { supplierNames } from '../suppliers/suppliers.lookup';
import { pathUuid } from '../../http/path-id';

const READ = { config: { access: { area: 'catalog', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'catalog', mode: 'write' } } } as const;

/** The stone id of the path; a malformed id cannot exist: 404 like any unknown id. */
function stoneIdOf(request: FastifyRequest): string {
  return pathUuid(request, STONE_NOT_FOUND_MESSAGE);
}

function organizationOf(request: FastifyRequest): string {
  // The authorize hook guarantees a signed-in user on these routes.
  return request.user!.organizationId;
}

/**
 * A stone's stock movements (ADR 0015): `GET /api/stones/:id/movements` (newest first, paginated) and
 * `POST /api/stones/:id/movements` (an entry, an adjustment with its reason, a sale). Issues to and returns
 * from a work order are recorded by the work-order routes through `recordStockMovement`.
 */
export function registerStockMovementRoutes(app: FastifyInstance, usdEur: () => MarketQuote | null): void {
  app.get('/api/stones/:id/movements', READ, async (request): Promise<StockMovementPage> => {
    const organizationId = organizationOf(request);
    const stoneId = stoneIdOf(request);
    const page = parseInput(stockMovementListQuerySchema, request.query);
    const [stone] = await app.db
      .select({ id: stones.id })
      .from(stones)
      .where(and(eq(stones.id, stoneId), eq(stones.organizationId, organizationId)));
    if (!stone) throw notFound(STONE_NOT_FOUND_MESSAGE);
    return listStockMovements(app.db, organizationId, stoneId, page);
  });

  app.post('/api/stones/:id/movements', WRITE, async (request, reply) => {
    const organizationId = organizationOf(request);
    const stoneId = stoneIdOf(request);
    const input = parseInput(stockMovementInputSchema, request.body);
    const user = request.user!;
    const recorded = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const result = await recordStockMovement(tx, {
        organizationId,
        stoneId,
        kind: input.kind,
        quantity: input.quantity,
        reason: input.reason,
        userId: user.id,
        userName: userDisplayName(request) ?? user.username,
        at: app.now(),
      });
      await recordAudit(tx, request, {
        action: 'stock-movement',
        entityType: 'stone',
        entityId: stoneId,
        changes: {
          movementId: result.movement.id,
          kind: input.kind,
          quantity: result.movement.quantity,
          reason: input.reason,
          stockQuantity: result.stockQuantity,
        },
      });
      return result;
    });
    const names = await supplierNames(app.db, organizationId, [recorded.stone.supplierId]);
    const answer: StockMovementResult = {
      movement: stockMovementDto(recorded.movement, null),
      stone: stoneDto(recorded.stone, { usdEur: usdEur(), supplierNames: names }),
    };
    return reply.status(201).send(answer);
  });
}

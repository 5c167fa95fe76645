import Decimal from 'decimal.js';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  formatStockQuantity,
  MAX_STOCK_QUANTITY,
  OUTGOING_STOCK_MOVEMENT_KINDS,
  PIECES_WHOLE_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  type StockMovement,
  type StockMovementKind,
  type StockMovementPage,
} from '@shared/schemas/stones';
import type { Db } from '../../db/client';
import { stockMovements, stones } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/path-id';

/**
 * Stock movements of stones & components (ADR 0015): the one place that changes a stone's stock. The work-order
 * routes (issue to / return from a work order) and the stone's own routes (entry, adjustment, sale) call
 * `recordStockMovement` inside their transaction, next to their audit row.
 */

export const STONE_NOT_FOUND_MESSAGE = 'Pierre ou composant introuvable';

export type StockMovementRow = typeof stockMovements.$inferSelect;
type StoneRow = typeof stones.$inferSelect;

export interface RecordStockMovementInput {
  organizationId: string;
  stoneId: string;
  kind: StockMovementKind;
  /**
   * A decimal string ("2", "12.5"; up to 3 decimals). For every kind but 'adjustment': the positive amount moved,
   * the kind gives the sign (out_work_order and sold take stock away). For 'adjustment': the signed change.
   */
  quantity: string;
  /** Required for out_work_order and return_work_order (a work order of the same organization), else null. */
  workOrderId?: string | null;
  /** Required for 'adjustment'. */
  reason?: string | null;
  userId: string | null;
  userName: string;
  at: Date;
}

export interface RecordedStockMovement {
  movement: StockMovementRow;
  /** The stone's stock after the movement (decimal string, 3 places). */
  stockQuantity: string;
  /** The stone row after the movement (version and updated_at bumped). */
  stone: StoneRow;
}

const QUANTITY = /^[+-]?\d{1,9}(\.\d{1,3})?$/;
const WORK_ORDER_KINDS: ReadonlySet<StockMovementKind> = new Set(['out_work_order', 'return_work_order']);

const quantityError = (message: string): AppError =>
  new AppError('VALIDATION_FAILED', message, { quantity: [message] });

/** The movement's signed quantity, as it affects stock; throws a 400 on a malformed or zero quantity. */
export function signedQuantity(kind: StockMovementKind, quantity: string): Decimal {
  const text = quantity.trim();
  if (!QUANTITY.test(text)) throw quantityError('La quantité doit être un nombre avec au plus 3 décimales');
  const value = new Decimal(text);
  if (value.isZero()) throw quantityError('La quantité ne peut pas être nulle');
  if (value.abs().greaterThan(MAX_STOCK_QUANTITY)) throw quantityError('La quantité doit être au plus 100 000 000');
  if (kind === 'adjustment') return value;
  if (value.isNegative()) throw quantityError('La quantité doit être positive');
  return OUTGOING_STOCK_MOVEMENT_KINDS.has(kind) ? value.negated() : value;
}

/**
 * Records one stock movement in `tx` (the caller's transaction): locks the stone row (FOR UPDATE, so that
 * concurrent movements of one stone queue up and none reads a stale stock), checks that it belongs to the
 * organization (else 404), refuses a stock below zero (409 "Stock insuffisant : 2 en stock"), inserts the
 * movement, writes the new sum to `stones.stock_quantity` and bumps the stone's version and updated_at.
 */
export async function recordStockMovement(tx: Db, input: RecordStockMovementInput): Promise<RecordedStockMovement> {
  const workOrderId = input.workOrderId ?? null;
  const reason = input.reason?.trim() || null;
  if (!isUuid(input.stoneId)) throw notFound(STONE_NOT_FOUND_MESSAGE);
  if (WORK_ORDER_KINDS.has(input.kind) !== (workOrderId !== null)) {
    throw new AppError(
      'VALIDATION_FAILED',
      workOrderId === null ? 'Ordre de fabrication manquant' : 'Seuls les mouvements d’un OF en portent un',
      { workOrderId: [workOrderId === null ? 'Ordre de fabrication manquant' : 'Ordre de fabrication inattendu'] },
    );
  }
  if (input.kind === 'adjustment' && !reason) {
    throw new AppError('VALIDATION_FAILED', REASON_REQUIRED_MESSAGE, { reason: [REASON_REQUIRED_MESSAGE] });
  }
  const delta = signedQuantity(input.kind, input.quantity);

  const workOrderOk =
    workOrderId === null || !isUuid(workOrderId)
      ? sql<boolean>`${workOrderId === null}`
      : sql<boolean>`EXISTS (SELECT 1 FROM work_orders w WHERE w.id = ${workOrderId} AND w.organization_id = ${input.organizationId})`;
  const [locked] = await tx
    .select({ stone: stones, workOrderOk })
    .from(stones)
    .where(and(eq(stones.id, input.stoneId.toLowerCase()), eq(stones.organizationId, input.organizationId)))
    .for('update', { of: stones });
  if (!locked) throw notFound(STONE_NOT_FOUND_MESSAGE);
  if (!locked.workOrderOk) {
    throw new AppError('VALIDATION_FAILED', 'Ordre de fabrication introuvable', {
      workOrderId: ['Ordre de fabrication introuvable'],
    });
  }
  const stone = locked.stone;
  if (stone.stockUnit === 'pc' && !delta.isInteger()) throw quantityError(PIECES_WHOLE_MESSAGE);

  const before = new Decimal(stone.stockQuantity);
  const after = before.plus(delta);
  if (after.isNegative()) {
    const message = `Stock insuffisant : ${formatStockQuantity(before.toFixed(3), stone.stockUnit).replace(/ pièces?$/, '')} en stock`;
    throw new AppError('CONFLICT', message, { quantity: [message] });
  }
  if (after.greaterThan(MAX_STOCK_QUANTITY)) throw quantityError('Le stock dépasserait 100 000 000');

  const [movement] = await tx
    .insert(stockMovements)
    .values({
      organizationId: input.organizationId,
      stoneId: stone.id,
      kind: input.kind,
      quantity: delta.toFixed(3),
      unit: stone.stockUnit,
      workOrderId: workOrderId?.toLowerCase() ?? null,
      reason,
      unitCost: stone.unitCost,
      currency: stone.unitCost === null ? null : stone.currency,
      at: input.at,
      userId: input.userId,
      userName: input.userName,
    })
    .returning();
  const [updated] = await tx
    .update(stones)
    .set({ stockQuantity: after.toFixed(3), version: sql`${stones.version} + 1`, updatedAt: input.at })
    .where(and(eq(stones.id, stone.id), eq(stones.organizationId, input.organizationId)))
    .returning();
  return { movement: movement!, stockQuantity: updated!.stockQuantity, stone: updated! };
}

/** The columns of a movement as answered, with its work order's number. */
const movementColumns = {
  movement: stockMovements,
  workOrderNumber: sql<
    string | null
  >`(SELECT w.number FROM work_orders w WHERE w.id = ${stockMovements.workOrderId} AND w.organization_id = ${stockMovements.organizationId})`,
};

export function stockMovementDto(row: StockMovementRow, workOrderNumber: string | null): StockMovement {
  return {
    id: row.id,
    stoneId: row.stoneId,
    kind: row.kind,
    quantity: row.quantity,
    unit: row.unit,
    workOrderId: row.workOrderId,
    workOrderNumber,
    reason: row.reason,
    unitCost: row.unitCost,
    currency: row.currency,
    at: row.at.toISOString(),
    userId: row.userId,
    userName: row.userName,
  };
}

/** A stone's movements, newest first, one page (the stone already checked to be the organization's). */
export async function listStockMovements(
  db: Db,
  organizationId: string,
  stoneId: string,
  page: { page: number; pageSize: number },
): Promise<StockMovementPage> {
  const where = and(eq(stockMovements.organizationId, organizationId), eq(stockMovements.stoneId, stoneId));
  const [rows, [total]] = await Promise.all([
    db
      .select(movementColumns)
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.at), desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return {
    items: rows.map((r) => stockMovementDto(r.movement, r.workOrderNumber)),
    total: Number(total?.n ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  };
}

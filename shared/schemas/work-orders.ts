import { z } from 'zod';
import type { PhotoMeta } from './photos';
import { choice, optionalDate, optionalDecimal, optionalInt, optionalText, requiredText } from './fields';
import { listQuerySchema, queryBoolean, versionField } from './lists';

/**
 * Work orders ("Ordres de fabrication", OF-YYYY-NNNN): the workshop's side of a piece (server/modules/work-orders).
 * A work order and each of its steps has one of these statuses; the order's own is derived from its steps.
 */
export const WORK_ORDER_STATUSES = ['a_faire', 'en_cours', 'bloque', 'termine'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Readonly<Record<WorkOrderStatus, string>> = {
  a_faire: 'À faire',
  en_cours: 'En cours',
  bloque: 'Bloqué',
  termine: 'Terminé',
};

export const WORK_ORDER_PRIORITIES = ['basse', 'normale', 'haute', 'urgente'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_PRIORITY_LABELS: Readonly<Record<WorkOrderPriority, string>> = {
  basse: 'Basse',
  normale: 'Normale',
  haute: 'Haute',
  urgente: 'Urgente',
};

/** Cards per column of the board. */
export const BOARD_CARDS_MAX = 100;
/** Steps per work order. */
export const WORK_ORDER_STEPS_MAX = 30;
/** Grams of metal in one movement fit numeric(10, 3). */
export const METAL_GRAMS_MAX = '9999999.999';

const optionalUuid = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ invalid_type_error: message }).uuid(message).nullable().default(null),
  );

const workOrderFields = {
  title: requiredText('Le titre', 200),
  description: optionalText('La description', 5000),
  clientId: optionalUuid('Client invalide'),
  projectId: optionalUuid('Projet invalide'),
  dueDate: optionalDate('La date de livraison prévue'),
  priority: choice('Priorité', WORK_ORDER_PRIORITIES, WORK_ORDER_PRIORITY_LABELS, 'normale'),
};

/** POST /api/work-orders body (from scratch); PUT/PATCH take any of its fields plus `version`. */
export const workOrderInputSchema = z.object(workOrderFields);
export type WorkOrderInput = z.infer<typeof workOrderInputSchema>;
export const workOrderUpdateSchema = z.object(workOrderFields).partial().extend({ version: versionField });

/** POST /api/work-orders/from-quote/:quoteId body: the order's due date and priority (the rest comes from the quote). */
export const workOrderFromQuoteSchema = z.object({
  dueDate: workOrderFields.dueDate,
  priority: workOrderFields.priority,
});

export const WORK_ORDER_SORT_FIELDS = [
  'number',
  'dueDate',
  'priority',
  'status',
  'title',
  'createdAt',
  'updatedAt',
] as const;
export const workOrderListQuerySchema = listQuerySchema(
  WORK_ORDER_SORT_FIELDS,
  'number',
  {
    status: z
      .enum(WORK_ORDER_STATUSES, { errorMap: () => ({ message: "Statut d'ordre de fabrication invalide" }) })
      .optional(),
    /** Orders with a step assigned to this user. */
    assigneeId: z.string().uuid('Responsable invalide').optional(),
    /** Orders with a step given to this subcontractor. */
    supplierId: z.string().uuid('Sous-traitant invalide').optional(),
    clientId: z.string().uuid('Client invalide').optional(),
    dueFrom: optionalDate('La date de début'),
    dueTo: optionalDate('La date de fin'),
    /** Past their due date and not finished. */
    late: queryBoolean.optional(),
    /** Not finished (true) or finished (false). */
    open: queryBoolean.optional(),
  },
  'desc',
);
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

/** One step of PUT /api/work-orders/:id/steps (the whole route, in order; a step without id is new). */
export const workOrderStepInputSchema = z
  .object({
    id: optionalUuid('Étape invalide'),
    productionStepId: z
      .string({ required_error: "L'étape de production est obligatoire", invalid_type_error: 'Étape invalide' })
      .uuid('Étape de production invalide'),
    status: choice('Statut', WORK_ORDER_STATUSES, WORK_ORDER_STATUS_LABELS, 'a_faire'),
    assigneeId: optionalUuid('Responsable invalide'),
    supplierId: optionalUuid('Sous-traitant invalide'),
    sentOn: optionalDate("La date d'envoi"),
    returnedOn: optionalDate('La date de retour'),
    pricePerPiece: optionalDecimal('Le prix par pièce', { scale: 2, max: '9999999999.99' }),
    plannedMinutes: optionalInt('Le temps prévu', 0, 100_000),
    actualMinutes: optionalInt('Le temps passé', 0, 100_000),
    note: optionalText('La note', 1000),
  })
  .superRefine((step, ctx) => {
    if (step.assigneeId && step.supplierId) {
      ctx.addIssue({
        code: 'custom',
        path: ['supplierId'],
        message: 'Une étape est faite en interne ou par un sous-traitant, pas les deux',
      });
    }
    if (step.returnedOn && step.sentOn && step.returnedOn < step.sentOn) {
      ctx.addIssue({ code: 'custom', path: ['returnedOn'], message: "La date de retour précède la date d'envoi" });
    }
  });
export type WorkOrderStepInput = z.infer<typeof workOrderStepInputSchema>;

export const workOrderStepsSchema = z.object({
  version: versionField,
  steps: z
    .array(workOrderStepInputSchema, { invalid_type_error: 'Liste des étapes invalide' })
    .max(WORK_ORDER_STEPS_MAX, `${WORK_ORDER_STEPS_MAX} étapes au maximum`),
});
export type WorkOrderStepsInput = z.infer<typeof workOrderStepsSchema>;

/** POST /api/work-orders/:id/steps/:stepId/status body. */
export const workOrderStepStatusSchema = z.object({
  version: versionField,
  status: choice('Statut', WORK_ORDER_STATUSES, WORK_ORDER_STATUS_LABELS),
});

/** POST /api/work-orders/:id/advance body: the current step done, the next one started. */
export const workOrderAdvanceSchema = z.object({ version: versionField });

const grams = (label: string) => optionalDecimal(label, { scale: 3, max: METAL_GRAMS_MAX });

/** POST /api/work-orders/:id/metal body: metal issued to the bench or a subcontractor, or returned. */
export const metalMovementInputSchema = z
  .object({
    kind: choice('Mouvement', ['issue', 'return'] as const, { issue: 'Sortie', return: 'Retour' }),
    alloyId: z
      .string({ required_error: "L'alliage est obligatoire", invalid_type_error: 'Alliage invalide' })
      .uuid('Alliage invalide'),
    /** Grams issued ('issue'). */
    weightG: grams('Le poids'),
    /** Returned: the piece, the filings and the scrap ('return'). */
    pieceG: grams('Le poids de la pièce'),
    filingsG: grams('La limaille'),
    scrapG: grams('Les chutes'),
    supplierId: optionalUuid('Sous-traitant invalide'),
    note: optionalText('La note', 500),
  })
  .superRefine((m, ctx) => {
    if (m.kind === 'issue' && (m.weightG === null || Number(m.weightG) <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['weightG'], message: 'Le poids sorti est obligatoire' });
    }
    if (m.kind === 'return' && [m.pieceG, m.filingsG, m.scrapG].every((g) => g === null || Number(g) === 0)) {
      ctx.addIssue({ code: 'custom', path: ['pieceG'], message: 'Indiquer au moins un poids rendu' });
    }
  });
export type MetalMovementInput = z.infer<typeof metalMovementInputSchema>;

/** POST /api/work-orders/:id/stones body: stones issued to the order (positive) or returned from it. */
export const workOrderStoneMovementSchema = z.object({
  kind: choice('Mouvement', ['issue', 'return'] as const, { issue: 'Sortie', return: 'Retour' }),
  stoneId: z
    .string({ required_error: 'La pierre est obligatoire', invalid_type_error: 'Pierre invalide' })
    .uuid('Pierre invalide'),
  quantity: optionalDecimal('La quantité', { scale: 3, max: '999999999.999' }).refine(
    (q) => q !== null && Number(q) > 0,
    'La quantité est obligatoire',
  ),
});
export type WorkOrderStoneMovementInput = z.infer<typeof workOrderStoneMovementSchema>;

/** A work order as lists show it. */
export interface WorkOrder {
  id: string;
  number: string;
  title: string;
  description: string | null;
  clientId: string | null;
  /** The client's name only (the production role sees no contact details). */
  clientName: string | null;
  projectId: string | null;
  quoteId: string | null;
  dueDate: string | null;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  /** Past its due date and not finished (today in the organization's time zone). */
  late: boolean;
  /** The first step not done, or null when every step is done (or there is none). */
  currentStep: { id: string; productionStepId: string; name: string } | null;
  stepCount: number;
  stepsDone: number;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A line carried over from the quote: what to make, never its price. */
export interface WorkOrderLine {
  kind: string;
  label: string;
  description: string;
  quantity: string;
  alloyId?: string;
  weightG?: string;
  stoneId?: string;
  diamondId?: string;
  mm?: string;
  clarity?: string;
}

export interface WorkOrderStep {
  id: string;
  position: number;
  productionStepId: string;
  name: string;
  status: WorkOrderStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  supplierId: string | null;
  supplierName: string | null;
  sentOn: string | null;
  returnedOn: string | null;
  pricePerPiece: string | null;
  plannedMinutes: number | null;
  actualMinutes: number | null;
  startedOutOfOrder: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  note: string | null;
}

export interface MetalMovement {
  id: string;
  kind: 'issue' | 'return';
  alloyId: string;
  alloyName: string;
  weightG: string;
  pieceG: string | null;
  filingsG: string | null;
  scrapG: string | null;
  supplierId: string | null;
  supplierName: string | null;
  note: string | null;
  at: string;
  userName: string;
}

/** Metal of one alloy on one work order, or for the whole workshop (the ledger). */
export interface MetalBalance {
  alloyId: string;
  alloyName: string;
  issuedG: string;
  returnedG: string;
  /** Issued minus returned, on finished orders: what the work cost in metal. */
  lostG: string;
  /** lostG / issuedG of the finished orders, in %, 2 decimals, or null with nothing issued. */
  lossPct: string | null;
  /** Issued minus returned, on orders not finished: metal at the bench or at a subcontractor now. */
  inWorkshopG: string;
  /** lossPct above the settings' threshold. */
  lossFlagged: boolean;
}

export interface WorkOrderStoneMovement {
  id: string;
  stoneId: string;
  stoneName: string;
  kind: string;
  quantity: string;
  unit: string;
  at: string;
  userName: string;
}

export interface WorkOrderDetail extends WorkOrder {
  lines: WorkOrderLine[];
  steps: WorkOrderStep[];
  metal: MetalMovement[];
  metalBalance: MetalBalance[];
  /** The settings' loss threshold, in % ("3"). */
  metalLossWarningPct: string;
  quote: { id: string; number: string | null; title: string } | null;
  project: { id: string; title: string } | null;
  /** The project's sketches and photos, served through the order (GET /api/work-orders/:id/photos/:photoId). */
  photos: PhotoMeta[];
}

/**
 * GET /api/work-orders/board: "À planifier" (when some order has no step), one column per production step, then
 * "Terminé" (orders finished in the last 30 days). At most BOARD_CARDS_MAX cards per column, the most urgent first.
 */
export interface WorkOrderBoard {
  columns: Array<{
    /** 'unplanned': orders without steps yet; 'step': orders whose current step is that step; 'done': finished. */
    kind: 'unplanned' | 'step' | 'done';
    /** The production step's id ('step' columns), else null. */
    productionStepId: string | null;
    name: string;
    cards: WorkOrder[];
  }>;
}

/** GET /api/work-orders/metal-ledger. */
export interface MetalLedger {
  alloys: MetalBalance[];
  metalLossWarningPct: string;
}

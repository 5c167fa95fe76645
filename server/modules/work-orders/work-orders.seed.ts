import { and, asc, eq, isNull } from 'drizzle-orm';
import { parisDay } from '@shared/csv-format';
import { returnedGrams } from '@shared/metal-balance';
import type { WorkOrderPriority, WorkOrderStatus, WorkOrderStepInput } from '@shared/schemas/work-orders';
import type { Db } from '../../db/client';
import {
  alloys,
  clients,
  productionSteps,
  quotes,
  suppliers,
  workOrderMetalMovements,
  workOrders,
} from '../../db/schema';
import { loadClientNames } from '../projects/projects.queries';
import { workshopLine } from './work-order-from-quote.route';
import { resolveSteps, writeSteps } from './work-order-writes';
import { allocateWorkOrderNumber, workOrderSearchText } from './work-orders.resource';

const DAY = 86_400_000;

interface DemoOrder {
  title: string;
  /** Days from today (negative: past). */
  dueInDays: number | null;
  priority: WorkOrderPriority;
  /** Production step codes with their status; the subcontracted ones go to the first supplier. */
  steps: Array<[code: string, status: WorkOrderStatus, subcontracted?: boolean]>;
  /** Grams of 18kt issued and returned (piece + filings). */
  metal?: { issued: string; piece?: string; filings?: string };
  /** Made from the demo's accepted quote. */
  fromQuote?: boolean;
}

/** The workshop's demo: a board with a card in most columns, one order late, one due this week, one finished. */
const DEMO_WORK_ORDERS: readonly DemoOrder[] = [
  {
    title: 'Bague solitaire or jaune',
    dueInDays: 12,
    priority: 'normale',
    steps: [
      ['CAO', 'termine'],
      ['FONTE', 'termine', true],
      ['MONTAGE', 'en_cours'],
      ['SERTI', 'a_faire'],
      ['POLI', 'a_faire'],
      ['CQ', 'a_faire'],
    ],
    metal: { issued: '6.200' },
  },
  {
    title: 'Alliances assorties gravées',
    dueInDays: -3,
    priority: 'haute',
    steps: [
      ['FONTE', 'en_cours', true],
      ['POLI', 'a_faire'],
      ['GRAVURE', 'a_faire'],
    ],
    metal: { issued: '9.800' },
  },
  {
    title: 'Pendentif goutte saphir',
    dueInDays: 2,
    priority: 'urgente',
    steps: [
      ['SERTI', 'en_cours'],
      ['POLI', 'a_faire'],
      ['CQ', 'a_faire'],
    ],
  },
  {
    title: 'Mise à taille et polissage',
    dueInDays: -10,
    priority: 'normale',
    fromQuote: true,
    steps: [
      ['MONTAGE', 'termine'],
      ['POLI', 'termine'],
    ],
    metal: { issued: '3.000', piece: '2.880', filings: '0.060' },
  },
  { title: 'Restauration broche ancienne', dueInDays: 30, priority: 'basse', steps: [] },
];

/** Demo work orders of an organization (idempotent: none when it already has some). */
export async function seedDemoWorkOrders(db: Db, organizationId: string, now = new Date()): Promise<number> {
  const [existing] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.organizationId, organizationId))
    .limit(1);
  if (existing) return 0;
  const steps = await db
    .select({ id: productionSteps.id, code: productionSteps.code })
    .from(productionSteps)
    .where(and(eq(productionSteps.organizationId, organizationId), isNull(productionSteps.archivedAt)));
  const stepId = new Map(steps.map((s) => [s.code, s.id]));
  const people = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.organizationId, organizationId))
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(5);
  const [subcontractor] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.organizationId, organizationId))
    .orderBy(asc(suppliers.name))
    .limit(1);
  const [gold] = await db.select({ id: alloys.id }).from(alloys).where(eq(alloys.code, 'AU750'));
  const [accepted] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationId, organizationId), eq(quotes.status, 'accepted')))
    .limit(1);
  const today = parisDay(now);
  let made = 0;
  for (const [i, demo] of DEMO_WORK_ORDERS.entries()) {
    const quote = demo.fromQuote ? accepted : undefined;
    const clientId = quote?.clientId ?? people[i % Math.max(people.length, 1)]?.id ?? null;
    const names = clientId ? await loadClientNames(db, organizationId, [clientId]) : new Map<string, string>();
    const number = await allocateWorkOrderNumber(db, organizationId, now);
    const dueDate =
      demo.dueInDays === null
        ? null
        : new Date(new Date(`${today}T12:00:00Z`).getTime() + demo.dueInDays * DAY).toISOString().slice(0, 10);
    const [order] = await db
      .insert(workOrders)
      .values({
        organizationId,
        ...number,
        title: demo.title,
        clientId,
        projectId: quote?.projectId ?? null,
        quoteId: quote?.id ?? null,
        lines: quote ? (quote.lines as Parameters<typeof workshopLine>[0][]).map(workshopLine) : [],
        dueDate,
        priority: demo.priority,
        searchText: workOrderSearchText(
          { number: number.number, title: demo.title, description: null },
          clientId ? (names.get(clientId) ?? '') : null,
        ),
      })
      .returning();
    const route: WorkOrderStepInput[] = demo.steps.flatMap(([code, status, subcontracted]) => {
      const id = stepId.get(code);
      if (!id) return [];
      return [
        {
          id: null,
          productionStepId: id,
          status,
          assigneeId: null,
          supplierId: subcontracted && subcontractor ? subcontractor.id : null,
          sentOn: subcontracted ? today : null,
          returnedOn: subcontracted && status === 'termine' ? today : null,
          pricePerPiece: subcontracted ? '35.00' : null,
          plannedMinutes: 60,
          actualMinutes: status === 'termine' ? 55 : null,
          note: null,
        },
      ];
    });
    if (route.length > 0) await writeSteps(db, order!, await resolveSteps(db, organizationId, [], route, now), now);
    if (demo.metal && gold) {
      await db.insert(workOrderMetalMovements).values({
        organizationId,
        workOrderId: order!.id,
        alloyId: gold.id,
        kind: 'issue',
        weightG: demo.metal.issued,
        at: now,
        userName: 'Démo',
      });
      if (demo.metal.piece) {
        await db.insert(workOrderMetalMovements).values({
          organizationId,
          workOrderId: order!.id,
          alloyId: gold.id,
          kind: 'return',
          weightG: returnedGrams([demo.metal.piece, demo.metal.filings ?? null]),
          pieceG: demo.metal.piece,
          filingsG: demo.metal.filings ?? null,
          at: now,
          userName: 'Démo',
        });
      }
    }
    made += 1;
  }
  return made;
}

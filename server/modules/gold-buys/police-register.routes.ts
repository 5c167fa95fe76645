import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Metal } from '@shared/constants';
import {
  GOLD_BUY_METAL_LABELS,
  REGISTER_DESTINATION_LABELS,
  policeRegisterQuerySchema,
} from '@shared/schemas/gold-buys';
import type { PoliceRegisterAnswer, PoliceRegisterEntry } from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { policeRegister } from '../../db/schema';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { csvDocument, sendCsv } from '../../lists/list-routes';
import { GOLD_BUYS_READ } from './gold-buys.routes';

/** A period of at most this many days per extract. */
const MAX_PERIOD_DAYS = 366;

const entryDay = sql`(${policeRegister.entryAt} AT TIME ZONE 'Europe/Paris')::date`;

/** The register's entries of a period (Paris days, both included), in number order. */
export async function registerEntries(db: Db, organizationId: string, from: string, to: string) {
  if (from > to)
    throw new AppError('VALIDATION_FAILED', 'La date de fin précède la date de début', {
      to: ['La date de fin précède la date de début'],
    });
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_PERIOD_DAYS)
    throw new AppError('VALIDATION_FAILED', `Une période de ${MAX_PERIOD_DAYS} jours au plus`, {
      to: [`Une période de ${MAX_PERIOD_DAYS} jours au plus`],
    });
  // An "out" entry names the register number of the "in" entry it closes, wherever that one falls.
  const referred = alias(policeRegister, 'referred');
  const rows = await db
    .select({ entry: policeRegister, refersToNumber: referred.number })
    .from(policeRegister)
    .leftJoin(referred, eq(referred.id, policeRegister.refersTo))
    .where(
      and(
        eq(policeRegister.organizationId, organizationId),
        sql`${entryDay} >= ${from}::date`,
        sql`${entryDay} <= ${to}::date`,
      ),
    )
    .orderBy(asc(policeRegister.number));
  return rows.map(({ entry: r, refersToNumber }): PoliceRegisterEntry => ({
    number: r.number,
    entryAt: r.entryAt.toISOString(),
    direction: r.direction,
    goldBuyId: r.goldBuyId,
    goldBuyNumber: r.goldBuyNumber,
    itemIndex: r.itemIndex,
    refersTo: refersToNumber,
    destination: r.destination,
    description: r.description,
    metal: r.metal as Metal,
    fineness: r.fineness,
    weightG: r.weightG,
    price: r.price,
    origin: r.origin,
    sellerIdentity: r.sellerIdentity,
    sellerDocument: r.sellerDocument,
    recordedByName: r.recordedByName,
  }));
}

/** Weight bought per metal and fineness (entries "in"), exact to the milligram. */
export function totalsOf(entries: readonly PoliceRegisterEntry[]): PoliceRegisterAnswer['totals'] {
  const byKey = new Map<string, { metal: Metal; fineness: number; milligrams: bigint; count: number }>();
  for (const e of entries) {
    if (e.direction !== 'in') continue;
    const key = `${e.metal}|${e.fineness}`;
    const [whole = '0', fraction = ''] = e.weightG.split('.');
    const milligrams = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
    const t = byKey.get(key) ?? { metal: e.metal, fineness: e.fineness, milligrams: 0n, count: 0 };
    t.milligrams += milligrams;
    t.count += 1;
    byKey.set(key, t);
  }
  return [...byKey.values()]
    .sort((a, b) => a.metal.localeCompare(b.metal) || b.fineness - a.fineness)
    .map((t) => ({
      metal: t.metal,
      fineness: t.fineness,
      weightG: `${t.milligrams / 1000n}.${String(t.milligrams % 1000n).padStart(3, '0')}`,
      count: t.count,
    }));
}

/** The police register ("livre de police"): a day's or a period's entries, on screen and as a CSV file. */
export function registerPoliceRegisterRoutes(app: FastifyInstance): void {
  app.get('/api/gold-buys/register', GOLD_BUYS_READ, async (request): Promise<PoliceRegisterAnswer> => {
    const { from, to } = parseInput(policeRegisterQuerySchema, request.query);
    const entries = await registerEntries(app.db, request.user!.organizationId, from, to);
    return { entries, totals: totalsOf(entries) };
  });

  app.get('/api/gold-buys/register/export.csv', GOLD_BUYS_READ, async (request, reply) => {
    const { from, to } = parseInput(policeRegisterQuerySchema, request.query);
    const entries = await registerEntries(app.db, request.user!.organizationId, from, to);
    const body = csvDocument<PoliceRegisterEntry>(
      [
        { header: 'N°', format: 'integer', value: (e) => e.number },
        { header: 'Date et heure', format: 'datetime', value: (e) => e.entryAt },
        { header: 'Mouvement', value: (e) => (e.direction === 'in' ? 'Entrée' : 'Sortie') },
        { header: 'Destination', value: (e) => (e.destination ? REGISTER_DESTINATION_LABELS[e.destination] : '') },
        { header: 'Réf. entrée', value: (e) => (e.refersTo === null ? '' : String(e.refersTo)) },
        { header: 'Contrat', value: (e) => e.goldBuyNumber },
        { header: 'Nature et description', value: (e) => e.description },
        { header: 'Métal', value: (e) => GOLD_BUY_METAL_LABELS[e.metal] },
        { header: 'Titre (millièmes)', format: 'integer', value: (e) => e.fineness },
        { header: 'Poids (g)', format: 'decimal', value: (e) => e.weightG },
        { header: 'Prix (EUR)', format: 'decimal', value: (e) => e.price },
        { header: 'Provenance', value: (e) => e.origin },
        { header: 'Identité du vendeur', value: (e) => e.sellerIdentity },
        { header: "Pièce d'identité", value: (e) => e.sellerDocument },
        { header: 'Enregistré par', value: (e) => e.recordedByName },
      ],
      entries,
    );
    return sendCsv(app, reply, `livre-de-police-${from}-${to}`, body);
  });
}

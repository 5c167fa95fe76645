import { and, eq, isNull } from 'drizzle-orm';
import { normalizeSearch } from '@shared/search-text';
import { slugify } from '@shared/slug';
import type { ProductCategory, ProductComponentInput } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { alloys, productionSteps, products, stones } from '../../db/schema';
import { productSearchText, replaceComponents } from './product.repository';

/** A demo line: references are looked up by alloy code, stone name keywords and step name keywords. */
type DemoLine =
  | { kind: 'metal'; alloy: string; weightG: string; lossPct?: string }
  | { kind: 'stone'; stone: string[]; quantity: number }
  | { kind: 'melee'; mm: string; clarity: string; quantity: number }
  | { kind: 'labour'; step: string[]; minutes: string }
  | { kind: 'other'; label: string; amount: string };

interface DemoProduct {
  name: string;
  category: ProductCategory;
  description: string;
  coefficient: string;
  lines: DemoLine[];
}

const SETTING = ['sertissage', 'serti'];
const POLISHING = ['polissage'];
const MOUNTING = ['montage', 'assemblage', 'bijoutier'];
const CASTING = ['fonte'];
const RHODIUM = ['rhodiage'];
const CAD = ['cao', '3d'];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Solitaire or blanc 18kt 0,50 ct',
    category: 'bague',
    description: 'Solitaire 4 griffes, anneau demi-jonc 2,2 mm, diamant central 0,50 ct fourni sur devis.',
    coefficient: '2.5',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '3.4', lossPct: '5' },
      { kind: 'labour', step: CAD, minutes: '60' },
      { kind: 'labour', step: CASTING, minutes: '20' },
      { kind: 'labour', step: SETTING, minutes: '45' },
      { kind: 'labour', step: RHODIUM, minutes: '15' },
      { kind: 'other', label: 'Écrin velours', amount: '12.50' },
    ],
  },
  {
    name: 'Alliance or jaune 18kt',
    category: 'alliance',
    description: 'Alliance ruban confort 3 mm, finition polie miroir.',
    coefficient: '2.2',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '4.2', lossPct: '3' },
      { kind: 'labour', step: MOUNTING, minutes: '40' },
      { kind: 'labour', step: POLISHING, minutes: '20' },
      { kind: 'other', label: 'Gravure intérieure', amount: '15' },
    ],
  },
  {
    name: 'Alliance pavée or blanc 18kt 20 diamants',
    category: 'alliance',
    description: 'Demi-tour pavé de 20 diamants 1,5 mm VS1, serti grains.',
    coefficient: '2.4',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '3.6', lossPct: '5' },
      { kind: 'melee', mm: '1.5', clarity: 'VS1', quantity: 20 },
      { kind: 'labour', step: SETTING, minutes: '120' },
      { kind: 'labour', step: RHODIUM, minutes: '15' },
    ],
  },
  {
    name: 'Pendentif perle',
    category: 'pendentif',
    description: 'Perle de culture Akoya 8 mm, bélière or jaune 18kt, chaîne forçat 42 cm.',
    coefficient: '2.3',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '0.8', lossPct: '5' },
      { kind: 'stone', stone: ['akoya', 'perle'], quantity: 1 },
      { kind: 'stone', stone: ['chaine forcat', 'chaine'], quantity: 1 },
      { kind: 'labour', step: MOUNTING, minutes: '25' },
    ],
  },
  {
    name: 'Bague saphir entourage diamants',
    category: 'bague',
    description: 'Saphir bleu ovale entouré de 12 diamants 1,8 mm, or blanc 18kt.',
    coefficient: '2.5',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '4.8', lossPct: '5' },
      { kind: 'stone', stone: ['saphir bleu', 'saphir'], quantity: 1 },
      { kind: 'melee', mm: '1.8', clarity: 'VVS', quantity: 12 },
      { kind: 'labour', step: CAD, minutes: '90' },
      { kind: 'labour', step: SETTING, minutes: '150' },
      { kind: 'labour', step: POLISHING, minutes: '30' },
    ],
  },
  {
    name: "Boucles d'oreilles puces diamants 2 x 3 mm",
    category: 'boucles_oreilles',
    description: 'Paire de puces 4 griffes or blanc 18kt, diamants 3 mm SI1, fermoirs poussettes.',
    coefficient: '2.4',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '1.4', lossPct: '5' },
      { kind: 'melee', mm: '3', clarity: 'SI1', quantity: 2 },
      { kind: 'stone', stone: ['poussette'], quantity: 2 },
      { kind: 'labour', step: SETTING, minutes: '30' },
    ],
  },
  {
    name: 'Bracelet jonc argent 925',
    category: 'bracelet',
    description: 'Jonc ouvert martelé 5 mm, argent massif 925.',
    coefficient: '2.8',
    lines: [
      { kind: 'metal', alloy: 'AG925', weightG: '22', lossPct: '4' },
      { kind: 'labour', step: MOUNTING, minutes: '60' },
      { kind: 'labour', step: POLISHING, minutes: '30' },
    ],
  },
  {
    name: 'Collier rivière or jaune 14kt',
    category: 'collier',
    description: 'Collier maille serpent 45 cm, or jaune 14kt.',
    coefficient: '2.2',
    lines: [
      { kind: 'metal', alloy: 'AU585', weightG: '9.5', lossPct: '2' },
      { kind: 'labour', step: MOUNTING, minutes: '45' },
      { kind: 'other', label: 'Fermoir mousqueton or 14kt', amount: '38' },
    ],
  },
  {
    name: 'Chevalière or jaune 18kt gravée',
    category: 'bague',
    description: 'Chevalière plateau ovale, gravure armoiries à la main.',
    coefficient: '2.6',
    lines: [
      { kind: 'metal', alloy: 'AU750', weightG: '11', lossPct: '5' },
      { kind: 'labour', step: CASTING, minutes: '30' },
      { kind: 'labour', step: ['gravure'], minutes: '120' },
      { kind: 'labour', step: POLISHING, minutes: '30' },
    ],
  },
  {
    name: 'Broche libellule argent et émeraudes',
    category: 'broche',
    description: 'Broche libellule en argent 925, ailes serties de 8 mêlées 1,2 mm VS1 et deux émeraudes.',
    coefficient: '2.7',
    lines: [
      { kind: 'metal', alloy: 'AG925', weightG: '7.5', lossPct: '5' },
      { kind: 'stone', stone: ['emeraude octogonale', 'emeraude'], quantity: 2 },
      { kind: 'melee', mm: '1.2', clarity: 'VS1', quantity: 8 },
      { kind: 'labour', step: SETTING, minutes: '90' },
    ],
  },
];

/**
 * Demo product sheets for an organization (idempotent: skipped when it already has products).
 * Run after the référentiels seed: stone and labour lines use the organization's stones and
 * production steps found by name; a line whose reference does not exist is left out.
 */
export async function seedDemoProducts(db: Db, organizationId: string): Promise<number> {
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.organizationId, organizationId))
    .limit(1);
  if (existing) return 0;
  const [alloyRows, stoneRows, stepRows] = await Promise.all([
    db.select({ id: alloys.id, code: alloys.code }).from(alloys),
    db
      .select({ id: stones.id, name: stones.name })
      .from(stones)
      .where(and(eq(stones.organizationId, organizationId), isNull(stones.archivedAt))),
    db
      .select({ id: productionSteps.id, name: productionSteps.name, code: productionSteps.code })
      .from(productionSteps)
      .where(and(eq(productionSteps.organizationId, organizationId), isNull(productionSteps.archivedAt))),
  ]);
  const alloyByCode = new Map(alloyRows.map((a) => [a.code, a.id]));
  /** The first keyword that matches a row wins (rows in name order: deterministic). */
  const find = <T extends { id: string; name: string }>(rows: T[], text: (r: T) => string, keywords: string[]) => {
    const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    for (const k of keywords) {
      const hit = sorted.find((r) => normalizeSearch(text(r)).includes(normalizeSearch(k)));
      if (hit) return hit.id;
    }
    return undefined;
  };

  let created = 0;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const demo of DEMO_PRODUCTS) {
      const components: ProductComponentInput[] = [];
      for (const line of demo.lines) {
        if (line.kind === 'metal') {
          const alloyId = alloyByCode.get(line.alloy);
          if (alloyId)
            components.push({ kind: 'metal', alloyId, weightG: line.weightG, lossPct: line.lossPct ?? null });
        } else if (line.kind === 'stone') {
          const stoneId = find(stoneRows, (s) => s.name, line.stone);
          if (stoneId) components.push({ kind: 'stone', stoneId, quantity: line.quantity });
        } else if (line.kind === 'labour') {
          const productionStepId = find(stepRows, (s) => `${s.name} ${s.code}`, line.step);
          if (productionStepId) components.push({ kind: 'labour', productionStepId, minutes: line.minutes });
        } else if (line.kind === 'melee') {
          components.push({ kind: 'melee', mm: line.mm, clarity: line.clarity as 'VS1', quantity: line.quantity });
        } else {
          components.push({ kind: 'other', label: line.label, amount: line.amount });
        }
      }
      const slug = slugify(demo.name);
      const [row] = await t
        .insert(products)
        .values({
          organizationId,
          name: demo.name,
          slug,
          category: demo.category,
          description: demo.description,
          // One coefficient per group of lines (0043); the demo sheets use the same for all three.
          coefficientMetal: demo.coefficient,
          coefficientStones: demo.coefficient,
          coefficientLabour: demo.coefficient,
          searchText: productSearchText({ ...demo, slug }),
        })
        .returning({ id: products.id });
      await replaceComponents(t, organizationId, row!.id, components);
      created += 1;
    }
  });
  return created;
}

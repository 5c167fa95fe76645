/**
 * Product price recomputation time for 1,000 products:
 * 1. the pure function `priceProduct` over 1,000 compositions (every line kind);
 * 2. the API path `GET /api/products?withPrices=true` listing the same 1,000 products with
 *    their live prices, 100 per page (database reads + pricing), through app.inject.
 *
 *   npx tsx bench/products-bench.ts                    # embedded PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/products-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { priceProduct, type PricingComponent, type PricingContext } from '../shared/product-pricing';
import { productComponents, products } from '../server/db/schema';
import { createOrganization, createTestApp, signedInClient } from '../server/test/harness';
import {
  insertAlloys,
  insertRange,
  insertStep,
  insertStone,
  setManualMarket,
} from '../server/modules/products/test/fixtures';

export interface ProductsBenchFigures {
  products: number;
  /** Pure pricing of 1,000 compositions, median over the runs (ms). */
  pureMedianMs: number;
  pureP95Ms: number;
  /** CPU time (user + system) of one pure run, median (ms): less sensitive to a busy machine. */
  pureCpuMedianMs: number;
  /** One API page of 100 products with prices (ms). */
  apiPageMedianMs: number;
  apiPageP95Ms: number;
  /** The 10 pages (1,000 products) listed with prices, one after the other (ms). */
  apiAllPagesMs: number;
  database: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const round = (n: number) => Math.round(n * 100) / 100;

function composition(i: number, ids: { alloys: string[]; stones: string[]; steps: string[] }): PricingComponent[] {
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  const lines: PricingComponent[] = [
    { kind: 'metal', alloyId: pick(ids.alloys, i), weightG: (2 + (i % 90) / 10).toFixed(1), lossPct: '5' },
    { kind: 'stone', stoneId: pick(ids.stones, i), quantity: 1 + (i % 3) },
    {
      kind: 'melee',
      mm: (1 + (i % 20) / 10).toFixed(1),
      clarity: pick(['VVS', 'VS1', 'SI1'], i),
      quantity: 4 + (i % 30),
    },
    { kind: 'labour', productionStepId: pick(ids.steps, i), minutes: String(15 + (i % 120)) },
    { kind: 'labour', productionStepId: pick(ids.steps, i + 1), minutes: '20', hourlyRate: '55' },
    { kind: 'other', label: 'Écrin', amount: '12.50' },
  ];
  return lines.slice(0, 3 + (i % 4));
}

export async function runProductsBench(count = 1000): Promise<ProductsBenchFigures> {
  const t = await createTestApp();
  try {
    const org = await createOrganization(t, 'Bijouterie Bench');
    const alloyIds = Object.values(await insertAlloys(t));
    const stoneIds = [
      await insertStone(t, org, { name: 'Saphir', unitCost: '120', currency: 'USD' }),
      await insertStone(t, org, { name: 'Perle', unitCost: '45', currency: 'EUR' }),
    ];
    const stepIds = [
      await insertStep(t, org, { name: 'Sertissage', code: 'SERT', hourlyRate: '60' }),
      await insertStep(t, org, { name: 'Polissage', code: 'POL', hourlyRate: '45' }),
    ];
    for (const clarity of ['VVS', 'VS1', 'SI1']) {
      await insertRange(t, { clarity, mmMin: '0.70', mmMax: '2.00', usdPerCt: '800' });
      await insertRange(t, { clarity, mmMin: '2.01', mmMax: '4.00', usdPerCt: '1200' });
    }
    await setManualMarket(t, { XAU: '110', XAG: '1.05', XPT: '30', 'USD/EUR': '0.92', 'ILS/EUR': '0.25' });
    const ids = { alloys: alloyIds, stones: stoneIds, steps: stepIds };
    const compositions = Array.from({ length: count }, (_, i) => composition(i, ids));

    // 1. Pure pricing.
    const context: PricingContext = {
      metals: { gold: '110', silver: '1.05', platinum: '30' },
      fx: { USD: '0.92', ILS: '0.25' },
      alloys: Object.fromEntries(
        alloyIds.map((id) => [id, { name: 'Or 18kt', baseMetal: 'gold' as const, fineness: 750 }]),
      ),
      stones: {
        [stoneIds[0]!]: { name: 'Saphir', unitCost: '120', currency: 'USD' },
        [stoneIds[1]!]: { name: 'Perle', unitCost: '45', currency: 'EUR' },
      },
      steps: {
        [stepIds[0]!]: { name: 'Sertissage', hourlyRate: '60' },
        [stepIds[1]!]: { name: 'Polissage', hourlyRate: '45' },
      },
      calibrated: ['VVS', 'VS1', 'SI1'].flatMap((clarity) => [
        { clarity, mmMin: '0.70', mmMax: '2.00', usdPerCt: '800', effectiveDate: '2025-01-01' },
        { clarity, mmMin: '2.01', mmMax: '4.00', usdPerCt: '1200', effectiveDate: '2025-01-01' },
      ]),
      organization: { vatRatePct: '20', metalLossWarningPct: '3' },
    };
    const pure: number[] = [];
    const pureCpu: number[] = [];
    for (let run = 0; run < 25; run += 1) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      for (const c of compositions) priceProduct(c, '2.5', context);
      const used = process.cpuUsage(cpu);
      pure.push(performance.now() - started);
      pureCpu.push((used.user + used.system) / 1000);
    }

    // 2. API path: the same compositions stored as products.
    const db = t.handle.db;
    for (let start = 0; start < count; start += 200) {
      const batch = compositions.slice(start, start + 200);
      const rows = await db
        .insert(products)
        .values(
          batch.map((_, k) => ({
            organizationId: org,
            name: `Produit ${start + k + 1}`,
            slug: `produit-${start + k + 1}`,
            category: 'bague' as const,
            coefficientMetal: '2.5',
            coefficientStones: '2.5',
            coefficientLabour: '2.5',
            searchText: `produit ${start + k + 1}`,
          })),
        )
        .returning({ id: products.id });
      await db.insert(productComponents).values(
        batch.flatMap((lines, k) =>
          lines.map((line, position) => ({
            organizationId: org,
            productId: rows[k]!.id,
            position: position + 1,
            kind: line.kind,
            label: line.kind === 'other' ? line.label : null,
            alloyId: line.kind === 'metal' ? line.alloyId : null,
            weightG: line.kind === 'metal' ? line.weightG : null,
            lossPct: line.kind === 'metal' ? (line.lossPct ?? null) : null,
            stoneId: line.kind === 'stone' ? line.stoneId : null,
            quantity: line.kind === 'stone' || line.kind === 'melee' ? line.quantity : null,
            mm: line.kind === 'melee' ? line.mm : null,
            clarity: line.kind === 'melee' ? line.clarity : null,
            productionStepId: line.kind === 'labour' ? line.productionStepId : null,
            minutes: line.kind === 'labour' ? line.minutes : null,
            hourlyRate: line.kind === 'labour' ? (line.hourlyRate ?? null) : null,
            amount: line.kind === 'other' ? line.amount : null,
          })),
        ),
      );
    }
    const { client } = await signedInClient(t, { role: 'sales', organizationId: org });
    const pages = Math.ceil(count / 100);
    const pageTimes: number[] = [];
    let allPages = 0;
    for (let round = 0; round < 5; round += 1) {
      const started = performance.now();
      for (let page = 1; page <= pages; page += 1) {
        const p0 = performance.now();
        const res = await client.get(`/api/products?withPrices=true&pageSize=100&page=${page}`);
        if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
        pageTimes.push(performance.now() - p0);
      }
      const elapsed = performance.now() - started;
      if (round > 0) allPages = allPages === 0 ? elapsed : Math.min(allPages, elapsed);
    }
    return {
      products: count,
      pureMedianMs: round(percentile(pure, 50)),
      pureP95Ms: round(percentile(pure, 95)),
      pureCpuMedianMs: round(percentile(pureCpu, 50)),
      apiPageMedianMs: round(percentile(pageTimes.slice(pages), 50)),
      apiPageP95Ms: round(percentile(pageTimes.slice(pages), 95)),
      apiAllPagesMs: round(allPages),
      database: t.handle.kind,
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await runProductsBench();
  console.log('Product price recomputation, 1,000 products');
  console.table(figures);
}

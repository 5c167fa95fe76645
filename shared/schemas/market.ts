import { z } from 'zod';
import { METALS } from '../constants';

/** Fields every market answer carries so the UI can show the age of a price. */
const freshness = {
  source: z.string(),
  /** When the provider says the value was observed (ISO 8601). */
  observedAt: z.string(),
  /** When this server fetched it (ISO 8601). */
  fetchedAt: z.string(),
  /** True when the last good value is older than the stale bound or the feed is failing. */
  stale: z.boolean(),
  ageSeconds: z.number(),
};

/** GET /api/spot/{metal}: price per gram of the pure metal in EUR, as a decimal string. */
export const spotPriceSchema = z.object({
  metal: z.enum(METALS),
  currency: z.literal('EUR'),
  pricePerG: z.string(),
  ...freshness,
});
export type SpotPrice = z.infer<typeof spotPriceSchema>;

export const spotRefreshSchema = z.object({ metal: z.enum(['gold', 'silver', 'platinum']) });

/** GET /api/fx/{base}/{quote}: 1 base = rate quote (e.g. 1 USD = 0.92 EUR). */
export const fxRateSchema = z.object({
  base: z.string(),
  quote: z.literal('EUR'),
  rate: z.string(),
  ...freshness,
});
export type FxRate = z.infer<typeof fxRateSchema>;

export const fxRefreshSchema = z.object({
  base: z.enum(['USD', 'ILS']),
  quote: z.literal('EUR'),
});

/** GET /api/alloy-prices item. */
export const alloyPriceSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  baseMetal: z.enum(METALS),
  fineness: z.number(),
  pricePerG: z.string(),
  ...freshness,
});
export type AlloyPrice = z.infer<typeof alloyPriceSchema>;
export const alloyPricesSchema = z.array(alloyPriceSchema);

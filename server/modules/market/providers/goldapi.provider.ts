import Decimal from 'decimal.js';
import { z } from 'zod';
import { TROY_OUNCE_GRAMS, type Instrument } from '@shared/constants';
import { httpGetText } from './http';
import {
  configString,
  ProviderError,
  type MarketProvider,
  type ProviderContext,
  type ProviderReading,
} from './provider.types';

export const GOLDAPI_DEFAULT_BASE_URL = 'https://www.goldapi.io';
const GOLDAPI_METALS: ReadonlySet<Instrument> = new Set(['XAU', 'XAG', 'XPT']);

const goldApiAnswer = z.object({
  timestamp: z.number().positive(),
  metal: z.string(),
  currency: z.string(),
  price: z.number(),
  price_gram_24k: z.number().optional(),
});

/** Parses one goldapi.io-style answer into EUR per gram of the pure metal (8 decimals). */
export function parseGoldApiAnswer(body: string, metal: Instrument): { value: string; observedAt: Date } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ProviderError('Réponse goldapi illisible');
  }
  const parsed = goldApiAnswer.safeParse(json);
  if (!parsed.success) throw new ProviderError('Réponse goldapi inattendue');
  const answer = parsed.data;
  if (answer.metal !== metal || answer.currency !== 'EUR')
    throw new ProviderError('Réponse goldapi pour un autre actif');
  const perGram =
    answer.price_gram_24k !== undefined
      ? new Decimal(answer.price_gram_24k)
      : new Decimal(answer.price).div(TROY_OUNCE_GRAMS);
  // Seconds since the epoch (goldapi); tolerate milliseconds.
  const ms = answer.timestamp > 1e12 ? answer.timestamp : answer.timestamp * 1000;
  return { value: perGram.toDecimalPlaces(8).toFixed(), observedAt: new Date(ms) };
}

export const goldApiProvider: MarketProvider = {
  async fetch(context: ProviderContext): Promise<ProviderReading[]> {
    if (!context.source.secret) throw new ProviderError('Clé API manquante');
    const baseUrl = configString(context.source.config, 'baseUrl', GOLDAPI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const metals = context.instruments.filter((i) => GOLDAPI_METALS.has(i));
    const results = await Promise.allSettled(
      metals.map(async (metal): Promise<ProviderReading> => {
        const body = await httpGetText(`${baseUrl}/api/${metal}/EUR`, {
          timeoutMs: context.timeoutMs,
          headers: { 'x-access-token': context.source.secret ?? '', accept: 'application/json' },
        });
        return { instrument: metal, ...parseGoldApiAnswer(body, metal) };
      }),
    );
    const readings = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (readings.length === 0) {
      const failure = results.find((r) => r.status === 'rejected');
      if (failure && failure.reason instanceof ProviderError) throw failure.reason;
      throw new ProviderError('Aucun métal disponible');
    }
    return readings;
  },
};

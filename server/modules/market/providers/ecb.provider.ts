import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import type { Instrument } from '@shared/constants';
import { httpGetText } from './http';
import {
  configString,
  ProviderError,
  type MarketProvider,
  type ProviderContext,
  type ProviderReading,
} from './provider.types';

export const ECB_DEFAULT_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const rateCube = z.object({ currency: z.string().regex(/^[A-Z]{3}$/), rate: z.string().min(1) });
const ecbDocument = z.object({
  Envelope: z.object({
    Cube: z.object({
      Cube: z.object({
        time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        Cube: z.union([rateCube, z.array(rateCube)]),
      }),
    }),
  }),
});

export interface EcbRates {
  /** Reference date (YYYY-MM-DD). */
  date: string;
  /** 1 EUR = rate units of the currency (as published). */
  rates: Record<string, string>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
});

/** Parses the ECB `eurofxref-daily.xml` document; throws ProviderError on anything else. */
export function parseEcbXml(xml: string): EcbRates {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw new ProviderError('Réponse BCE illisible');
  }
  const parsed = ecbDocument.safeParse(document);
  if (!parsed.success) throw new ProviderError('Réponse BCE inattendue');
  const day = parsed.data.Envelope.Cube.Cube;
  const cubes = Array.isArray(day.Cube) ? day.Cube : [day.Cube];
  const rates: Record<string, string> = {};
  for (const cube of cubes) rates[cube.currency] = cube.rate;
  return { date: day.time, rates };
}

/** "1 EUR = r XXX" becomes "1 XXX = 1/r EUR", 8 decimals (10 significant digits before rounding). */
export function invertEcbRate(rate: string): string {
  let r: Decimal;
  try {
    r = new Decimal(rate);
  } catch {
    throw new ProviderError(`Taux BCE invalide: ${rate.slice(0, 20)}`);
  }
  if (!r.isFinite() || r.lte(0)) throw new ProviderError(`Taux BCE invalide: ${rate.slice(0, 20)}`);
  return new Decimal(1).div(r).toSignificantDigits(10).toDecimalPlaces(8).toFixed();
}

export const ecbProvider: MarketProvider = {
  async fetch(context: ProviderContext): Promise<ProviderReading[]> {
    const url = configString(context.source.config, 'url', ECB_DEFAULT_URL);
    const xml = await httpGetText(url, { timeoutMs: context.timeoutMs, headers: { accept: 'application/xml' } });
    const { date, rates } = parseEcbXml(xml);
    // Published about 16:00 CET on the reference day.
    const observedAt = new Date(`${date}T16:00:00+01:00`);
    const readings: ProviderReading[] = [];
    for (const instrument of context.instruments) {
      const [base, quote] = instrument.split('/') as [string, string | undefined];
      if (quote !== 'EUR') continue;
      const rate = rates[base];
      if (rate) readings.push({ instrument: instrument as Instrument, value: invertEcbRate(rate), observedAt });
    }
    if (readings.length === 0) throw new ProviderError('Devise absente de la réponse BCE');
    return readings;
  },
};

import type { Instrument } from '@shared/constants';
import { ProviderError, type MarketProvider, type ProviderContext, type ProviderReading } from './provider.types';

/**
 * Prices typed by an admin, stored in the data source config:
 * `{ values: { XAU: "118.20", "USD/EUR": "0.92" }, updatedAt?: ISO date }`.
 */
export const manualProvider: MarketProvider = {
  trusted: true,
  async fetch(context: ProviderContext): Promise<ProviderReading[]> {
    const values = context.source.config.values;
    if (!values || typeof values !== 'object') throw new ProviderError('Aucune valeur saisie');
    const updatedAt = context.source.config.updatedAt;
    const parsedDate = typeof updatedAt === 'string' ? new Date(updatedAt) : null;
    const observedAt = parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate : context.now;
    const readings: ProviderReading[] = [];
    for (const instrument of context.instruments) {
      const raw = (values as Record<Instrument, unknown>)[instrument];
      if (typeof raw === 'string' || typeof raw === 'number') {
        readings.push({ instrument, value: String(raw).replace(',', '.').trim(), observedAt });
      }
    }
    if (readings.length === 0) throw new ProviderError('Aucune valeur saisie');
    return readings;
  },
};

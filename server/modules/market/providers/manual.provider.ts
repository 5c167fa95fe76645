import { readManualPrices } from '@shared/schemas/superadmin';
import { ProviderError, type MarketProvider, type ProviderContext, type ProviderReading } from './provider.types';

/**
 * Prices typed by an admin in the source's grid (superadmin data sources), stored in its config:
 * `{ values: { XAU: "118.20", "USD/EUR": "0.92" }, setAt: { XAU: ISO date, … }, updatedAt: ISO date }`.
 * Each reading is observed when its price was typed (`setAt`, else `updatedAt` for older configs, else now).
 */
export const manualProvider: MarketProvider = {
  trusted: true,
  async fetch(context: ProviderContext): Promise<ProviderReading[]> {
    const typed = readManualPrices(context.source.config);
    const readings: ProviderReading[] = [];
    for (const instrument of context.instruments) {
      const value = typed.values[instrument];
      if (value === undefined || value === '') continue;
      const at = typed.setAt[instrument] ? new Date(typed.setAt[instrument]) : null;
      const observedAt = at && !Number.isNaN(at.getTime()) ? at : context.now;
      readings.push({ instrument, value, observedAt });
    }
    if (readings.length === 0) throw new ProviderError('Aucune valeur saisie');
    return readings;
  },
};

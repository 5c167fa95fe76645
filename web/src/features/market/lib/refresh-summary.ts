import { formatGoldButton, formatRateButton, formatSilverButton } from '@shared/format';
import { gold18ktFrom24kt, parseDecimal } from '@shared/pricing-exact';
import type { FxRate, SpotPrice } from '@shared/schemas/market';

/** Outcome of one refresh of "Actualiser tous les cours": the new answer, or why it failed. */
export type RefreshOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface RefreshAllOutcomes {
  gold: RefreshOutcome<SpotPrice>;
  silver: RefreshOutcome<SpotPrice>;
  usd: RefreshOutcome<FxRate>;
}

export interface RefreshAllSummary {
  title: string;
  /** One line per refreshed price, as the header shows it ("Or 24k : 121 €/g"). */
  refreshed: string[];
  /** Sentence naming what could not be refreshed, or null. */
  failure: string | null;
  variant: 'default' | 'destructive';
}

const LABELS = { gold: 'Or', silver: 'Argent', usd: 'USD/EUR' } as const;

/**
 * The one toast of "Actualiser tous les cours": every refreshed price in the header's French formats (gold whole
 * numbers with 18kt = 24kt x 0.75, silver 2 decimals, USD/EUR 3 decimals, as header-prices.tsx), and which
 * refreshes failed, with the server's reason when all failures give the same one.
 */
export function summariseRefreshAll(outcomes: RefreshAllOutcomes): RefreshAllSummary {
  const refreshed: string[] = [];
  const gold = outcomes.gold.ok ? parseDecimal(outcomes.gold.value.pricePerG) : null;
  if (gold) {
    refreshed.push(`Or 24k : ${formatGoldButton(gold.toString())} €/g`);
    refreshed.push(`Or 18k : ${formatGoldButton(gold18ktFrom24kt(gold).toString())} €/g`);
  }
  const silver = outcomes.silver.ok ? parseDecimal(outcomes.silver.value.pricePerG) : null;
  if (silver) refreshed.push(`Argent : ${formatSilverButton(silver.toString())} €/g`);
  const rate = outcomes.usd.ok ? parseDecimal(outcomes.usd.value.rate) : null;
  if (rate) refreshed.push(`USD/EUR : ${formatRateButton(rate.toString())}`);

  const failed = (Object.keys(LABELS) as Array<keyof typeof LABELS>).filter((k) => !outcomes[k].ok);
  if (failed.length === 0) return { title: 'Cours actualisés', refreshed, failure: null, variant: 'default' };
  const reasons = [...new Set(failed.map((k) => (outcomes[k].ok ? '' : outcomes[k].reason)).filter(Boolean))];
  const names = failed.map((k) => LABELS[k]).join(', ');
  const failure = `Impossible d'actualiser : ${names}${reasons.length === 1 ? ` (${reasons[0]})` : ''}`;
  return {
    title: failed.length === 3 ? 'Erreur' : 'Cours partiellement actualisés',
    refreshed,
    failure,
    variant: 'destructive',
  };
}

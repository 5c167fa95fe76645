import { describe, expect, it } from 'vitest';
import type { FxRate, SpotPrice } from '@shared/schemas/market';
import { summariseRefreshAll, type RefreshOutcome } from './refresh-summary';

const fresh = { source: 'demo', observedAt: '', fetchedAt: '', stale: false, ageSeconds: 0 };
const spot = (pricePerG: string): RefreshOutcome<SpotPrice> => ({
  ok: true,
  value: { metal: 'gold', currency: 'EUR', pricePerG, ...fresh },
});
const fx = (rate: string): RefreshOutcome<FxRate> => ({
  ok: true,
  value: { base: 'USD', quote: 'EUR', rate, ...fresh },
});
const failed = (reason: string) => ({ ok: false as const, reason });
/** Intl's fr-FR grouping uses a narrow no-break space; compare with plain spaces. */
const plain = (lines: string[]) => lines.map((l) => l.replace(/[\u202f\u00a0]/g, ' '));

describe('summariseRefreshAll', () => {
  it('lists every refreshed price in the header formats', () => {
    const s = summariseRefreshAll({ gold: spot('1234.567'), silver: spot('1.0449'), usd: fx('0.92345') });
    expect(s.title).toBe('Cours actualisés');
    expect(s.variant).toBe('default');
    expect(s.failure).toBeNull();
    expect(plain(s.refreshed)).toEqual([
      'Or 24k : 1 235 €/g',
      'Or 18k : 926 €/g',
      'Argent : 1,04 €/g',
      'USD/EUR : 0,923',
    ]);
  });

  it('says which refresh failed and keeps the others', () => {
    const s = summariseRefreshAll({
      gold: spot('120.4'),
      silver: spot('1.05'),
      usd: failed("Impossible d'actualiser les cours : aucune source n'a répondu"),
    });
    expect(s.title).toBe('Cours partiellement actualisés');
    expect(s.variant).toBe('destructive');
    expect(plain(s.refreshed)).toEqual(['Or 24k : 120 €/g', 'Or 18k : 90 €/g', 'Argent : 1,05 €/g']);
    expect(s.failure).toBe(
      "Impossible d'actualiser : USD/EUR (Impossible d'actualiser les cours : aucune source n'a répondu)",
    );
  });

  it('names every failure, and gives the reason only when it is the same for all', () => {
    const s = summariseRefreshAll({ gold: failed('503'), silver: failed('Délai dépassé'), usd: failed('503') });
    expect(s.title).toBe('Erreur');
    expect(s.refreshed).toEqual([]);
    expect(s.failure).toBe("Impossible d'actualiser : Or, Argent, USD/EUR");
  });
});

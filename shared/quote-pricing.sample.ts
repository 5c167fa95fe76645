import type { QuotePricingContext } from './quote-pricing';

/**
 * A known pricing context (gold 120,50 €/g, USD 0,92, one alloy, stone, step, calibrated range, diamond and product
 * sheet) for the engine's tests and the bench: the figures the tests work out by hand.
 */
export const ALLOY = '00000000-0000-4000-8000-000000000001';
export const STONE = '00000000-0000-4000-8000-000000000002';
export const STEP = '00000000-0000-4000-8000-000000000003';
export const PRODUCT = '00000000-0000-4000-8000-000000000004';

export const SAMPLE_CONTEXT: QuotePricingContext = {
  metals: { gold: '120.50', silver: '1.10', platinum: '30' },
  fx: { USD: '0.92', ILS: '0.25' },
  alloys: { [ALLOY]: { name: 'Or 18kt', baseMetal: 'gold', fineness: 750 } },
  stones: { [STONE]: { name: 'Saphir', unitCost: '85.00', currency: 'EUR' } },
  steps: { [STEP]: { name: 'Sertissage', hourlyRate: '60' } },
  calibrated: [{ clarity: 'VS1', mmMin: '1.0', mmMax: '2.0', usdPerCt: '900', effectiveDate: '2026-01-01' }],
  organization: { vatRatePct: '20', metalLossWarningPct: '3' },
  diamonds: { '42': { label: 'Rond 0,50 ct F VS1', priceEur: '1840.00' } },
  products: { [PRODUCT]: { name: 'Alliance', unitCost: '300.00', unitPrice: '640.00' } },
  coefficients: { metal: '1.5', stones: '1.8', labour: '2' },
};

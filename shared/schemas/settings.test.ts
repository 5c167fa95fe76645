import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, pricingSettingsOf, settingsSchema } from './settings';

const base = { ...DEFAULT_SETTINGS, legalName: 'Bijouterie Test', version: 1 };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = settingsSchema.safeParse({ ...base, ...input });
  // The first message of each field (what the form shows).
  return Object.fromEntries((parsed.error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('settings schema: numbers typed the French way', () => {
  it('reads "12,5", "0,755" and "1 234,5" in decimal fields', () => {
    const parsed = settingsSchema.parse({
      ...base,
      vatRatePct: '12,5',
      buybackFactor: '0,755',
      coefficientMetal: '2,125',
      metalLossWarningPct: ' 3,5 ',
      hourlyRates: [{ label: 'Atelier', ratePerHour: '1 234,5' }],
    });
    expect(parsed).toMatchObject({
      vatRatePct: '12.5',
      buybackFactor: '0.755',
      coefficientMetal: '2.125',
      metalLossWarningPct: '3.5',
      hourlyRates: [{ label: 'Atelier', ratePerHour: '1234.5' }],
    });
  });

  it('refuses letters in a decimal field with a French message', () => {
    expect(errorsOf({ vatRatePct: 'abc' })).toEqual({
      vatRatePct: 'Taux de TVA : nombre attendu (2 décimales au plus)',
    });
  });

  it('validity days: "45" and 45 read, "12,5" and "abc" refused as not whole', () => {
    expect(settingsSchema.parse({ ...base, quoteValidityDays: '45' }).quoteValidityDays).toBe(45);
    expect(settingsSchema.parse({ ...base, quoteValidityDays: 45 }).quoteValidityDays).toBe(45);
    expect(errorsOf({ quoteValidityDays: '12,5' })).toEqual({ quoteValidityDays: 'Nombre entier de jours attendu' });
    expect(errorsOf({ quoteValidityDays: 'abc' })).toEqual({ quoteValidityDays: 'Nombre entier de jours attendu' });
    expect(errorsOf({ quoteValidityDays: '0' })).toEqual({ quoteValidityDays: 'Au moins 1 jour' });
  });

  it('the pricing settings every role reads leave the legal identity out', () => {
    const pricing = pricingSettingsOf(settingsSchema.parse({ ...base, siren: '' }));
    expect(Object.keys(pricing).sort()).toEqual([
      'buybackFactor',
      'coefficientLabour',
      'coefficientMetal',
      'coefficientStones',
      'hourlyRates',
      'metalLossWarningPct',
      'quoteValidityDays',
      'vatRatePct',
      'vatRegistered',
    ]);
    // Whether the shop is VAT-registered, never its VAT number.
    expect(pricing.vatRegistered).toBe(false);
    const registered = pricingSettingsOf(settingsSchema.parse({ ...base, siren: '', vatNumber: 'FR19812345676' }));
    expect(registered.vatRegistered).toBe(true);
    expect(Object.values(registered)).not.toContain('FR19812345676');
  });
});

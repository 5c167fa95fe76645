import { describe, expect, it } from 'vitest';
import {
  compactIdentifier,
  frenchVatKey,
  isValidFrenchVat,
  isValidSiren,
  isValidSiret,
  luhnValid,
} from './identifiers';

describe('French company identifiers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('732829320')).toBe(true);
    expect(luhnValid('732829321')).toBe(false);
    expect(luhnValid('12a')).toBe(false);
  });

  it('validates SIREN (9 digits, Luhn), spaces allowed', () => {
    expect(isValidSiren('732 829 320')).toBe(true);
    expect(isValidSiren('552100554')).toBe(true);
    expect(isValidSiren('552100555')).toBe(false);
    expect(isValidSiren('55210055')).toBe(false);
  });

  it('validates SIRET (14 digits, Luhn; La Poste digit sum)', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000000010')).toBe(true);
    expect(isValidSiret('7328293200007')).toBe(false);
  });

  it('computes and checks the French VAT key', () => {
    expect(frenchVatKey('732829320')).toBe('44');
    expect(isValidFrenchVat('FR44732829320')).toBe(true);
    expect(isValidFrenchVat('FR 44 732 829 320')).toBe(true);
    expect(isValidFrenchVat('FR45732829320')).toBe(false);
    expect(isValidFrenchVat('DE44732829320')).toBe(false);
    expect(compactIdentifier('fr 44.732-829 320')).toBe('FR44732829320');
  });
});

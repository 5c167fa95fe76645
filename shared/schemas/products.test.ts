import { describe, expect, it } from 'vitest';
import { decimalString, productCreateSchema, productUpdateSchema } from './products';

describe('decimalString', () => {
  const weight = decimalString({ max: 1000, scale: 3, positive: true });
  it('accepts numbers, strings and the French comma, normalised', () => {
    expect(weight.parse('3,20')).toBe('3.2');
    expect(weight.parse(12)).toBe('12');
    expect(weight.parse('007.500')).toBe('7.5');
    expect(weight.parse('100.0')).toBe('100');
    expect(weight.parse('0.005')).toBe('0.005');
  });
  it('refuses with French messages', () => {
    const message = (v: unknown) => weight.safeParse(v).error?.issues[0]?.message;
    expect(message('abc')).toBe('Nombre invalide');
    expect(message('1.2345')).toBe('3 décimales au maximum');
    expect(message('0')).toBe('Doit être supérieur à 0');
    expect(message('1001')).toBe('Doit être inférieur ou égal à 1000');
    expect(message('')).toBe('Ce champ est obligatoire');
    expect(message(null)).toBe('Nombre invalide');
  });
});

describe('product schemas', () => {
  it('fills the defaults of a minimal sheet', () => {
    expect(productCreateSchema.parse({ name: ' Bague ', category: 'bague' })).toEqual({
      name: 'Bague',
      category: 'bague',
      description: '',
      components: [],
    });
  });
  it('takes three coefficients, "2,5" as well as "2.5"; the server fills absent ones from the settings', () => {
    const parsed = productCreateSchema.parse({
      name: 'Bague',
      category: 'bague',
      coefficients: { metal: '1,5', stones: 2.5, labour: '2.125' },
    });
    expect(parsed.coefficients).toEqual({ metal: '1.5', stones: '2.5', labour: '2.125' });
    const bad = productCreateSchema.safeParse({
      name: 'Bague',
      category: 'bague',
      coefficients: { metal: '0', stones: 'abc', labour: '2.1255' },
    });
    const errors = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errors).toEqual({
      'coefficients.metal': 'Doit être supérieur à 0',
      'coefficients.stones': 'Nombre invalide',
      'coefficients.labour': '3 décimales au maximum',
    });
  });
  it('requires a version on update ("Version manquante")', () => {
    const r = productUpdateSchema.safeParse({ name: 'Bague', category: 'bague' });
    expect(r.error?.issues.find((i) => i.path[0] === 'version')?.message).toBe('Version manquante');
    expect(productUpdateSchema.parse({ name: 'Bague', category: 'bague', version: '3' }).version).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { clientInputSchema, clientListQuerySchema } from './clients';
import { stoneInputSchema } from './stones';
import { productionStepInputSchema } from './production-steps';

describe('référentiel schemas', () => {
  it('reads form and CSV values: empty strings as null, French dates, decimals and booleans', () => {
    const c = clientInputSchema.parse({
      lastName: ' Dupré ',
      firstName: '',
      birthDate: '05/03/1980',
      marketingConsent: 'oui',
      tags: 'vip| mariage ,vip',
      kind: 'Professionnel',
      company: 'Dupré SA',
    });
    expect(c).toMatchObject({
      lastName: 'Dupré',
      firstName: null,
      birthDate: '1980-03-05',
      marketingConsent: true,
      tags: ['vip', 'mariage'],
      kind: 'professionnel',
      country: 'France',
      status: 'client',
    });
    const s = stoneInputSchema.parse({ category: 'lot de melee', name: 'Mêlée', unitCost: '1 234,5', weight: 0.125 });
    expect(s).toMatchObject({
      category: 'lot_melee',
      unitCost: '1234.5',
      weight: '0.125',
      stockUnit: 'pc',
      currency: 'EUR',
    });
  });

  it('refuses impossible values with French messages', () => {
    const r = clientInputSchema.safeParse({ lastName: 'X', birthDate: '2023-02-30', marketingConsent: 'peut-être' });
    expect(r.success).toBe(false);
    const messages = r.success ? {} : r.error.flatten().fieldErrors;
    expect(messages.birthDate).toEqual(['Date de naissance invalide']);
    expect(messages.marketingConsent).toEqual(['Consentement marketing : oui ou non']);
    const st = stoneInputSchema.safeParse({ category: 'perle', name: 'P', unitCost: '12.345' });
    expect(st.success ? [] : st.error.flatten().fieldErrors.unitCost).toEqual([
      'Le coût unitaire doit être un nombre positif avec au plus 2 décimales',
    ]);
    const step = productionStepInputSchema.safeParse({ name: 'Fonte', code: 'FONTE', mode: 'subcontracted' });
    expect(step.success).toBe(false);
  });

  it('list queries: defaults, limits and whitelisted sort', () => {
    expect(clientListQuerySchema.parse({})).toEqual({
      sort: 'lastName',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      archived: 'active',
    });
    expect(clientListQuerySchema.parse({ page: '3', pageSize: '100', archived: 'true' })).toMatchObject({
      page: 3,
      pageSize: 100,
      archived: 'archived',
    });
    // One archive filter for every list: false (active), true (archived), all (both).
    expect(clientListQuerySchema.parse({ archived: 'false' }).archived).toBe('active');
    expect(clientListQuerySchema.parse({ archived: '1' }).archived).toBe('archived');
    expect(clientListQuerySchema.parse({ archived: 'all' }).archived).toBe('all');
    expect(clientListQuerySchema.safeParse({ archived: 'tous' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ sort: 'searchText' }).success).toBe(false);
  });
});

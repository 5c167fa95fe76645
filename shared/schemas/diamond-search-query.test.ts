import { describe, expect, it } from 'vitest';
import { diamondSearchQuerySchema } from './diamonds';

const errorsOf = (query: Record<string, unknown>) => {
  const parsed = diamondSearchQuerySchema.safeParse(query);
  return parsed.success ? null : parsed.error.flatten().fieldErrors;
};

describe('diamond search query: hand-written addresses answer in French', () => {
  it('reads an empty page size as the default and refuses repeated or odd values in French', () => {
    expect(diamondSearchQuerySchema.parse({ pageSize: '', page: '' })).toMatchObject({ page: 1, pageSize: 20 });
    expect(errorsOf({ color: ['D', 'E'] })).toEqual({ color: ['Une seule valeur attendue'] });
    expect(errorsOf({ pageSize: '1.5' })).toEqual({ pageSize: ['Nombre de pierres par page invalide'] });
    expect(errorsOf({ pageSize: '0' })).toEqual({ pageSize: ['Au moins 1 pierre par page'] });
    expect(errorsOf({ page: ['1', '2'] })).toEqual({ page: ['Numéro de page invalide'] });
    expect(errorsOf({ page: '1001' })).toEqual({ page: ['Au plus 1 000 pages : affinez la recherche'] });
  });

  it('keeps locations whole and splits the other lists on commas', () => {
    const q = diamondSearchQuerySchema.parse({ location: ['Anvers, BE', 'US'], fluorescence: 'none,faint' });
    expect(q.location).toEqual(['Anvers, BE', 'US']);
    expect(q.fluorescence).toEqual(['none', 'faint']);
  });
});

import { describe, expect, it } from 'vitest';
import { isActivePath, navigationFor } from './navigation';

const productWord = { menu: 'Diamant', toast: 'diamants' };
const labels = (role: string) =>
  navigationFor({ role, productWord }).map((g) => [g.label, g.items.map((i) => i.label)]);

describe('navigation', () => {
  it('has the spec groups and labels for an admin', () => {
    expect(labels('admin')).toEqual([
      [null, ['Dashboard', 'Projets', 'Devis & Pricing', 'Ordres Fabrication', "Achats d'Or"]],
      [
        'Référentiels',
        [
          'Clients',
          'Fournisseurs',
          'Catalogue Diamant',
          'Pierres & Composants',
          'Fiches produits',
          'Étapes Production',
        ],
      ],
      ['Configuration', ['Utilisateurs', "Journal d'erreurs", 'Paramètres', 'Flux fournisseurs']],
    ]);
  });

  it('uses the configured product word and shows superadmin areas to superadmins only', () => {
    const groups = navigationFor({ role: 'superadmin', productWord: { menu: 'Bijoux', toast: 'bijoux' } });
    expect(groups.flatMap((g) => g.items.map((i) => i.label))).toContain('Catalogue Bijoux');
    expect(groups.at(-1)?.items.map((i) => i.to)).toEqual([
      '/superadmin/organizations',
      '/superadmin/data-sources',
      '/superadmin/modules',
    ]);
  });

  it('hides what production cannot open', () => {
    const items = navigationFor({ role: 'production', productWord }).flatMap((g) => g.items.map((i) => i.to));
    expect(items).toEqual([
      '/',
      '/work-orders',
      '/suppliers',
      '/diamonds',
      '/stones',
      '/products',
      '/production-steps',
    ]);
  });

  it('leaves out the screens of turned-off modules', () => {
    const items = navigationFor({ role: 'admin', productWord }, new Set(['goldbuy', 'diamonds'])).flatMap((g) =>
      g.items.map((i) => i.to),
    );
    expect(items).not.toContain('/goldbuy');
    expect(items).not.toContain('/diamonds');
    expect(items).toContain('/quotes');
    expect(items).toContain('/users');
  });

  it('marks the active item', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/quotes/12', '/')).toBe(false);
    expect(isActivePath('/quotes/12', '/quotes')).toBe(true);
    expect(isActivePath('/diamond/7', '/diamonds')).toBe(true);
    expect(isActivePath('/goldbuy-x', '/goldbuy')).toBe(false);
  });
});

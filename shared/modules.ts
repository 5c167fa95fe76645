/**
 * Business modules a superadmin can turn on or off per organization. A turned-off module's
 * API routes answer 404 and its menu entries disappear. Keys are stable (stored in organization_modules).
 * `api` lists the path prefixes of the module's API routes: the authorize hook derives a route's module
 * from them (a route may also declare `module` explicitly in its access).
 */
export const MODULES = [
  { key: 'projects', label: 'Projets', screens: ['/projects'], api: ['/api/projects'] },
  { key: 'quotes', label: 'Devis & Pricing', screens: ['/quotes'], api: ['/api/quotes'] },
  { key: 'work-orders', label: 'Ordres Fabrication', screens: ['/work-orders'], api: ['/api/work-orders'] },
  { key: 'goldbuy', label: "Achats d'Or", screens: ['/goldbuy'], api: ['/api/goldbuy', '/api/gold-buys'] },
  { key: 'clients', label: 'Clients', screens: ['/clients'], api: ['/api/clients'] },
  { key: 'suppliers', label: 'Fournisseurs', screens: ['/suppliers'], api: ['/api/suppliers'] },
  {
    key: 'diamonds',
    label: 'Catalogue diamants',
    screens: ['/diamonds', '/diamond'],
    api: ['/api/ddpl', '/api/diamonds'],
  },
  { key: 'calibrated', label: 'Prix calibrés', screens: [], api: ['/api/calibrated-price', '/api/calibrated'] },
  { key: 'stones', label: 'Pierres & Composants', screens: ['/stones'], api: ['/api/stones'] },
  { key: 'products', label: 'Fiches produits', screens: ['/products'], api: ['/api/products'] },
  {
    key: 'production-steps',
    label: 'Étapes Production',
    screens: ['/production-steps'],
    api: ['/api/production-steps'],
  },
] as const satisfies ReadonlyArray<{ key: string; label: string; screens: readonly string[]; api: readonly string[] }>;

export type ModuleKey = (typeof MODULES)[number]['key'];
export const MODULE_KEYS: readonly ModuleKey[] = MODULES.map((m) => m.key);

export function isModuleKey(value: string): value is ModuleKey {
  return (MODULE_KEYS as readonly string[]).includes(value);
}

/** The module a front-end path belongs to (menu hiding), or null for core screens. */
export function moduleOfScreen(pathname: string): ModuleKey | null {
  for (const m of MODULES) {
    for (const screen of m.screens as readonly string[]) {
      if (pathname === screen || pathname.startsWith(`${screen}/`)) return m.key;
    }
  }
  return null;
}

/** The module an API route path belongs to (by prefix), or null for core routes. */
export function moduleOfApiPath(path: string): ModuleKey | null {
  for (const m of MODULES) {
    for (const prefix of m.api as readonly string[]) {
      if (path === prefix || path.startsWith(`${prefix}/`)) return m.key;
    }
  }
  return null;
}

/**
 * The authorization matrix (ADR 0007) as data. The server enforces it on every route
 * (each route declares its area and mode), the web hides what a role cannot open,
 * and the tests walk it. Legend: W read+write, R read, - none.
 */
import type { Role } from './constants';

export const AREAS = [
  'dashboard', // dashboard, prices, catalogue
  'sales', // clients, projects, quotes
  'goldbuy', // gold buy-back
  'catalog', // suppliers, stones, products
  'production', // work orders, production steps
  'admin', // users, settings
  'journal', // error journal
  'superadmin', // superadmin areas
] as const;
export type Area = (typeof AREAS)[number];
export type Permission = 'W' | 'R' | '-';
export type AccessMode = 'read' | 'write';
/** Roles as the matrix names them; `other` = any unknown role. */
export type MatrixRole = Role | 'other';

export const PERMISSIONS: Readonly<Record<Area, Readonly<Record<MatrixRole, Permission>>>> = {
  dashboard: { superadmin: 'R', admin: 'R', manager: 'R', sales: 'R', production: 'R', other: 'R' },
  sales: { superadmin: 'W', admin: 'W', manager: 'W', sales: 'W', production: '-', other: 'R' },
  goldbuy: { superadmin: 'W', admin: 'W', manager: 'W', sales: 'W', production: '-', other: '-' },
  catalog: { superadmin: 'W', admin: 'W', manager: 'W', sales: 'R', production: 'R', other: 'R' },
  production: { superadmin: 'W', admin: 'W', manager: 'W', sales: 'R', production: 'W', other: 'R' },
  admin: { superadmin: 'W', admin: 'W', manager: 'R', sales: '-', production: '-', other: '-' },
  journal: { superadmin: 'W', admin: 'R', manager: 'R', sales: '-', production: '-', other: '-' },
  superadmin: { superadmin: 'W', admin: '-', manager: '-', sales: '-', production: '-', other: '-' },
};

const KNOWN_ROLES: ReadonlySet<string> = new Set(['superadmin', 'admin', 'manager', 'sales', 'production']);

export function matrixRole(role: string | null | undefined): MatrixRole {
  return role && KNOWN_ROLES.has(role) ? (role as Role) : 'other';
}

export function permissionOf(role: string | null | undefined, area: Area): Permission {
  return PERMISSIONS[area][matrixRole(role)];
}

/** True when `role` may use `area` in `mode` (write needs W, read needs R or W). */
export function can(role: string | null | undefined, area: Area, mode: AccessMode): boolean {
  const p = permissionOf(role, area);
  return mode === 'read' ? p !== '-' : p === 'W';
}

/** Which area each screen (route of web/src/app/routes.tsx) belongs to; the menu and route guards read it. */
export const SCREEN_AREAS: ReadonlyArray<{ path: string; area: Area }> = [
  { path: '/', area: 'dashboard' },
  { path: '/projects', area: 'sales' },
  { path: '/quotes', area: 'sales' },
  { path: '/work-orders', area: 'production' },
  { path: '/goldbuy', area: 'goldbuy' },
  { path: '/clients', area: 'sales' },
  { path: '/suppliers', area: 'catalog' },
  { path: '/diamonds', area: 'dashboard' },
  { path: '/diamond', area: 'dashboard' },
  { path: '/diamonds/feeds', area: 'admin' },
  { path: '/stones', area: 'catalog' },
  { path: '/products', area: 'catalog' },
  { path: '/production-steps', area: 'production' },
  { path: '/users', area: 'admin' },
  { path: '/logs', area: 'journal' },
  { path: '/settings', area: 'admin' },
  { path: '/superadmin', area: 'superadmin' },
];

/** The area of a front-end path (longest matching prefix), `dashboard` when none matches. */
export function areaOfScreen(pathname: string): Area {
  let best: { path: string; area: Area } | undefined;
  for (const entry of SCREEN_AREAS) {
    const matches =
      entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
    if (matches && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best?.area ?? 'dashboard';
}

/**
 * What a front-end path does in its area: a creation (`/suppliers/new`) or edit (`/clients/:id/edit`) screen
 * writes, so it needs W; any other screen reads (a record page is read-only without W).
 */
export function modeOfScreen(pathname: string): AccessMode {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'new' || last === 'edit' ? 'write' : 'read';
}

/** True when `role` may open the screen at `pathname` (its area, in the mode the screen needs). */
export function canOpenScreen(role: string | null | undefined, pathname: string): boolean {
  return can(role, areaOfScreen(pathname), modeOfScreen(pathname));
}

/**
 * Who sees purchase costs, coefficients and margins (quotes, ADR 0010): the roles that write the catalogue,
 * where costs are entered. Sales see sale prices only; nothing of it is ever printed.
 */
export function canSeeCosts(role: string | null | undefined): boolean {
  return can(role, 'catalog', 'write');
}

/**
 * Who sees the scans of a gold seller's identity document (ADR 0012): the roles that read the administration
 * area (superadmin, admin, manager). Sales staff may add a scan at the counter but not look them up afterwards.
 */
export function canSeeIdentityScans(role: string | null | undefined): boolean {
  return can(role, 'admin', 'read');
}

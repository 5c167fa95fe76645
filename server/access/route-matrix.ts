/**
 * THE ACCESS CONTRACT: every /api route of the product, with who may call it (shared/access.ts, ADR 0007).
 * The server enforces each route's own `config.access` declaration; `route-matrix.api.test.ts` walks every
 * route registered in the app and fails when one is missing here or declares other access than this file,
 * then checks every route x role x own/foreign organization against the statuses derived from the matrix.
 *
 * A new route = a new line here (same method, path, access as its declaration).
 *   access  'public'     no session needed (CSRF still applies to POST/PUT/PATCH/DELETE)
 *           'signed-in'  any signed-in user whatever their role (own account, own context)
 *           { area, mode, module? }  needs `can(role, area, mode)`; `module` (derived from the path prefix,
 *           shared/modules.ts) answers 404 when the organization has it turned off
 *   object  the path names one organization-owned object: another organization's id answers 404
 *   signedOut  the status a signed-out visitor gets when it is not the default (401, or "not 401" if public)
 */
import type { AccessMode, Area } from '@shared/access';
import type { ModuleKey } from '@shared/modules';

export type MatrixAccess = 'public' | 'signed-in' | { area: Area; mode: AccessMode; module?: ModuleKey };
export type ObjectKind =
  | 'client'
  | 'supplier'
  | 'stone'
  | 'production-step'
  | 'product'
  | 'project'
  | 'quote'
  | 'gold-buy'
  | 'user'
  | 'log-entry'
  | 'session';

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: MatrixAccess;
  object?: ObjectKind;
  signedOut?: number;
}

/** Superadmin routes take organization and data-source ids across organizations by design (no `object`). */
export const ROUTE_MATRIX: readonly RouteRule[] = [
  { method: 'GET', path: '/api/account', access: 'signed-in' },
  { method: 'PUT', path: '/api/account', access: 'signed-in' },
  { method: 'POST', path: '/api/account/password', access: 'signed-in' },
  { method: 'GET', path: '/api/account/sessions', access: 'signed-in' },
  { method: 'POST', path: '/api/account/sessions/end-others', access: 'signed-in' },
  { method: 'DELETE', path: '/api/account/sessions/:id', access: 'signed-in', object: 'session' },
  { method: 'GET', path: '/api/alloy-prices', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/calibrated-price', access: { area: 'dashboard', mode: 'read', module: 'calibrated' } },
  { method: 'GET', path: '/api/clients', access: { area: 'sales', mode: 'read', module: 'clients' } },
  { method: 'POST', path: '/api/clients', access: { area: 'sales', mode: 'write', module: 'clients' } },
  { method: 'GET', path: '/api/clients/duplicates', access: { area: 'sales', mode: 'read', module: 'clients' } },
  { method: 'GET', path: '/api/clients/export.csv', access: { area: 'sales', mode: 'read', module: 'clients' } },
  { method: 'GET', path: '/api/clients/tags', access: { area: 'sales', mode: 'read', module: 'clients' } },
  { method: 'POST', path: '/api/clients/import', access: { area: 'sales', mode: 'write', module: 'clients' } },
  {
    method: 'GET',
    path: '/api/clients/:id',
    access: { area: 'sales', mode: 'read', module: 'clients' },
    object: 'client',
  },
  {
    method: 'PUT',
    path: '/api/clients/:id',
    access: { area: 'sales', mode: 'write', module: 'clients' },
    object: 'client',
  },
  {
    method: 'PATCH',
    path: '/api/clients/:id',
    access: { area: 'sales', mode: 'write', module: 'clients' },
    object: 'client',
  },
  {
    method: 'DELETE',
    path: '/api/clients/:id',
    access: { area: 'sales', mode: 'write', module: 'clients' },
    object: 'client',
  },
  {
    method: 'POST',
    path: '/api/clients/:id/restore',
    access: { area: 'sales', mode: 'write', module: 'clients' },
    object: 'client',
  },
  { method: 'GET', path: '/api/csrf-token', access: 'public' },
  { method: 'GET', path: '/api/ddpl/random6', access: { area: 'dashboard', mode: 'read', module: 'diamonds' } },
  { method: 'GET', path: '/api/diamonds', access: { area: 'dashboard', mode: 'read', module: 'diamonds' } },
  { method: 'GET', path: '/api/diamonds/placeholder/:file', access: 'public' },
  { method: 'GET', path: '/api/fx/ILS/EUR', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/fx/USD/EUR', access: { area: 'dashboard', mode: 'read' } },
  { method: 'POST', path: '/api/fx/refresh', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/gold-buys', access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' } },
  { method: 'POST', path: '/api/gold-buys', access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' } },
  { method: 'GET', path: '/api/gold-buys/export.csv', access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' } },
  { method: 'GET', path: '/api/gold-buys/summary', access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' } },
  { method: 'GET', path: '/api/gold-buys/register', access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' } },
  {
    method: 'GET',
    path: '/api/gold-buys/register/export.csv',
    access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' },
  },
  {
    method: 'GET',
    path: '/api/gold-buys/:id',
    access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'PUT',
    path: '/api/gold-buys/:id',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'DELETE',
    path: '/api/gold-buys/:id',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/validate',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/pay',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/withdraw',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/melt',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/resell',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'POST',
    path: '/api/gold-buys/:id/correct',
    access: { area: 'goldbuy', mode: 'write', module: 'goldbuy' },
    object: 'gold-buy',
  },
  { method: 'GET', path: '/api/gold-buys/register.pdf', access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' } },
  {
    method: 'GET',
    path: '/api/gold-buys/:id/contract.pdf',
    access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' },
    object: 'gold-buy',
  },
  {
    method: 'GET',
    path: '/api/gold-buys/:id/receipt.pdf',
    access: { area: 'goldbuy', mode: 'read', module: 'goldbuy' },
    object: 'gold-buy',
  },
  { method: 'GET', path: '/api/invitations/:token', access: 'public' },
  { method: 'POST', path: '/api/invitations/:token/accept', access: 'public' },
  { method: 'POST', path: '/api/login', access: 'public' },
  { method: 'POST', path: '/api/logout', access: 'public' },
  { method: 'GET', path: '/api/logs', access: { area: 'journal', mode: 'read' } },
  { method: 'GET', path: '/api/logs/export.csv', access: { area: 'journal', mode: 'read' } },
  { method: 'POST', path: '/api/logs', access: 'public' },
  { method: 'POST', path: '/api/logs/purge', access: { area: 'journal', mode: 'write' } },
  { method: 'GET', path: '/api/logs/stats', access: { area: 'journal', mode: 'read' } },
  { method: 'GET', path: '/api/logs/:id', access: { area: 'journal', mode: 'read' }, object: 'log-entry' },
  { method: 'GET', path: '/api/me/context', access: 'signed-in' },
  { method: 'GET', path: '/api/pricing-settings', access: { area: 'dashboard', mode: 'read' } },
  {
    method: 'GET',
    path: '/api/production-steps',
    access: { area: 'production', mode: 'read', module: 'production-steps' },
  },
  {
    method: 'POST',
    path: '/api/production-steps',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
  },
  {
    method: 'GET',
    path: '/api/production-steps/export.csv',
    access: { area: 'production', mode: 'read', module: 'production-steps' },
  },
  {
    method: 'POST',
    path: '/api/production-steps/reorder',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
  },
  {
    method: 'GET',
    path: '/api/production-steps/:id',
    access: { area: 'production', mode: 'read', module: 'production-steps' },
    object: 'production-step',
  },
  {
    method: 'PUT',
    path: '/api/production-steps/:id',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
    object: 'production-step',
  },
  {
    method: 'PATCH',
    path: '/api/production-steps/:id',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
    object: 'production-step',
  },
  {
    method: 'DELETE',
    path: '/api/production-steps/:id',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
    object: 'production-step',
  },
  {
    method: 'POST',
    path: '/api/production-steps/:id/restore',
    access: { area: 'production', mode: 'write', module: 'production-steps' },
    object: 'production-step',
  },
  { method: 'GET', path: '/api/products', access: { area: 'catalog', mode: 'read', module: 'products' } },
  { method: 'POST', path: '/api/products', access: { area: 'catalog', mode: 'write', module: 'products' } },
  {
    method: 'POST',
    path: '/api/products/pricing-preview',
    access: { area: 'catalog', mode: 'write', module: 'products' },
  },
  { method: 'GET', path: '/api/products/export.csv', access: { area: 'catalog', mode: 'read', module: 'products' } },
  {
    method: 'GET',
    path: '/api/products/:id/photos/:photoId',
    access: { area: 'catalog', mode: 'read', module: 'products' },
    object: 'product',
  },
  {
    method: 'GET',
    path: '/api/products/:slug',
    access: { area: 'catalog', mode: 'read', module: 'products' },
    object: 'product',
  },
  {
    method: 'PUT',
    path: '/api/products/:slug',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'DELETE',
    path: '/api/products/:slug',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'POST',
    path: '/api/products/:slug/photos',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'PUT',
    path: '/api/products/:slug/photos/order',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'DELETE',
    path: '/api/products/:slug/photos/:photoId',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'GET',
    path: '/api/products/:slug/pricing',
    access: { area: 'catalog', mode: 'read', module: 'products' },
    object: 'product',
  },
  {
    method: 'POST',
    path: '/api/products/:slug/restore',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  {
    method: 'GET',
    path: '/api/products/:slug/snapshots',
    access: { area: 'catalog', mode: 'read', module: 'products' },
    object: 'product',
  },
  {
    method: 'POST',
    path: '/api/products/:slug/snapshots',
    access: { area: 'catalog', mode: 'write', module: 'products' },
    object: 'product',
  },
  { method: 'GET', path: '/api/projects', access: { area: 'sales', mode: 'read', module: 'projects' } },
  { method: 'POST', path: '/api/projects', access: { area: 'sales', mode: 'write', module: 'projects' } },
  { method: 'GET', path: '/api/projects/export.csv', access: { area: 'sales', mode: 'read', module: 'projects' } },
  {
    method: 'GET',
    path: '/api/projects/:id',
    access: { area: 'sales', mode: 'read', module: 'projects' },
    object: 'project',
  },
  {
    method: 'PUT',
    path: '/api/projects/:id',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'PATCH',
    path: '/api/projects/:id',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:id',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'POST',
    path: '/api/projects/:id/restore',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'GET',
    path: '/api/projects/:id/timeline',
    access: { area: 'sales', mode: 'read', module: 'projects' },
    object: 'project',
  },
  {
    method: 'POST',
    path: '/api/projects/:id/notes',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'GET',
    path: '/api/projects/:id/photos',
    access: { area: 'sales', mode: 'read', module: 'projects' },
    object: 'project',
  },
  {
    method: 'POST',
    path: '/api/projects/:id/photos',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  {
    method: 'GET',
    path: '/api/projects/:id/photos/:photoId',
    access: { area: 'sales', mode: 'read', module: 'projects' },
    object: 'project',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:id/photos/:photoId',
    access: { area: 'sales', mode: 'write', module: 'projects' },
    object: 'project',
  },
  { method: 'GET', path: '/api/quotes', access: { area: 'sales', mode: 'read', module: 'quotes' } },
  { method: 'POST', path: '/api/quotes', access: { area: 'sales', mode: 'write', module: 'quotes' } },
  { method: 'GET', path: '/api/quotes/export.csv', access: { area: 'sales', mode: 'read', module: 'quotes' } },
  { method: 'GET', path: '/api/quotes/summary', access: { area: 'sales', mode: 'read', module: 'quotes' } },
  { method: 'POST', path: '/api/quotes/pricing-preview', access: { area: 'sales', mode: 'write', module: 'quotes' } },
  {
    method: 'GET',
    path: '/api/quotes/:id',
    access: { area: 'sales', mode: 'read', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'PUT',
    path: '/api/quotes/:id',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'DELETE',
    path: '/api/quotes/:id',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/restore',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/send',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/accept',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/refuse',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/reprice',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/duplicate',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/revise',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'GET',
    path: '/api/quotes/:id/pdf',
    access: { area: 'sales', mode: 'read', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/share',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  {
    method: 'DELETE',
    path: '/api/quotes/:id/share',
    access: { area: 'sales', mode: 'write', module: 'quotes' },
    object: 'quote',
  },
  { method: 'GET', path: '/api/random-diamond', access: 'public' },
  { method: 'POST', path: '/api/register', access: 'public' },
  { method: 'GET', path: '/api/settings', access: { area: 'admin', mode: 'read' } },
  { method: 'PUT', path: '/api/settings', access: { area: 'admin', mode: 'write' } },
  { method: 'GET', path: '/api/settings/logo', access: 'signed-in' },
  { method: 'PUT', path: '/api/settings/logo', access: { area: 'admin', mode: 'write' } },
  { method: 'DELETE', path: '/api/settings/logo', access: { area: 'admin', mode: 'write' } },
  // The client's page of a shared quote: no sign-in, a long random token (404 for an unknown one).
  { method: 'GET', path: '/api/shared-quotes/:token', access: 'public' },
  { method: 'GET', path: '/api/shared-quotes/:token/pdf', access: 'public' },
  { method: 'POST', path: '/api/shared-quotes/:token/accept', access: 'public' },
  { method: 'GET', path: '/api/spot/gold', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/spot/platinum', access: { area: 'dashboard', mode: 'read' } },
  { method: 'POST', path: '/api/spot/refresh', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/spot/silver', access: { area: 'dashboard', mode: 'read' } },
  { method: 'GET', path: '/api/stones', access: { area: 'catalog', mode: 'read', module: 'stones' } },
  { method: 'POST', path: '/api/stones', access: { area: 'catalog', mode: 'write', module: 'stones' } },
  { method: 'GET', path: '/api/stones/export.csv', access: { area: 'catalog', mode: 'read', module: 'stones' } },
  { method: 'POST', path: '/api/stones/import', access: { area: 'catalog', mode: 'write', module: 'stones' } },
  {
    method: 'GET',
    path: '/api/stones/:id',
    access: { area: 'catalog', mode: 'read', module: 'stones' },
    object: 'stone',
  },
  {
    method: 'PUT',
    path: '/api/stones/:id',
    access: { area: 'catalog', mode: 'write', module: 'stones' },
    object: 'stone',
  },
  {
    method: 'PATCH',
    path: '/api/stones/:id',
    access: { area: 'catalog', mode: 'write', module: 'stones' },
    object: 'stone',
  },
  {
    method: 'DELETE',
    path: '/api/stones/:id',
    access: { area: 'catalog', mode: 'write', module: 'stones' },
    object: 'stone',
  },
  {
    method: 'POST',
    path: '/api/stones/:id/restore',
    access: { area: 'catalog', mode: 'write', module: 'stones' },
    object: 'stone',
  },
  { method: 'GET', path: '/api/superadmin/data-sources', access: { area: 'superadmin', mode: 'read' } },
  { method: 'POST', path: '/api/superadmin/data-sources', access: { area: 'superadmin', mode: 'write' } },
  { method: 'GET', path: '/api/superadmin/data-sources/:id', access: { area: 'superadmin', mode: 'read' } },
  { method: 'PATCH', path: '/api/superadmin/data-sources/:id', access: { area: 'superadmin', mode: 'write' } },
  { method: 'POST', path: '/api/superadmin/data-sources/:id/test', access: { area: 'superadmin', mode: 'write' } },
  { method: 'PUT', path: '/api/superadmin/data-sources/:id/prices', access: { area: 'superadmin', mode: 'write' } },
  { method: 'GET', path: '/api/superadmin/organizations', access: { area: 'superadmin', mode: 'read' } },
  { method: 'GET', path: '/api/superadmin/organizations/export.csv', access: { area: 'superadmin', mode: 'read' } },
  { method: 'POST', path: '/api/superadmin/organizations', access: { area: 'superadmin', mode: 'write' } },
  { method: 'GET', path: '/api/superadmin/organizations/:id', access: { area: 'superadmin', mode: 'read' } },
  { method: 'GET', path: '/api/superadmin/organizations/:id/modules', access: { area: 'superadmin', mode: 'read' } },
  { method: 'PUT', path: '/api/superadmin/organizations/:id/modules', access: { area: 'superadmin', mode: 'write' } },
  { method: 'POST', path: '/api/superadmin/organizations/:id/status', access: { area: 'superadmin', mode: 'write' } },
  { method: 'GET', path: '/api/suppliers', access: { area: 'catalog', mode: 'read', module: 'suppliers' } },
  { method: 'POST', path: '/api/suppliers', access: { area: 'catalog', mode: 'write', module: 'suppliers' } },
  { method: 'GET', path: '/api/suppliers/export.csv', access: { area: 'catalog', mode: 'read', module: 'suppliers' } },
  { method: 'POST', path: '/api/suppliers/import', access: { area: 'catalog', mode: 'write', module: 'suppliers' } },
  {
    method: 'GET',
    path: '/api/suppliers/:id',
    access: { area: 'catalog', mode: 'read', module: 'suppliers' },
    object: 'supplier',
  },
  {
    method: 'PUT',
    path: '/api/suppliers/:id',
    access: { area: 'catalog', mode: 'write', module: 'suppliers' },
    object: 'supplier',
  },
  {
    method: 'PATCH',
    path: '/api/suppliers/:id',
    access: { area: 'catalog', mode: 'write', module: 'suppliers' },
    object: 'supplier',
  },
  {
    method: 'DELETE',
    path: '/api/suppliers/:id',
    access: { area: 'catalog', mode: 'write', module: 'suppliers' },
    object: 'supplier',
  },
  {
    method: 'POST',
    path: '/api/suppliers/:id/restore',
    access: { area: 'catalog', mode: 'write', module: 'suppliers' },
    object: 'supplier',
  },
  { method: 'GET', path: '/api/user', access: 'public', signedOut: 401 },
  { method: 'GET', path: '/api/users', access: { area: 'admin', mode: 'read' } },
  { method: 'GET', path: '/api/users/export.csv', access: { area: 'admin', mode: 'read' } },
  { method: 'POST', path: '/api/users', access: { area: 'admin', mode: 'write' } },
  { method: 'GET', path: '/api/users/:id', access: { area: 'admin', mode: 'read' }, object: 'user' },
  { method: 'PATCH', path: '/api/users/:id', access: { area: 'admin', mode: 'write' }, object: 'user' },
  { method: 'POST', path: '/api/users/:id/deactivate', access: { area: 'admin', mode: 'write' }, object: 'user' },
  { method: 'POST', path: '/api/users/:id/invitation', access: { area: 'admin', mode: 'write' }, object: 'user' },
  { method: 'POST', path: '/api/users/:id/reactivate', access: { area: 'admin', mode: 'write' }, object: 'user' },
  { method: 'POST', path: '/api/users/:id/reset-password', access: { area: 'admin', mode: 'write' }, object: 'user' },
];

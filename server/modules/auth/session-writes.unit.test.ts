import { describe, expect, it } from 'vitest';
import { ROUTE_MATRIX } from '../../access/route-matrix';
import { changesSessions } from './session.hook';

describe('which writes drop the loaded sessions', () => {
  it('drops them for writes on users, accounts, organizations, settings and sign-in or out', () => {
    for (const pattern of [
      '/api/users',
      '/api/users/:id',
      '/api/account',
      '/api/account/password',
      '/api/superadmin/organizations/:id/status',
      '/api/settings',
      '/api/pricing-settings',
      '/api/login',
      '/api/logout',
      '/api/register',
      '/api/invitations/:token/accept',
    ]) {
      expect(changesSessions(pattern), String(pattern)).toBe(true);
    }
  });

  it('keeps them for the business writes (clients, quotes, gold buys, stock, work orders...)', () => {
    const business = ROUTE_MATRIX.filter(
      (r) =>
        r.method !== 'GET' &&
        /^\/api\/(clients|suppliers|stones|production-steps|products|projects|quotes|gold-buys|work-orders|diamonds|logs)\b/.test(
          r.path,
        ),
    );
    expect(business.length).toBeGreaterThan(50);
    for (const route of business) expect(changesSessions(route.path), route.path).toBe(false);
    expect(changesSessions('/api/usersettings')).toBe(false);
  });
});

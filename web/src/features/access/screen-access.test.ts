import { describe, expect, it } from 'vitest';
import { screenAccess } from './screen-access';

const none = new Set<string>();

describe('screenAccess', () => {
  it('follows the matrix per role', () => {
    expect(screenAccess('/users', { role: 'admin', mustChangePassword: false, disabledModules: none })).toBe('allowed');
    expect(screenAccess('/users', { role: 'manager', mustChangePassword: false, disabledModules: none })).toBe(
      'allowed',
    );
    expect(screenAccess('/users', { role: 'sales', mustChangePassword: false, disabledModules: none })).toBe('denied');
    expect(
      screenAccess('/superadmin/modules', { role: 'admin', mustChangePassword: false, disabledModules: none }),
    ).toBe('denied');
    expect(screenAccess('/quotes/12', { role: 'production', mustChangePassword: false, disabledModules: none })).toBe(
      'denied',
    );
  });

  it('treats a turned-off module as absent', () => {
    const off = new Set(['goldbuy']);
    expect(screenAccess('/goldbuy/new', { role: 'admin', mustChangePassword: false, disabledModules: off })).toBe(
      'module-off',
    );
    expect(screenAccess('/quotes', { role: 'admin', mustChangePassword: false, disabledModules: off })).toBe('allowed');
  });

  it('sends a user whose password must change to Mon compte, whatever the screen', () => {
    expect(screenAccess('/', { role: 'admin', mustChangePassword: true, disabledModules: none })).toBe(
      'change-password',
    );
    expect(screenAccess('/account', { role: 'sales', mustChangePassword: true, disabledModules: none })).toBe(
      'allowed',
    );
    expect(screenAccess('/account', { role: 'other-role', mustChangePassword: false, disabledModules: none })).toBe(
      'allowed',
    );
  });

  it('refuses a creation or edit screen to a role that may only read its area', () => {
    const user = (role: string) => ({ role, mustChangePassword: false, disabledModules: none });
    for (const path of ['/suppliers/new', '/stones/new', '/production-steps/new']) {
      expect(screenAccess(path, user('sales'))).toBe('denied');
      expect(screenAccess(path, user('admin'))).toBe('allowed');
    }
    expect(screenAccess('/suppliers/new', user('production'))).toBe('denied');
    expect(screenAccess('/production-steps/new', user('production'))).toBe('allowed');
    expect(screenAccess('/suppliers/12', user('sales'))).toBe('allowed');
    expect(screenAccess('/clients/12/edit', user('other-role'))).toBe('denied');
    expect(screenAccess('/quotes', user('other-role'))).toBe('allowed');
    expect(screenAccess('/quotes', user('other-role'), 'write')).toBe('denied');
  });
});

import { describe, expect, it } from 'vitest';
import { areaOfScreen, can, canOpenScreen, matrixRole, modeOfScreen, permissionOf } from './access';

describe('authorization matrix', () => {
  it('gives sales write on clients but nothing on production areas', () => {
    expect(can('sales', 'sales', 'write')).toBe(true);
    expect(can('production', 'sales', 'read')).toBe(false);
    expect(can('sales', 'production', 'read')).toBe(true);
    expect(can('sales', 'production', 'write')).toBe(false);
  });
  it('lets managers read but not write users and settings', () => {
    expect(can('manager', 'admin', 'read')).toBe(true);
    expect(can('manager', 'admin', 'write')).toBe(false);
  });
  it('reserves superadmin areas to superadmins', () => {
    for (const role of ['admin', 'manager', 'sales', 'production', 'jeweller']) {
      expect(can(role, 'superadmin', 'read')).toBe(false);
    }
    expect(can('superadmin', 'superadmin', 'write')).toBe(true);
  });
  it('treats unknown roles as "other"', () => {
    expect(matrixRole('jeweller')).toBe('other');
    expect(permissionOf(undefined, 'sales')).toBe('R');
    expect(can('jeweller', 'goldbuy', 'read')).toBe(false);
  });
  it('maps screens to areas by longest prefix', () => {
    expect(areaOfScreen('/')).toBe('dashboard');
    expect(areaOfScreen('/goldbuy/12/edit')).toBe('goldbuy');
    expect(areaOfScreen('/superadmin/modules')).toBe('superadmin');
    expect(areaOfScreen('/diamond/5')).toBe('dashboard');
    expect(areaOfScreen('/production-steps')).toBe('production');
  });
  it('needs write for creation and edit screens (refused before the form shows)', () => {
    expect(modeOfScreen('/suppliers/new')).toBe('write');
    expect(modeOfScreen('/clients/3/edit')).toBe('write');
    expect(modeOfScreen('/suppliers/3')).toBe('read');
    expect(modeOfScreen('/news')).toBe('read');
    for (const path of ['/suppliers/new', '/stones/new', '/production-steps/new']) {
      expect(canOpenScreen('sales', path)).toBe(false);
      expect(canOpenScreen('manager', path)).toBe(true);
    }
    expect(canOpenScreen('production', '/suppliers/new')).toBe(false);
    expect(canOpenScreen('production', '/stones/new')).toBe(false);
    expect(canOpenScreen('production', '/production-steps/new')).toBe(true);
    expect(canOpenScreen('sales', '/clients/new')).toBe(true);
    expect(canOpenScreen('sales', '/suppliers/3')).toBe(true);
    expect(canOpenScreen('jeweller', '/clients/3/edit')).toBe(false);
  });
});

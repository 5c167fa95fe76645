import { describe, expect, it } from 'vitest';
import { areaOfScreen, can, matrixRole, permissionOf } from './access';

describe('authorization matrix (brief §7)', () => {
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
});

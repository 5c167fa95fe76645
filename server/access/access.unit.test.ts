import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { moduleOfApiPath, moduleOfScreen } from '@shared/modules';
import { maskSecret } from '../modules/superadmin/data-source-view';
import { listApiRoutes } from './list-routes';

describe('modules', () => {
  it('maps API paths and screens to their module by prefix, core paths to none', () => {
    expect(moduleOfApiPath('/api/clients')).toBe('clients');
    expect(moduleOfApiPath('/api/clients/:id/restore')).toBe('clients');
    expect(moduleOfApiPath('/api/clientsx')).toBeNull();
    expect(moduleOfApiPath('/api/calibrated-price')).toBe('calibrated');
    expect(moduleOfApiPath('/api/spot/gold')).toBeNull();
    expect(moduleOfApiPath('/api/random-diamond')).toBeNull();
    expect(moduleOfScreen('/diamond/12')).toBe('diamonds');
    expect(moduleOfScreen('/users')).toBeNull();
  });
});

describe('secrets', () => {
  it('masks a secret to its last 4 characters only when long enough', () => {
    expect(maskSecret('abcdefgh12345678')).toBe('••••5678');
    expect(maskSecret('court')).toBe('••••');
    expect(maskSecret(null)).toBeNull();
  });
});

describe('listApiRoutes', () => {
  it('rebuilds full paths from the route tree, per method, /api only', async () => {
    const app = Fastify();
    for (const url of ['/api/a', '/api/a/:id', '/api/a/:id/x', '/api/ab', '/health']) app.get(url, async () => 1);
    app.post('/api/a/:id/x', async () => 1);
    app.delete('/api/b', async () => 1);
    await app.ready();
    expect(listApiRoutes(app)).toEqual([
      { method: 'GET', path: '/api/a' },
      { method: 'GET', path: '/api/a/:id' },
      { method: 'GET', path: '/api/a/:id/x' },
      { method: 'GET', path: '/api/ab' },
      { method: 'POST', path: '/api/a/:id/x' },
      { method: 'DELETE', path: '/api/b' },
    ]);
    await app.close();
  });
});

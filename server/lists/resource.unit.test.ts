import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { suppliersResource } from '../modules/suppliers/suppliers.resource';
import { registerResource } from './resource';

describe('registerResource', () => {
  it('refuses an importable resource with afterWrite: CSV imports do not run it', () => {
    const app = Fastify();
    expect(() => registerResource(app, { ...suppliersResource, afterWrite: async () => undefined })).toThrow(
      /afterWrite is not run by CSV imports/,
    );
    expect(app.hasRoute({ method: 'GET', url: '/api/suppliers' })).toBe(false);
  });
});

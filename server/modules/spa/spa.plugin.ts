import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../http/errors';

/** dist/web, from the source layout (server/modules/spa) or the bundle (dist/server/main.js). */
export function findWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../web'),
    path.resolve(here, '../../../dist/web'),
    path.resolve(process.cwd(), 'dist/web'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

export interface SpaOptions {
  /** Directory holding index.html and assets/ (default: dist/web). */
  root?: string;
}

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built SPA: hashed files under /assets cached for a year (immutable), other files for an
 * hour, index.html never cached, and any other GET that is not /api/* answers index.html so React
 * Router handles the path (its own 404 page included). Unknown /api paths stay a JSON 404.
 */
export const spaModule = fp<SpaOptions>(
  async (app: FastifyInstance, options) => {
    const root = options.root ?? findWebRoot();
    if (!root) {
      app.log.warn('dist/web not found: run `npm run build` to serve the web app');
      app.get('/*', { config: { public: true } }, async (request, reply) => {
        if (isApiPath(request.url)) throw notFound();
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('Application web non construite : lancez `npm run build`.');
      });
      return;
    }
    const indexHtml = readFileSync(path.join(root, 'index.html'));

    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['**/index.html'],
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });

    // Public: the catch-all must not turn an unknown /api path into a 401. A missing hashed asset is a
    // real 404 (never HTML where the browser expects a script).
    app.get('/*', { config: { public: true } }, async (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) throw notFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
  { name: 'spa' },
);

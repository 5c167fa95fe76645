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

/**
 * True when the path, once decoded and normalised (repeated slashes, dot segments, letter case), names
 * the API: such a request that matched no API route is a JSON 404, never the HTML shell.
 */
export function isApiPath(url: string): boolean {
  const raw = url.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0]?.toLowerCase() === 'api';
}

/** The web app's routes: anyone may fetch them and none needs a session (checked by the authorize plugin). */
const WEB_ROUTE = { config: { public: true, sessionless: true } } as const;

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
      app.get('/*', WEB_ROUTE, async (request, reply) => {
        if (isApiPath(request.url)) throw notFound();
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('Application web non construite : lancez `npm run build`.');
      });
      return;
    }
    const indexHtml = readFileSync(path.join(root, 'index.html'));

    await app.register(async (files) => {
      // @fastify/static takes no route config: its routes are marked here, before the app is ready.
      files.addHook('onRoute', (route) => {
        route.config = Object.assign(route.config ?? {}, WEB_ROUTE.config);
      });
      await files.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        globIgnore: ['**/index.html'],
        setHeaders: (reply, filePath) => {
          const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
          void reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    });

    // Public: the catch-all must not turn an unknown /api path into a 401. A missing hashed asset is a
    // real 404 (never HTML where the browser expects a script).
    app.get('/*', WEB_ROUTE, async (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) throw notFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
  { name: 'spa' },
);

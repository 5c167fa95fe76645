import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  diamondSearchQuerySchema,
  random6QuerySchema,
  type DiamondListing,
  type RandomDiamond,
} from '@shared/schemas/diamonds';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { diamondImageUrl, PLACEHOLDER_PATH } from './diamond-images';
import { placeholderSvg } from './diamond-placeholders';
import { registerDiamondFeedImportRoute } from './feed/diamond-feed-import.routes';
import { registerDiamondFeedRoutes } from './feed/diamond-feeds.routes';
import { searchDiamonds } from './diamond-search';
import { pickRandom6, pickRandomDiamonds, type DiamondRow } from './random-diamonds';

/**
 * Diamond catalogue (ADR 0005): the installation-wide stones (the demo catalogue) that every organization sees,
 * and each organization's stones imported from its own supplier feeds, which only it sees. Routes: README.md.
 */
export const diamondsModule = fp(
  async (app: FastifyInstance) => {
    const imageUrl = (row: DiamondRow): string => diamondImageUrl(app.config.diamondImageUrlTemplate, row);

    app.get(
      '/api/ddpl/random6',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (request, reply): Promise<DiamondListing[]> => {
        if (!request.user) throw unauthenticated();
        const query = parseInput(random6QuerySchema, request.query);
        const scope = { organizationId: request.user.organizationId };
        const rows = await pickRandom6(app.db, scope, { min: query.weight_min, max: query.weight_max });
        // Each call must be a new draw (the refresh button refetches the same URL).
        void reply.header('cache-control', 'no-store');
        return rows.map((row) => ({ ...row, imageUrl: imageUrl(row) }));
      },
    );

    app.get(
      '/api/diamonds',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (
        request,
      ): Promise<{ items: DiamondListing[]; total: number; totalCapped: boolean; page: number; pageSize: number }> => {
        const query = parseInput(diamondSearchQuerySchema, request.query);
        const scope = { organizationId: request.user!.organizationId };
        const { rows, total, capped } = await searchDiamonds(app.db, scope, query);
        return {
          items: rows.map((row) => ({ ...row, imageUrl: imageUrl(row) })),
          total,
          totalCapped: capped,
          page: query.page,
          pageSize: query.pageSize,
        };
      },
    );

    app.get('/api/random-diamond', { config: { public: true } }, async (_request, reply): Promise<RandomDiamond> => {
      // Public (the sign-in page): only the installation-wide stones, never a shop's imported stock.
      const [row] = await pickRandomDiamonds(app.db, 1, 'installation');
      if (!row) throw notFound('Aucun diamant disponible dans le catalogue');
      // The sign-in showcase keeps it 5 minutes client-side; the browser may too.
      void reply.header('cache-control', 'private, max-age=300');
      return {
        id: row.id,
        ref: row.ref,
        shape: row.shape,
        weightCt: row.carats,
        color: row.color,
        clarity: row.clarity,
        lab: row.lab,
        media: { images: [imageUrl(row)] },
      };
    });

    app.get<{ Params: { file: string } }>(
      `${PLACEHOLDER_PATH}/:file`,
      { config: { public: true, sessionless: true } },
      async (request, reply) => {
        const match = /^([A-Za-z]{1,20})\.svg$/.exec(request.params.file);
        const svg = match ? placeholderSvg(match[1]!) : null;
        if (!svg) throw new AppError('NOT_FOUND', 'Forme inconnue');
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=604800, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );

    registerDiamondFeedRoutes(app);
    await registerDiamondFeedImportRoute(app);
  },
  { name: 'diamonds' },
);

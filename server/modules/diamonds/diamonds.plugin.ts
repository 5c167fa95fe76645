import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  diamondSearchQuerySchema,
  random6QuerySchema,
  type DiamondDetail,
  type DiamondFacets,
  type DiamondListing,
  type DiamondSearchResult,
  type RandomDiamond,
} from '@shared/schemas/diamonds';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { diamondImageUrl, PLACEHOLDER_PATH } from './diamond-images';
import { placeholderSvg } from './diamond-placeholders';
import { registerDiamondFeedImportRoute } from './feed/diamond-feed-import.routes';
import { registerDiamondFeedRoutes } from './feed/diamond-feeds.routes';
import { registerFeedScheduler } from './feed/feed-scheduler';
import { diamondFacets, findDiamond, searchDiamonds } from './diamond-search';
import { pickRandomDiamonds, type DiamondRow } from './random-diamonds';
import { RandomSamples } from './random-sample';

/** How long the filter values of an organization's catalogue are kept in memory. */
export const FACETS_TTL_MS = 5 * 60_000;

/**
 * Diamond catalogue (ADR 0005): the installation-wide stones (the demo catalogue) that every organization sees,
 * and each organization's stones imported from its own supplier feeds, which only it sees. Routes: README.md.
 */
export const diamondsModule = fp(
  async (app: FastifyInstance) => {
    const imageUrl = (row: DiamondRow): string => diamondImageUrl(app.config.diamondImageUrlTemplate, row);
    // The six random stones come from a sample kept in memory per organization and weight range (random-sample.ts).
    const samples = new RandomSamples(
      (limit, scope, range) => pickRandomDiamonds(app.db, limit, scope, range),
      () => app.now().getTime(),
    );

    app.get(
      '/api/ddpl/random6',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (request, reply): Promise<DiamondListing[]> => {
        if (!request.user) throw unauthenticated();
        const query = parseInput(random6QuerySchema, request.query);
        const scope = { organizationId: request.user.organizationId };
        const rows = await samples.pick(scope, { min: query.weight_min, max: query.weight_max });
        // Each call must be a new draw (the refresh button refetches the same URL).
        void reply.header('cache-control', 'no-store');
        return rows.map((row) => ({ ...row, imageUrl: imageUrl(row) }));
      },
    );

    app.get(
      '/api/diamonds',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (request): Promise<DiamondSearchResult> => {
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

    // The facets cost one pass over the available stones: kept FACETS_TTL_MS per organization. Past that, the
    // kept answer is still served while one new query runs (readers never wait for it but the first one); a
    // failed query is not kept.
    const facets = new Map<string, { at: number; answer: Promise<DiamondFacets>; refreshing?: boolean }>();
    const loadFacets = (organizationId: string): Promise<DiamondFacets> => {
      const answer = diamondFacets(app.db, { organizationId });
      return answer.then((value) => {
        facets.set(organizationId, { at: Date.now(), answer: Promise.resolve(value) });
        return value;
      });
    };
    app.get(
      '/api/diamonds/facets',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (request): Promise<DiamondFacets> => {
        const organizationId = request.user!.organizationId;
        const cached = facets.get(organizationId);
        if (!cached) {
          const answer = loadFacets(organizationId);
          facets.set(organizationId, { at: Date.now(), answer, refreshing: true });
          answer.catch(() => facets.delete(organizationId));
          return answer;
        }
        if (Date.now() - cached.at >= FACETS_TTL_MS && !cached.refreshing) {
          cached.refreshing = true;
          loadFacets(organizationId).catch((error: unknown) => {
            cached.refreshing = false;
            request.log.warn({ err: error }, 'diamond facets refresh failed');
          });
        }
        return cached.answer;
      },
    );

    // Only digits name a stone. Anything else answers 404 before the input checks: the path would otherwise be
    // an odd spelling of a sibling route (`/api/diamonds/feeds%00` is not the admin's feed list).
    const STONE_ID = /^\d{1,18}$/;
    app.get<{ Params: { id: string } }>(
      '/api/diamonds/:id',
      {
        config: { access: { area: 'dashboard', mode: 'read' } },
        onRequest: (request, _reply, done) => {
          done(STONE_ID.test(request.params.id) ? undefined : notFound('Diamant introuvable'));
        },
      },
      async (request): Promise<DiamondDetail> => {
        const scope = { organizationId: request.user!.organizationId };
        const row = await findDiamond(app.db, scope, request.params.id);
        // Another organization's stone answers like a missing one.
        if (!row) throw notFound('Diamant introuvable');
        return { ...row, imageUrl: imageUrl(row) };
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
    await registerDiamondFeedImportRoute(app, registerFeedScheduler(app));
  },
  { name: 'diamonds' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { calibratedPriceQuerySchema, type CalibratedPrice } from '@shared/schemas/diamonds';
import { unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { calibratedPrice, findRange } from './calibrated-ranges';
import { CalibratedRangeStore } from './calibrated-ranges.store';

declare module 'fastify' {
  interface FastifyInstance {
    /** In-memory calibrated range table; call `invalidate()` after editing calibrated_price_ranges. */
    calibratedRanges: CalibratedRangeStore;
  }
}

/** Current USD/EUR from the market engine (null when it has none or is not loaded). */
function currentUsdEur(app: FastifyInstance): string | null {
  if (!app.hasDecorator('market')) return null;
  try {
    return app.market.getFx('USD/EUR')?.value ?? null;
  } catch {
    return null;
  }
}

/** GET /api/calibrated-price?mm=&clarity=: melee price per carat and per stone. */
export const calibratedModule = fp(
  async (app: FastifyInstance) => {
    const store = new CalibratedRangeStore(app.db);
    app.decorate('calibratedRanges', store);

    app.get(
      '/api/calibrated-price',
      { config: { access: { area: 'dashboard', mode: 'read' } } },
      async (request): Promise<CalibratedPrice> => {
        if (!request.user) throw unauthenticated();
        const { mm, clarity } = parseInput(calibratedPriceQuerySchema, request.query);
        const range = findRange(await store.get(), clarity, mm);
        return calibratedPrice(range, mm, currentUsdEur(app));
      },
    );
  },
  { name: 'calibrated' },
);

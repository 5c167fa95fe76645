import fp from 'fastify-plugin';
import pg from 'pg';
import { alwaysLeader, pgAdvisoryLock, type LeaderLock } from './leader-lock';
import { registerMarketHistoryRoutes } from './market-history.routes';
import { registerMarketRoutes } from './market.routes';
import { MarketEngine } from './market.service';
import { createSecretBox } from './secret-box';
import type { Db } from '../../db/client';
import './market.types';

/** The node-postgres pool behind a Drizzle handle (PGlite has none: one process, always leader). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Market data module: decorates `app.market` (the engine), serves the spot, fx and alloy
 * routes from memory, loads the cache when the app is ready and polls when MARKET_POLL_MS > 0.
 */
export const marketModule = fp(
  async (app) => {
    const pool = app.dbHandle.kind === 'postgres' ? poolOf(app.db) : null;
    const lock: LeaderLock = pool ? pgAdvisoryLock(pool) : alwaysLeader();
    const engine = new MarketEngine({
      db: app.db,
      log: app.log.child({ module: 'market' }),
      now: () => app.now(),
      secretBox: createSecretBox(app.config.sessionSecret),
      lock,
      pollMs: app.config.marketPollMs,
      // Other nodes reload the readings as soon as this one stored them (a poll, a manual price).
      onStored: () => void app.changes.publish({ kind: 'market' }),
    });
    app.changes.on('market', () => engine.reloadFromDb());
    app.decorate('market', engine);
    registerMarketRoutes(app, engine);
    registerMarketHistoryRoutes(app);
    app.addHook('onReady', async () => {
      await engine.init();
      engine.start();
    });
    app.addHook('onClose', async () => {
      await engine.stop();
    });
  },
  { name: 'market' },
);

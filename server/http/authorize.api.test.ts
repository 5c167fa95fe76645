import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../test/harness';

/** A route with no access declaration fails closed (ADR 0007), at start rather than at the first request. */
describe('routes without an access declaration', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('stop the app from starting, naming the route', async () => {
    const db = await openTestDatabase();
    drop = db.drop;
    const app = await buildApp({ handle: db.handle, config: testConfig() });
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    await app.close().catch(() => undefined);
  });

  it('also when the route only says it needs no session', async () => {
    const db = await openTestDatabase();
    drop = db.drop;
    const app = await buildApp({ handle: db.handle, config: testConfig() });
    app.get('/api/files-only', { config: { sessionless: true } }, async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/files-only/);
    await app.close().catch(() => undefined);
  });
});

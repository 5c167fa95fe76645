import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { isUniqueViolation, pgErrorCode, UNIQUE_VIOLATION } from './pg-errors';
import { organizations } from './schema';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('the query was expected to fail');
    },
    (error: unknown) => error,
  );

describe('PostgreSQL errors, as both drivers and Drizzle report them', () => {
  it('recognises a unique violation and names its constraint', async () => {
    await handle.db.insert(organizations).values({ name: 'Une', slug: 'meme-slug' });
    const error = await failure(handle.db.insert(organizations).values({ name: 'Deux', slug: 'meme-slug' }));
    expect(pgErrorCode(error)).toEqual({ code: UNIQUE_VIOLATION, constraint: 'organizations_slug_key' });
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'organizations_slug_key')).toBe(true);
    expect(isUniqueViolation(error, 'users_username_lower_idx')).toBe(false);
  });

  it('tells other errors apart', async () => {
    const notNull = await failure(handle.exec('INSERT INTO organizations (slug) VALUES (NULL)'));
    expect(pgErrorCode(notNull).code).toBe('23502');
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(pgErrorCode(new Error('réseau'))).toEqual({});
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation({ code: 'ECONNRESET' })).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { freeSlug } from './free-slug';
import { organizations } from './schema';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

async function addOrganization(slug: string): Promise<string> {
  const [row] = await handle.db.insert(organizations).values({ name: slug, slug }).returning({ id: organizations.id });
  return row!.id;
}

describe('freeSlug', () => {
  it('answers the base when free, else the first free -2, -3...', async () => {
    const column = organizations.slug;
    expect(await freeSlug(handle.db, column, 'atelier-lune')).toBe('atelier-lune');
    await addOrganization('atelier-lune');
    expect(await freeSlug(handle.db, column, 'atelier-lune')).toBe('atelier-lune-2');
    await addOrganization('atelier-lune-2');
    await addOrganization('atelier-lune-3');
    expect(await freeSlug(handle.db, column, 'atelier-lune')).toBe('atelier-lune-4');
    // A longer slug that merely starts with the base is not a copy of it.
    expect(await freeSlug(handle.db, column, 'atelier')).toBe('atelier');
  });

  it('stays inside the scope it is given (e.g. one organization)', async () => {
    await handle.db.insert(organizations).values({ name: 'Perle', slug: 'perle', status: 'suspended' });
    const active = eq(organizations.status, 'active');
    const suspended = eq(organizations.status, 'suspended');
    expect(await freeSlug(handle.db, organizations.slug, 'perle', active)).toBe('perle');
    expect(await freeSlug(handle.db, organizations.slug, 'perle', suspended)).toBe('perle-2');
  });
});

import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from './schema';
import { userIdentityColumns } from './user-columns';

describe('userIdentityColumns', () => {
  it('selects columns of the users table, never the password hash', () => {
    const names = Object.values(userIdentityColumns).map((column) => column.name);
    const table = getTableConfig(users).columns.map((column) => column.name);
    expect(names.every((name) => table.includes(name))).toBe(true);
    expect(names).not.toContain('password_hash');
    expect(names).toEqual(['id', 'organization_id', 'username', 'email', 'first_name', 'last_name', 'role']);
  });
});

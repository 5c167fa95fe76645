/**
 * The Drizzle schema (server/db/schema.ts) against the database the migrations build (the source of
 * truth): every table and column, its type, nullability and default, primary keys, unique constraints,
 * foreign keys, and every index the schema names. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 * Generic on purpose: a new migration and its schema change are checked without touching this file.
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import * as schema from './schema';

/** Tables the migrator keeps for itself (server/db/migrate.ts), not part of the app's schema. */
const MIGRATOR_TABLES = new Set(['schema_migrations']);

const dialect = new PgDialect();
const tables = (Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[]).map((table) =>
  getTableConfig(table),
);

interface DbColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
  generated: string;
}
interface DbConstraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  foreign_table: string | null;
  foreign_columns: string[] | null;
  on_delete: string;
}
interface DbIndex {
  table: string;
  name: string;
  unique: boolean;
  keys: string[];
  predicate: string | null;
}

const COLUMNS_SQL = `
SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_expr, a.attgenerated::text AS generated
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT c.relname AS table, con.conname AS name, con.contype::text AS type,
       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, i)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.i) AS columns,
       fc.relname::text AS foreign_table,
       CASE WHEN con.contype = 'f' THEN
         ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, i)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.i) END AS foreign_columns,
       con.confdeltype::text AS on_delete
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class fc ON fc.oid = con.confrelid
WHERE n.nspname = 'public' AND con.contype IN ('p', 'u', 'f')`;

const INDEXES_SQL = `
SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique,
       ARRAY(SELECT pg_get_indexdef(ix.indexrelid, k, true)
                    || CASE WHEN (ix.indoption[k - 1] & 1) = 1 THEN ' desc' ELSE '' END
             FROM generate_series(1, ix.indnkeyatts) AS k ORDER BY k) AS keys,
       pg_get_expr(ix.indpred, ix.indrelid, true) AS predicate
FROM pg_index ix
JOIN pg_class i ON i.oid = ix.indexrelid
JOIN pg_class t ON t.oid = ix.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public'`;

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** A cast as PostgreSQL prints it: `::text`, `::character varying(20)`, `::timestamp with time zone`, `::text[]`. */
const CAST =
  /::(?:character varying|double precision|timestamp(?:\(\d+\))? with(?:out)? time zone|time with(?:out)? time zone|[a-z_][a-z_0-9]*)(?:\(\d+(?:,\s*\d+)?\))?(?:\[\])?/gi;

/**
 * An SQL expression as comparable text: no table qualifiers, quotes around names, casts, grouping
 * parentheses (PostgreSQL prints `(a || b) || c` for `a || b || c`) or case differences outside literals.
 */
function normalizeExpression(text: string): string {
  const flat = text
    .replace(/"[a-z_0-9]+"\./g, '')
    .replace(/"/g, '')
    .replace(CAST, '')
    .replace(/\s+/g, ' ')
    .trim()
    // Keywords and names in lower case, string literals as they are.
    .replace(/('(?:[^']|'')*')|[^']+/g, (part, literal: string | undefined) => literal ?? part.toLowerCase());
  return withoutGroupingParentheses(flat).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

/** Drops the parentheses that only group (not those of a function call or of a string literal). */
function withoutGroupingParentheses(text: string): string {
  const drop = new Set<number>();
  const open: Array<{ at: number; call: boolean }> = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") inString = !inString;
    if (inString) continue;
    if (ch === '(') open.push({ at: i, call: /[a-z_0-9]$/.test(text.slice(0, i)) });
    if (ch === ')') {
      const start = open.pop();
      if (start && !start.call) drop.add(start.at).add(i);
    }
  }
  return [...text].map((ch, i) => (drop.has(i) ? ' ' : ch)).join('');
}

function render(value: SQL): string {
  return dialect.sqlToQuery(value).sql;
}

/** A default as comparable text: literals unquoted, JSON canonical, expressions normalized. */
function normalizeDefault(text: string): string {
  const expression = normalizeExpression(text);
  const literal = /^'(.*)'$/s.exec(expression)?.[1]?.replace(/''/g, "'") ?? expression;
  try {
    return JSON.stringify(JSON.parse(literal));
  } catch {
    return literal;
  }
}

function drizzleDefault(column: PgColumn): string | undefined {
  const value: unknown = column.default;
  if (value === undefined) return undefined;
  if (is(value, SQL)) return normalizeDefault(render(value));
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return normalizeDefault(`'${String(value).replace(/'/g, "''")}'`);
}

const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** Drizzle's SQL type in PostgreSQL's `format_type` spelling. */
function drizzleType(column: PgColumn): string {
  const type = column
    .getSQLType()
    .replace(/\s*\(\s*/g, '(')
    .replace(/\s*,\s*/g, ',')
    .replace(/^varchar/, 'character varying')
    .replace(/^char\b/, 'character');
  return SERIAL_TYPES[type] ?? type;
}

const isSerial = (column: PgColumn): boolean => column.getSQLType() in SERIAL_TYPES;

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let dbColumns: DbColumn[];
let dbConstraints: DbConstraint[];
let dbIndexes: DbIndex[];

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  await handle.withConnection(async (c) => {
    dbColumns = await c.query<DbColumn>(COLUMNS_SQL);
    dbConstraints = await c.query<DbConstraint>(CONSTRAINTS_SQL);
    dbIndexes = await c.query<DbIndex>(INDEXES_SQL);
  });
});
afterAll(async () => {
  await drop();
});

const appTables = (): string[] =>
  [...new Set(dbColumns.map((c) => c.table))].filter((t) => !MIGRATOR_TABLES.has(t)).sort();

describe('Drizzle schema = migrated database', () => {
  it('declares exactly the tables the migrations create', () => {
    expect(tables.map((t) => t.name).sort()).toEqual(appTables());
  });

  it('declares every column with its type, nullability, default and generation', () => {
    const mismatches: string[] = [];
    for (const table of tables) {
      const inDb = new Map(dbColumns.filter((c) => c.table === table.name).map((c) => [c.column, c]));
      for (const column of table.columns) {
        const where = `${table.name}.${column.name}`;
        const db = inDb.get(column.name);
        inDb.delete(column.name);
        if (!db) {
          mismatches.push(`${where}: in the schema, not in the database`);
          continue;
        }
        if (drizzleType(column) !== db.type) mismatches.push(`${where}: type ${drizzleType(column)} ≠ ${db.type}`);
        if (column.notNull !== db.not_null)
          mismatches.push(`${where}: ${column.notNull ? 'NOT NULL' : 'nullable'} in the schema, not in the database`);

        const generated = column.generated?.as;
        if (generated !== undefined || db.generated === 's') {
          const expected = is(generated, SQL) ? normalizeExpression(render(generated)) : String(generated);
          const actual = db.generated === 's' && db.default_expr ? normalizeExpression(db.default_expr) : undefined;
          if (expected !== actual) mismatches.push(`${where}: generated as ${expected} ≠ ${actual ?? 'not generated'}`);
          continue;
        }
        if (isSerial(column)) {
          if (!db.default_expr?.startsWith('nextval(')) mismatches.push(`${where}: serial without a sequence`);
          continue;
        }
        const expected = drizzleDefault(column);
        const actual = db.default_expr === null ? undefined : normalizeDefault(db.default_expr);
        if (expected !== actual) mismatches.push(`${where}: default ${expected ?? 'none'} ≠ ${actual ?? 'none'}`);
      }
      for (const name of inDb.keys()) mismatches.push(`${table.name}.${name}: in the database, not in the schema`);
    }
    expect(mismatches).toEqual([]);
  });

  it('declares the primary keys', () => {
    const fromSchema = tables.map((t) => {
      const columns = t.primaryKeys[0]?.columns ?? t.columns.filter((c) => c.primary);
      return `${t.name} (${columns.map((c) => c.name).join(', ')})`;
    });
    const fromDb = appTables().map((name) => {
      const pk = dbConstraints.find((c) => c.table === name && c.type === 'p');
      return `${name} (${pk?.columns.join(', ') ?? ''})`;
    });
    expect(fromSchema.sort()).toEqual(fromDb.sort());
  });

  it('declares the unique constraints (unique indexes without a constraint are not compared)', () => {
    const fromSchema = tables.flatMap((t) => [
      ...t.columns.filter((c) => c.isUnique).map((c) => `${t.name} (${c.name})`),
      ...t.uniqueConstraints.map((u) => `${t.name} (${u.columns.map((c) => c.name).join(', ')})`),
    ]);
    const fromDb = dbConstraints
      .filter((c) => c.type === 'u' && !MIGRATOR_TABLES.has(c.table))
      .map((c) => `${c.table} (${c.columns.join(', ')})`);
    expect(fromSchema.sort()).toEqual(fromDb.sort());
  });

  it('declares the foreign keys with their ON DELETE', () => {
    const fromSchema = tables.flatMap((t) =>
      t.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = getTableConfig(ref.foreignTable).name;
        const on = fk.onDelete ?? 'no action';
        return `${t.name} (${ref.columns.map((c) => c.name).join(', ')}) -> ${target} (${ref.foreignColumns.map((c) => c.name).join(', ')}) on delete ${on}`;
      }),
    );
    const fromDb = dbConstraints
      .filter((c) => c.type === 'f')
      .map(
        (c) =>
          `${c.table} (${c.columns.join(', ')}) -> ${c.foreign_table} (${(c.foreign_columns ?? []).join(', ')}) on delete ${ON_DELETE[c.on_delete]}`,
      );
    expect(fromSchema.sort()).toEqual(fromDb.sort());
  });

  it('has every index the schema names, with its keys, order, uniqueness and predicate', () => {
    const mismatches: string[] = [];
    for (const table of tables) {
      for (const index of table.indexes) {
        const { name, columns, unique, where } = index.config;
        const db = dbIndexes.find((i) => i.name === name);
        if (!name || !db) {
          mismatches.push(`${table.name}: index ${name ?? '(unnamed)'} is not in the database`);
          continue;
        }
        const keys = columns.map((key) => {
          if (is(key, SQL)) return normalizeExpression(render(key));
          const order = (key as { indexConfig?: { order?: string } }).indexConfig?.order === 'desc' ? ' desc' : '';
          return `${(key as IndexedColumn).name}${order}`;
        });
        const dbKeys = db.keys.map((k) => normalizeExpression(k));
        if (db.table !== table.name) mismatches.push(`${name}: on ${db.table}, not ${table.name}`);
        if (keys.join(', ') !== dbKeys.join(', '))
          mismatches.push(`${name}: (${keys.join(', ')}) ≠ (${dbKeys.join(', ')})`);
        if (unique !== db.unique) mismatches.push(`${name}: unique ${unique} ≠ ${db.unique}`);
        const predicate = where ? normalizeExpression(render(where)) : null;
        const dbPredicate = db.predicate ? normalizeExpression(db.predicate) : null;
        if (predicate !== dbPredicate) mismatches.push(`${name}: WHERE ${predicate} ≠ ${dbPredicate}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

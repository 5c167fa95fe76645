import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('advisory lock ids', () => {
  it('are distinct integers that PostgreSQL accepts as a bigint key', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
  });

  it('are written nowhere else: every advisory lock of the server takes its id from the registry', () => {
    const registry = path.join(serverDir, 'db', 'advisory-locks.ts');
    const offenders: string[] = [];
    for (const file of sourceFiles(serverDir)) {
      if (file === registry) continue;
      const text = readFileSync(file, 'utf8');
      // A literal id in a lock call, or one of the registry's numbers spelled out.
      const literalLock = /pg_(try_)?advisory_(xact_)?(un)?lock\(\s*\d/.test(text);
      const spelledId = Object.values(ADVISORY_LOCKS).some((id) =>
        new RegExp(`\\b(${id}|${String(id).replace(/(\d{3})$/, '_$1')})\\b`).test(text),
      );
      const unregistered = /pg_(try_)?advisory_/.test(text) && !/from '[./]+(db\/)?advisory-locks'/.test(text);
      if (literalLock || spelledId || unregistered) offenders.push(path.relative(serverDir, file));
    }
    expect(offenders).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer } from './app-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(path.join(tmpdir(), 'pricer-ops-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run backup|restore` as package.json runs it: plain Node on the built command, no TypeScript runner. */
function runOps(
  command: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/ops.mjs'), command, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run backup / restore from the build', () => {
  it('backs up a shop, restores it into an empty directory, and a server starts on the copy', async () => {
    const original = path.join(work, 'original');
    const server = await startAppServer({ dataDir: original });
    await server.stopKeepData();

    const file = path.join(work, 'shop.tar.gz');
    const backup = runOps('backup', ['--out', file], original);
    expect(backup.output).toContain('Sauvegarde terminée');
    expect(backup.status).toBe(0);
    expect(existsSync(`${file}.json`)).toBe(true);

    const copy = path.join(work, 'copy');
    const restore = runOps('restore', [file], copy);
    expect(restore.output).toContain('Comptes et empreintes identiques à la sauvegarde');
    expect(restore.status).toBe(0);

    const restored = await startAppServer({ dataDir: copy });
    try {
      expect(restored.output()).toContain('Comptes de démonstration');
    } finally {
      await restored.stopKeepData();
    }
  });

  it('says how to call it when the command is unknown', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/ops.mjs'), 'drop-everything'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage : node scripts/ops.mjs <backup|restore>');
  });
});

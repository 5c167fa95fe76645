import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, LOCK_FILE } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pricer-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Another process, alive until killed. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return child;
}

describe('one process per embedded data directory', () => {
  it('takes the lock while open and gives it back on close', async () => {
    const dir = tempDir();
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a directory another live process holds, and takes over the lock of a dead one', async () => {
    const dir = tempDir();
    const holder = otherProcess();
    try {
      writeFileSync(path.join(dir, LOCK_FILE), String(holder.pid));
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/déjà utilisé par le processus/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder died without giving the lock back: the next server takes it.
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await handle.close();
  });
});

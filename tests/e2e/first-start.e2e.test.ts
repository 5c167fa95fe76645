import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startAppServer } from './app-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pricer-first-start-'));
  dirs.push(dir);
  return dir;
};

/** The ids of the processes whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which sits between parentheses: state, then the parent's id.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** Runs the built server on `dataDir` until it exits (here: it must refuse to start). */
async function runServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
  return { code, output };
}

describe('first start on an empty DATA_DIR (the database is prepared by a child process)', () => {
  it('seeds the demo data, then serves it from the server itself, which holds the data directory', async () => {
    const dataDir = tempDir();
    const server = await startAppServer({ dataDir });
    try {
      expect(server.output()).toContain('Comptes de démonstration');
      expect(readFileSync(path.join(dataDir, 'pricer.lock'), 'utf8')).toBe(String(server.pid));
      expect(childrenOf(server.pid)).toEqual([]);
      const csrf = await fetch(`${server.url}/api/csrf-token`);
      const cookie = csrf.headers.get('set-cookie')?.split(';')[0] ?? '';
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
        body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stopKeepData();
    }
    // Started again on the same directory: nothing to prepare, the same accounts.
    const again = await startAppServer({ dataDir });
    try {
      expect(again.output()).toContain('Comptes de démonstration');
    } finally {
      await again.stopKeepData();
    }
  });

  it('does not start on a disk below MIN_FREE_DISK_MB, and says so without a stack', async () => {
    const dataDir = tempDir();
    const { code, output } = await runServer(dataDir, { MIN_FREE_DISK_MB: '100000000' });
    expect(code).toBe(1);
    expect(output).toMatch(
      /Échec du démarrage : espace disque insuffisant pour la base de données \([\d\s\u202f]+ Mo libres, minimum 100\s000\s000 Mo\) dans .+ : libérez de la place \(ou abaissez MIN_FREE_DISK_MB\)/,
    );
    expect(output).not.toContain('    at ');
  });

  it('stops with the explained reason when the preparation fails (here: another process holds the directory)', async () => {
    const dataDir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, 'pricer.lock'), String(holder.pid));
      const { code, output } = await runServer(dataDir);
      expect(code).toBe(1);
      expect(output).toContain('Échec du démarrage');
      expect(output).toContain(`déjà utilisé par le processus ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

/** Starts the built app (dist/server/main.js) as a real process on a free port with its own PGlite DATA_DIR. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppServer {
  url: string;
  dataDir: string;
  /** The server's process id. */
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /** Stops the process but keeps DATA_DIR (to edit the database, then start again on it). */
  stopKeepData(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, as a crash or a power cut would). */
  killHard(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/csrf-token`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`app not ready after ${timeoutMs} ms:\n${output()}`);
}

export async function startAppServer(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<AppServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pricer-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DIAMOND_COUNT: '400',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitReady(url, child, () => log);
  const kill = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => log,
    stopKeepData: kill,
    killHard: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    stop: async () => {
      await kill();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientLogInput } from '@shared/schemas/logs';
import { configureApiClient } from './api-client';
import { ClientLogger } from './logger';

/** A sender whose calls stay pending until the test settles them. */
function controlledSender() {
  const calls: Array<{ entry: ClientLogInput; resolve: () => void; reject: (e: Error) => void }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (entry: ClientLogInput) =>
    new Promise<void>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = () => (inFlight -= 1);
      calls.push({
        entry,
        resolve: () => (done(), resolve()),
        reject: (e) => (done(), reject(e)),
      });
    });
  return { send, calls, maxInFlight: () => maxInFlight };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.restoreAllMocks());

describe('ClientLogger', () => {
  it('posts error entries one at a time, in order', async () => {
    const sender = controlledSender();
    const log = new ClientLogger(sender.send);
    log.error('a');
    log.error('b');
    log.error('c');
    await tick();
    expect(sender.calls.map((c) => c.entry.message)).toEqual(['a']);
    expect(log.pending).toBe(2);
    sender.calls[0]?.resolve();
    await tick();
    expect(sender.calls.map((c) => c.entry.message)).toEqual(['a', 'b']);
    sender.calls[1]?.resolve();
    await tick();
    sender.calls[2]?.resolve();
    await log.whenIdle();
    expect(sender.calls.map((c) => c.entry.message)).toEqual(['a', 'b', 'c']);
    expect(sender.maxInFlight()).toBe(1);
  });

  it('keeps only errors for the server, with source "frontend" by default', async () => {
    const sender = controlledSender();
    const log = new ClientLogger(sender.send);
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('boom', { stack: 'Error: boom\n at x', context: { route: '/' } });
    await tick();
    expect(sender.calls).toHaveLength(1);
    expect(sender.calls[0]?.entry).toEqual({
      level: 'error',
      source: 'frontend',
      message: 'boom',
      stack: 'Error: boom\n at x',
      context: { route: '/' },
    });
    expect(log.history.map((e) => e.level)).toEqual(['debug', 'info', 'warn', 'error']);
    sender.calls[0]?.resolve();
    await log.whenIdle();
  });

  it('bounds the history and the outbox to 1000 entries, dropping the oldest', async () => {
    const sender = controlledSender();
    const log = new ClientLogger(sender.send);
    for (let i = 0; i < 1500; i += 1) log.error(`e${i}`);
    await tick();
    expect(log.history).toHaveLength(1000);
    expect(log.history[0]?.message).toBe('e500');
    expect(log.history[999]?.message).toBe('e1499');
    // e0 is in flight; the outbox holds the newest 1000 of the others.
    expect(log.pending).toBe(1000);
    expect(sender.calls[0]?.entry.message).toBe('e0');
    sender.calls[0]?.resolve();
    await tick();
    expect(sender.calls[1]?.entry.message).toBe('e500');
  });

  it('sends a failed post to the console only, then goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sender = controlledSender();
    const log = new ClientLogger(sender.send);
    log.error('first');
    log.error('second');
    await tick();
    sender.calls[0]?.reject(new Error('500: down'));
    await tick();
    expect(warn).toHaveBeenCalledOnce();
    expect(sender.calls.map((c) => c.entry.message)).toEqual(['first', 'second']);
    sender.calls[1]?.resolve();
    await log.whenIdle();
    // The failure itself is never logged as a new entry (no recursion).
    expect(log.history.map((e) => e.message)).toEqual(['first', 'second']);
    expect(error).not.toHaveBeenCalled();
  });

  it('truncates string context values (response bodies) to 1000 characters', async () => {
    const sender = controlledSender();
    const log = new ClientLogger(sender.send);
    log.error('bad answer', { context: { body: 'y'.repeat(5000), status: 500 } });
    await tick();
    const body = sender.calls[0]?.entry.context?.body as string;
    expect(body.startsWith('y'.repeat(1000))).toBe(true);
    expect(body.length).toBe(1001);
    expect(sender.calls[0]?.entry.context?.status).toBe(500);
    sender.calls[0]?.resolve();
    await log.whenIdle();
  });

  it('posts to /api/logs with the CSRF token through the real client', async () => {
    const received: Array<{ url: string; csrf: unknown; body: unknown }> = [];
    const server: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (req.url === '/api/csrf-token') return res.end(JSON.stringify({ csrfToken: 'tok' }));
        received.push({ url: req.url ?? '', csrf: req.headers['x-csrf-token'], body: JSON.parse(raw) });
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const log = new ClientLogger();
      log.error('Unhandled rejection: nope', { feature: 'checkout' });
      await log.whenIdle();
      expect(received).toEqual([
        {
          url: '/api/logs',
          csrf: 'tok',
          body: {
            level: 'error',
            source: 'frontend',
            message: 'Unhandled rejection: nope',
            stack: null,
            context: { feature: 'checkout' },
          },
        },
      ]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('what the server would refuse is sent cut down', () => {
  it('always sends source "frontend", and a preview for a context too deep or too large', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const log = new ClientLogger(async (entry) => {
      sent.push(entry as unknown as Record<string, unknown>);
    });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 20; i++) deep = { deep };
    log.error('deep', { context: deep });
    log.error('large', { context: { blob: Array.from({ length: 5000 }, (_, i) => i) } });
    await log.whenIdle();
    for (const entry of sent) {
      expect(entry.source).toBe('frontend');
      expect(entry.context).toMatchObject({ truncated: true });
      expect(String((entry.context as { preview: string }).preview).length).toBeLessThanOrEqual(5000);
    }
    expect(sent).toHaveLength(2);
  });
});

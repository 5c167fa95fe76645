import { CLIENT_LOG_QUEUE_MAX, LOGGED_BODY_MAX_CHARS, type ClientLogLevel } from '@shared/constants';
import {
  CLIENT_LOG_CONTEXT_MAX_CHARS,
  CLIENT_LOG_CONTEXT_MAX_DEPTH,
  CLIENT_LOG_SOURCE,
  jsonDepth,
} from '@shared/client-log';
import type { ClientLogInput } from '@shared/schemas/logs';
import { apiRequest, truncateForLog } from './api-client';

/**
 * Client logger: keeps the last CLIENT_LOG_QUEUE_MAX entries in memory; entries at level "error"
 * are POSTed to /api/logs one at a time from a queue. A failed post only goes to the console (never re-logged).
 */

export interface LogDetails {
  /** The part of the app that logs (kept in `context.feature`: the server takes source 'frontend' only). */
  feature?: string;
  stack?: string | null;
  context?: Record<string, unknown> | null;
}

export interface LogEntry extends ClientLogInput {
  time: string;
}

type Sender = (entry: ClientLogInput) => Promise<unknown>;

const MESSAGE_MAX = 5000;
const STACK_MAX = 20_000;

export class ClientLogger {
  private readonly entries: LogEntry[] = [];
  private readonly outbox: ClientLogInput[] = [];
  private sending = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly sender: Sender = (entry) => apiRequest('POST', '/api/logs', entry),
    private readonly max = CLIENT_LOG_QUEUE_MAX,
  ) {}

  debug(message: string, details?: LogDetails): void {
    this.log('debug', message, details);
  }
  info(message: string, details?: LogDetails): void {
    this.log('info', message, details);
  }
  warn(message: string, details?: LogDetails): void {
    this.log('warn', message, details);
  }
  error(message: string, details?: LogDetails): void {
    this.log('error', message, details);
  }

  /** The kept entries, oldest first. */
  get history(): readonly LogEntry[] {
    return this.entries;
  }

  /** Entries waiting to be posted (not counting the one in flight). */
  get pending(): number {
    return this.outbox.length;
  }

  /** Resolves when nothing is waiting or in flight. */
  whenIdle(): Promise<void> {
    if (!this.sending && this.outbox.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  log(level: ClientLogLevel, message: string, details: LogDetails = {}): void {
    const entry: LogEntry = {
      level,
      source: CLIENT_LOG_SOURCE,
      message: (message || '(sans message)').slice(0, MESSAGE_MAX),
      stack: details.stack ? details.stack.slice(0, STACK_MAX) : null,
      context: contextOf(details),
      time: new Date().toISOString(),
    };
    push(this.entries, entry, this.max);
    if (level === 'error') {
      const { time: _time, ...payload } = entry;
      push(this.outbox, payload, this.max);
      void this.drain();
    }
  }

  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (let next = this.outbox.shift(); next; next = this.outbox.shift()) {
        try {
          await this.sender(next);
        } catch (error) {
          console.warn("[logger] Échec de l'envoi du journal", error);
        }
      }
    } finally {
      this.sending = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

function push<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

/** Long string values (typically response bodies) are cut to LOGGED_BODY_MAX_CHARS. */
function truncateContext(context: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) {
    out[key] = typeof value === 'string' ? truncateForLog(value, LOGGED_BODY_MAX_CHARS) : value;
  }
  return out;
}

/** The context sent: the feature, strings cut, and a preview instead when the server would refuse it. */
function contextOf(details: LogDetails): Record<string, unknown> | null {
  const merged = { ...(details.feature ? { feature: details.feature } : {}), ...(details.context ?? {}) };
  if (Object.keys(merged).length === 0) return null;
  const context = truncateContext(merged);
  let json: string | undefined;
  try {
    json = JSON.stringify(context);
  } catch {
    json = undefined;
  }
  const fits =
    json !== undefined &&
    json.length <= CLIENT_LOG_CONTEXT_MAX_CHARS &&
    jsonDepth(context, CLIENT_LOG_CONTEXT_MAX_DEPTH) <= CLIENT_LOG_CONTEXT_MAX_DEPTH;
  if (fits) return context;
  return { truncated: true, preview: (json ?? String(context)).slice(0, CLIENT_LOG_CONTEXT_MAX_CHARS / 2) };
}

export const logger = new ClientLogger();

function describe(reason: unknown): { message: string; stack: string | null } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? null };
  if (typeof reason === 'string') return { message: reason, stack: null };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: null };
  } catch {
    return { message: String(reason), stack: null };
  }
}

let installed = false;

/** Uncaught errors and unhandled rejections go to /api/logs at level error, source "frontend". */
export function installGlobalErrorHandlers(target: Window = window, log: ClientLogger = logger): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    const { message, stack } = describe(event.error ?? event.message);
    log.error(message || event.message, {
      stack,
      context: { kind: 'error', filename: event.filename, line: event.lineno, column: event.colno, url: location.href },
    });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const { message, stack } = describe(event.reason);
    log.error(`Unhandled rejection: ${message}`, {
      stack,
      context: { kind: 'unhandledrejection', url: location.href },
    });
  });
}

import type { FastifyBaseLogger } from 'fastify';

/** What Fastify hands a child logger factory (pino's bindings and child options). */
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type PinoLike = FastifyBaseLogger & {
  isLevelEnabled?: (level: string) => boolean;
  setBindings?: (bindings: Bindings) => void;
  bindings?: () => Bindings;
};

/**
 * A request's logger, made when the request writes its first line at an enabled level. Until then it only
 * holds its bindings (`reqId`, then `organizationId` and `userId` from the session hook), so a request that
 * logs nothing (nearly all of them) builds no pino child and serialises no bindings. A line is written by a
 * real pino child of the app's logger carrying every binding given so far, exactly as an eager child would.
 */
export class LazyRequestLogger {
  private real: PinoLike | null = null;
  /** Bindings given after Fastify's (the session's user): kept as given, merged only for a first line. */
  private later: Bindings | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly pending: Bindings,
  ) {}

  private logger(): PinoLike {
    return (this.real ??= this.parent.child(
      this.later ? { ...this.pending, ...this.later } : this.pending,
    ) as PinoLike);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.real === null && this.parent.isLevelEnabled?.(level) === false) return;
    const logger = this.logger();
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled?.(level) ?? true;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  /** Adds bindings to every later line (as pino's `setBindings` on a child). */
  setBindings(bindings: Bindings): void {
    if (this.real) this.real.setBindings?.(bindings);
    else this.later = this.later ? { ...this.later, ...bindings } : bindings;
  }

  bindings(): Bindings {
    return this.real?.bindings?.() ?? { ...this.pending, ...this.later };
  }
}

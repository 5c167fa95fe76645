import { AppError } from '../http/errors';

/**
 * A fixed-window limiter kept in memory per node (imports are rare and heavy; a user spreading
 * imports over several nodes gets at most `max` per node per window, which is still bounded).
 */
export function createRateLimiter(max: number, windowMs: number) {
  const hits = new Map<string, { start: number; count: number }>();
  return {
    check(key: string, now: number): void {
      const entry = hits.get(key);
      if (!entry || now - entry.start >= windowMs) {
        hits.set(key, { start: now, count: 1 });
        if (hits.size > 10_000) {
          for (const [k, v] of hits) if (now - v.start >= windowMs) hits.delete(k);
        }
        return;
      }
      if (entry.count >= max) throw new AppError('RATE_LIMITED', 'Trop d’imports, réessayez dans quelques minutes');
      entry.count++;
    },
  };
}

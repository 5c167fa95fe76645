import { useEffect, useState } from 'react';

/** How long a deferred section waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1_500;

/**
 * False on the first render, true once the browser has painted and is idle (or after IDLE_TIMEOUT_MS). A screen
 * renders what is below the fold only then, so the first render is one short task instead of one long one
 * (the phone dashboard's total blocking time, bench/lighthouse.ts).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(handle);
  }, []);
  return ready;
}

/**
 * Quote PDF rendering time: a 50-line quote with a logo and French accents, rendered 30 times after
 * 5 warm-ups (target: median < 300 ms). Pure CPU, no database.
 *
 *   npx tsx bench/quote-pdf-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { renderQuotePdf } from '../server/modules/quotes/pdf/quote-pdf';
import { samplePng, sampleQuoteDocument } from '../server/modules/quotes/pdf/sample-quote';

const WARM_UPS = 5;
const RUNS = 30;
const LINES = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function benchQuotePdf(note: (figure: string, value: string) => void): Promise<void> {
  const doc = sampleQuoteDocument(LINES, samplePng(64, 32)); // a 64×32 logo
  for (let i = 0; i < WARM_UPS; i += 1) await renderQuotePdf(doc);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    bytes = (await renderQuotePdf(doc)).length;
    times.push(performance.now() - started);
  }
  note(
    `quote PDF, ${LINES} lines, ${RUNS} runs after ${WARM_UPS} warm-ups (target median < 300 ms)`,
    `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KB`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchQuotePdf((figure, value) => console.log(`${figure}: ${value}`));
}

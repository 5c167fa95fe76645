import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

describe('buildApp', () => {
  it('uses no deprecated Fastify option (disableRequestLogging)', async () => {
    const warnings: string[] = [];
    const listener = (warning: Error & { code?: string }) => warnings.push(`${warning.code ?? ''} ${warning.message}`);
    process.on('warning', listener);
    try {
      t = await createTestApp();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(warnings.filter((w) => w.includes('FSTDEP') || w.includes('Deprecation'))).toEqual([]);
  });
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FeedImportError } from './feed-import';
import { limitedUpload, UPLOAD_ABORTED_ERROR, UPLOAD_IDLE_TIMEOUT_MS, uploadIdleError } from './feed-upload';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the upload to its end (or its error), `delayMs` per chunk as a slow import would. */
async function readAll(source: AsyncIterable<Uint8Array | string>, delayMs = 0): Promise<string> {
  let text = '';
  for await (const chunk of source) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (delayMs > 0) await sleep(delayMs);
  }
  return text;
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedImportError);
    return (error as Error).message;
  }
  return 'no error';
}

describe('limitedUpload', () => {
  it('fails a stalled upload after its silence limit (2 min by default), in French', async () => {
    expect(UPLOAD_IDLE_TIMEOUT_MS).toBe(120_000);
    expect(uploadIdleError(UPLOAD_IDLE_TIMEOUT_MS)).toBe('Envoi du fichier interrompu (plus rien reçu depuis 2 min)');
    const stream = new PassThrough();
    stream.write('Stock #,Shape\r\n');
    const message = await failureOf(readAll(limitedUpload(stream, { maxBytes: 1000, idleTimeoutMs: 50 })));
    expect(message).toBe('Envoi du fichier interrompu (plus rien reçu depuis 50 ms)');
    expect(stream.destroyed).toBe(true);
  });

  it('does not count the time the import holds a chunk', async () => {
    const stream = new PassThrough();
    for (const part of ['a,', 'b,', 'c']) stream.write(part);
    stream.end();
    expect(await readAll(limitedUpload(stream, { maxBytes: 1000, idleTimeoutMs: 50 }), 120)).toBe('a,b,c');
  });

  it('reports a browser that drops the connection', async () => {
    const stream = new PassThrough();
    stream.write('Stock #,Shape\r\n');
    setTimeout(() => stream.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 10);
    expect(await failureOf(readAll(limitedUpload(stream, { maxBytes: 1000 })))).toBe(UPLOAD_ABORTED_ERROR);
    expect(UPLOAD_ABORTED_ERROR).toBe('Envoi du fichier interrompu par le navigateur');
  });

  it('refuses more bytes than the limit', async () => {
    const stream = new PassThrough();
    stream.end('x'.repeat(3 * 1024 * 1024));
    expect(await failureOf(readAll(limitedUpload(stream, { maxBytes: 2 * 1024 * 1024 })))).toBe(
      'Fichier trop volumineux (2 Mo au maximum)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from './test/images';

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their magic bytes', () => {
    expect(detectImageType(TINY_JPEG)).toBe('image/jpeg');
    expect(detectImageType(TINY_PNG)).toBe('image/png');
    expect(detectImageType(TINY_WEBP)).toBe('image/webp');
  });
  it('refuses anything else', () => {
    expect(detectImageType(Buffer.from('GIF89a....'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const hex = (h: string) => Buffer.from(h, 'hex');

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their magic bytes, whatever follows', () => {
    expect(detectImageType(hex('ffd8ffe000104a464946'))).toBe('image/jpeg');
    expect(detectImageType(hex('89504e470d0a1a0a0000'))).toBe('image/png');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectImageType(new Uint8Array(hex('89504e470d0a1a0a')))).toBe('image/png');
  });
  it('refuses anything else, and truncated signatures', () => {
    expect(detectImageType(Buffer.from('GIF89a....'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEB'))).toBeNull();
    expect(detectImageType(hex('ffd8'))).toBeNull();
    expect(detectImageType(hex('89504e470d0a1a'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

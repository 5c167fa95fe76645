import { describe, expect, it } from 'vitest';
import { formatSignedEuro, formatSignedPercent } from './display';
import { photoFileError } from '@/components/photos/photo-file';

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('product display helpers', () => {
  it('signs differences', () => {
    expect(nbsp(formatSignedEuro('12.5'))).toBe('+12,50 €');
    expect(nbsp(formatSignedEuro('-1234.5'))).toBe('−1 234,50 €');
    expect(nbsp(formatSignedPercent('-3.1'))).toBe('−3,10 %');
    expect(formatSignedPercent(null)).toBe('—');
  });

  it('refuses photos by type and size in French', () => {
    expect(photoFileError({ type: 'image/gif', size: 10 })).toMatch(/JPEG, PNG ou WebP/);
    expect(photoFileError({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('Image trop volumineuse (5 Mo maximum)');
    expect(photoFileError({ type: 'image/webp', size: 1000 })).toBeNull();
  });
});

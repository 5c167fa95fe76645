import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './sessions-list';

describe('describeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome sur Linux');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1',
      ),
    ).toBe('Safari sur iOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox sur Windows',
    );
    expect(describeUserAgent(null)).toBe('Navigateur inconnu');
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
  });
});

import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, startsWithPattern } from './like-pattern';

describe('like patterns', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('bague or')).toBe('bague or');
  });
  it('builds contains and starts-with patterns around the escaped text', () => {
    expect(containsPattern('10%')).toBe('%10\\%%');
    expect(startsWithPattern('bague_2-')).toBe('bague\\_2-%');
  });
});

import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others, whatever its place', () => {
    expect(readCookie('pricer_sid=abc', 'pricer_sid')).toBe('abc');
    expect(readCookie('theme=dark; pricer_sid=abc; lang=fr', 'pricer_sid')).toBe('abc');
    expect(readCookie('theme=dark;pricer_sid=abc', 'pricer_sid')).toBe('abc');
  });

  it('does not take a cookie whose name only starts or ends like the one asked for', () => {
    const header = 'pricer_sid_device=dev; xpricer_sid=x; pricer_sid_csrf=c';
    expect(readCookie(header, 'pricer_sid')).toBeUndefined();
    expect(readCookie(`${header}; pricer_sid=abc`, 'pricer_sid')).toBe('abc');
    expect(readCookie('pricer_sid x=1', 'pricer_sid')).toBeUndefined();
  });

  it('ignores blanks around names and values, keeps the ones inside', () => {
    expect(readCookie(' \tpricer_sid \t= abc \t;x=1', 'pricer_sid')).toBe('abc');
    expect(readCookie('a=b c', 'a')).toBe('b c');
  });

  it('takes the first pair of a name, as browsers send the most specific path first', () => {
    expect(readCookie('pricer_sid=first; pricer_sid=second', 'pricer_sid')).toBe('first');
  });

  it('keeps everything after the first = in the value', () => {
    expect(readCookie('t=a=b==', 't')).toBe('a=b==');
    expect(readCookie('t=', 't')).toBe('');
  });

  it('percent-decodes a value, and keeps a value that does not decode as it is', () => {
    expect(readCookie('t=caf%C3%A9%3B', 't')).toBe('café;');
    expect(readCookie('t=100%', 't')).toBe('100%');
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });

  it('skips pairs without = and answers undefined for what is not there', () => {
    expect(readCookie('pricer_sid; a=1', 'pricer_sid')).toBeUndefined();
    expect(readCookie('junk; pricer_sid=abc', 'pricer_sid')).toBe('abc');
    expect(readCookie(';;; ;', 'a')).toBeUndefined();
    expect(readCookie('', 'a')).toBeUndefined();
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('=x', '')).toBeUndefined();
  });
});

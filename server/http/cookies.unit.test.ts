import Fastify, { type RouteHandlerMethod } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearCookie, readCookie, serializeCookie, setCookie, type CookieOptions } from './cookies';

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

describe('serializeCookie', () => {
  const session: CookieOptions = { path: '/', sameSite: 'Lax', secure: true };

  it('writes the attributes in a fixed order, HttpOnly always', () => {
    expect(serializeCookie('pricer_sid', 'abc', { ...session, expires: new Date(Date.UTC(2026, 10, 29, 9, 30)) })).toBe(
      'pricer_sid=abc; Path=/; Expires=Sun, 29 Nov 2026 09:30:00 GMT; HttpOnly; Secure; SameSite=Lax',
    );
    expect(
      serializeCookie('pricer_sid_device', 'd', {
        path: '/api/login',
        sameSite: 'Strict',
        secure: false,
        maxAgeSeconds: 90.9 * 86_400,
      }),
    ).toBe('pricer_sid_device=d; Max-Age=7853760; Path=/api/login; HttpOnly; SameSite=Strict');
    expect(serializeCookie('t', 'x', session)).toBe('t=x; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('percent-encodes the value so that readCookie gives it back, separators included', () => {
    for (const value of ['a;b c=é', 'tok.123.sig', '%41', '']) {
      const pair = serializeCookie('t', value, session).split('; ')[0]!;
      expect(pair).not.toMatch(/[;\s]/);
      expect(readCookie(`x=1; ${pair}`, 't')).toBe(value);
    }
  });

  it('refuses a name or a path that would break the header', () => {
    for (const name of ['', 'pricer sid', 'a;b', 'a=b', 'sid\r\nSet-Cookie: x', 'é']) {
      expect(() => serializeCookie(name, 'v', session), JSON.stringify(name)).toThrow(TypeError);
    }
    for (const path of ['', 'api', '/a;b', '/a\nb', '/é']) {
      expect(() => serializeCookie('t', 'v', { ...session, path }), JSON.stringify(path)).toThrow(TypeError);
    }
  });
});

describe('setCookie and clearCookie on an answer', () => {
  const options: CookieOptions = { path: '/', sameSite: 'Lax', secure: false };

  async function setCookiesOf(handler: RouteHandlerMethod): Promise<string[]> {
    const app = Fastify();
    app.get('/t', handler);
    const res = await app.inject({ method: 'GET', url: '/t' });
    await app.close();
    return ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  }

  it('sends one instruction per cookie name and path: the last one set in the request', async () => {
    const cookies = await setCookiesOf((_request, reply) => {
      setCookie(reply, 'sid', 'renewed', options);
      setCookie(reply, 'sid_csrf', 'anonymous', options);
      setCookie(reply, 'sid', 'other-path', { ...options, path: '/api' });
      clearCookie(reply, 'sid', options);
      return reply.send({ ok: true });
    });
    expect(cookies).toEqual([
      'sid_csrf=anonymous; Path=/; HttpOnly; SameSite=Lax',
      'sid=other-path; Path=/api; HttpOnly; SameSite=Lax',
      'sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    ]);
  });

  it('keeps a cookie set before the request failed (a renewed session on a refused request)', async () => {
    const cookies = await setCookiesOf((_request, reply) => {
      setCookie(reply, 'sid', 'renewed', options);
      throw new Error('refused');
    });
    expect(cookies).toEqual(['sid=renewed; Path=/; HttpOnly; SameSite=Lax']);
  });
});

import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './sign-in-path';

describe('safeNextPath', () => {
  it('keeps a path of the application with its query', () => {
    expect(safeNextPath('/clients/12/edit')).toBe('/clients/12/edit');
    expect(safeNextPath('/clients?q=dupont&page=2')).toBe('/clients?q=dupont&page=2');
  });

  it('refuses anything that could leave the application or loop', () => {
    for (const next of [
      null,
      '',
      'clients',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?next=/x',
    ]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });
});

describe('signInPath', () => {
  it('says where to come back and why', () => {
    expect(signInPath()).toBe('/auth');
    expect(signInPath({ next: '/' })).toBe('/auth');
    expect(signInPath({ next: '/clients/1/edit' })).toBe('/auth?next=%2Fclients%2F1%2Fedit');
    expect(signInPath({ next: '/clients/1/edit', sessionEnded: true })).toBe(
      '/auth?session=expiree&next=%2Fclients%2F1%2Fedit',
    );
    expect(signInPath({ next: '//evil.example', sessionEnded: true })).toBe('/auth?session=expiree');
  });
});

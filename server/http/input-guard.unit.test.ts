import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, findInputProblem } from './input-guard';

const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('findInputProblem', () => {
  it('accepts ordinary French text, emoji and numbers', () => {
    expect(findInputProblem({ name: 'Hélène Dupré 💍', weight: 12.5, tags: ['vip'], nested: { ok: true } })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('finds NUL bytes in values and keys, naming the field', () => {
    expect(findInputProblem({ client: { lastName: 'Du\u0000pont' } })).toMatchObject({ path: 'client.lastName' });
    expect(findInputProblem({ 'a\u0000': 1 })).not.toBeNull();
    expect(findInputProblem({ q: '\u0000' })).toMatchObject({ path: 'q' });
  });

  it('finds lone surrogates but not paired ones', () => {
    expect(findInputProblem({ name: 'x\uD800' })).toMatchObject({ path: 'name' });
    expect(findInputProblem({ name: '\uDC00y' })).toMatchObject({ path: 'name' });
    expect(findInputProblem({ name: '\uD83D\uDC8D' })).toBeNull();
  });

  it('refuses nesting beyond the limit without overflowing the stack', () => {
    expect(findInputProblem(deep(MAX_JSON_DEPTH - 1))).toBeNull();
    expect(findInputProblem(deep(MAX_JSON_DEPTH + 1))?.message).toMatch(/imbriquées/);
    expect(findInputProblem(deep(200_000))?.message).toMatch(/imbriquées/);
  });
});

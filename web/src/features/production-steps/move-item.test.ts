import { describe, expect, it } from 'vitest';
import { dropId, moveId } from './move-item';

describe('production steps order', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves up and down, not past the ends', () => {
    expect(moveId(ids, 'c', -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveId(ids, 'a', 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveId(ids, 'a', -1)).toEqual(ids);
    expect(moveId(ids, 'd', 1)).toEqual(ids);
    expect(moveId(ids, 'zz', 1)).toEqual(ids);
  });
  it('drops at the target place', () => {
    expect(dropId(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(dropId(ids, 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(dropId(ids, 'b', 'b')).toEqual(ids);
  });
});

import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.js';

describe('groupBy', () => {
  it('groups by key, keeping the order of items within a group and of keys as first seen', () => {
    const rows = [{ k: 'b', n: 1 }, { k: 'a', n: 2 }, { k: 'b', n: 3 }, { k: 'c', n: 4 }, { k: 'a', n: 5 }];
    const groups = groupBy(rows, (r) => r.k);
    expect([...groups.keys()]).toEqual(['b', 'a', 'c']);
    expect(groups.get('b')!.map((r) => r.n)).toEqual([1, 3]);
    expect(groups.get('a')!.map((r) => r.n)).toEqual([2, 5]);
    expect(groups.get('c')!.map((r) => r.n)).toEqual([4]);
    expect(groupBy([], (r: { k: string }) => r.k).size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { EqualityIndex, worthIndexing } from './equality-index';

describe('EqualityIndex', () => {
  it('lists the slots of a value newest first, from a slot on, across growth', () => {
    const codes = new Int32Array([0, 1, -1, 0, 2, 0]);
    const index = EqualityIndex.of(codes, codes.length, 1);
    index.grow(16);
    index.add(6, 7);
    index.add(7, 0);
    const slots = (code: number, from = 0) => {
      const out: number[] = [];
      index.forEach(code, from, (slot) => out.push(slot));
      return out;
    };
    expect(slots(0)).toEqual([7, 5, 3, 0]);
    expect(slots(0, 4)).toEqual([7, 5]);
    expect(slots(7)).toEqual([6]);
    expect(slots(1)).toEqual([1]);
    expect(slots(3)).toEqual([]);
    expect(slots(-1)).toEqual([]);
  });

  it('is built for columns of many distinct values only', () => {
    expect(worthIndexing(600_000, 1_000_000)).toBe(true);
    expect(worthIndexing(6, 1_000_000)).toBe(false);
  });
});

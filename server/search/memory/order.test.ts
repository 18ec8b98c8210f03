import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { emptyBitset, setBit } from './bitset';
import { walkPermutationThenOrder } from './order';

describe('walkPermutationThenOrder', () => {
  it('gives the first k in full order from a permutation sorted by the leading key alone', () => {
    const rng = createRng(7);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(rng.next() * 400);
      // Few distinct dates: long runs of ties on the leading key, across the page boundary.
      const distinct = 1 + Math.floor(rng.next() * 12);
      const dates = Float64Array.from({ length: n }, () => Math.floor(rng.next() * distinct));
      const scores = Float64Array.from({ length: n }, () => Math.floor(rng.next() * 5));
      const leading = (a: number, b: number) => (dates[b] ?? 0) - (dates[a] ?? 0) || a - b;
      const tie = (a: number, b: number) => (dates[b] ?? 0) - (dates[a] ?? 0);
      const order = (a: number, b: number) =>
        (dates[b] ?? 0) - (dates[a] ?? 0) || (scores[b] ?? 0) - (scores[a] ?? 0) || a - b;
      // Slots appended after the permutation was made come as sorted extras.
      const presorted = Math.floor(rng.next() * n);
      const permutation = Uint32Array.from({ length: presorted }, (_, i) => i).sort(leading);
      const match = emptyBitset(n);
      const matching: number[] = [];
      for (let s = 0; s < n; s++) {
        if (rng.next() < 0.6) {
          setBit(match, s);
          matching.push(s);
        }
      }
      const extras = Uint32Array.from(matching.filter((s) => s >= presorted)).sort(leading);
      const k = 1 + Math.floor(rng.next() * 60);
      const limit = rng.next() < 0.2 ? 8 : 65_536;
      const got = walkPermutationThenOrder(
        match,
        permutation,
        k,
        extras,
        { compare: leading, tie },
        order,
        limit,
      );
      const expected = [...matching].sort(order).slice(0, k);
      if (got === undefined) {
        // Only when the ties ran past the limit.
        expect(limit).toBe(8);
        continue;
      }
      expect([...got]).toEqual(expected);
    }
  });
});

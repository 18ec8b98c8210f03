import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { randomMatch } from '../../../tests/support/random-match';
import {
  runStart,
  sortInSlices,
  topSlots,
  walkPermutation,
  walkPermutationThenOrder,
} from './order';

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
      const { match, matching } = randomMatch(rng, n, 0.6);
      const extras = Uint32Array.from(matching.filter((s) => s >= presorted)).sort(leading);
      const k = 1 + Math.floor(rng.next() * 60);
      const limit = rng.next() < 0.2 ? 8 : 65_536;
      const got = walkPermutationThenOrder(
        match,
        { slots: permutation },
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

describe('walkPermutation over reversed groups', () => {
  it('walks `X desc, rest` from the `X asc, rest` array as a sort by X desc, rest would give', () => {
    const rng = createRng(11);
    for (let round = 0; round < 300; round++) {
      const n = 1 + rng.int(0, 500);
      // From one run (every slot equal) to runs of one slot (every value distinct).
      const distinct = 1 + rng.int(0, n);
      const values = Float64Array.from({ length: n }, () => rng.int(0, distinct - 1));
      const rest = Float64Array.from({ length: n }, () => rng.int(0, 3));
      const ascending = (a: number, b: number) =>
        (values[a] ?? 0) - (values[b] ?? 0) || (rest[b] ?? 0) - (rest[a] ?? 0) || a - b;
      // The oracle: the other direction sorted on its own.
      const descending = (a: number, b: number) =>
        (values[b] ?? 0) - (values[a] ?? 0) || (rest[b] ?? 0) - (rest[a] ?? 0) || a - b;
      const presorted = rng.int(0, n);
      const slots = Uint32Array.from({ length: presorted }, (_, i) => i).sort(ascending);
      const { match, matching } = randomMatch(rng, n, 0.5);
      const extras = Uint32Array.from(matching.filter((s) => s >= presorted)).sort(descending);
      const k = 1 + rng.int(0, 80);
      const same = (a: number, b: number) => (values[a] ?? 0) - (values[b] ?? 0);
      const got = walkPermutation(match, { slots, reversedGroups: same }, k, extras, descending);
      expect([...got]).toEqual([...matching].sort(descending).slice(0, k));
    }
  });

  it('finds where a run starts, for runs of every length', () => {
    for (const lengths of [
      [1],
      [5],
      [1, 1, 1],
      [3, 1, 64, 2],
      [1000, 1],
      [1, 1000],
      [7, 33, 129],
    ]) {
      const slots = Uint32Array.from(
        lengths.flatMap((length, run) => Array<number>(length).fill(run)),
      );
      const same = (a: number, b: number) => a - b;
      let end = slots.length;
      const starts: number[] = [];
      while (end > 0) {
        end = runStart(slots, end, same);
        starts.unshift(end);
      }
      const expected = lengths.map((_, run) => lengths.slice(0, run).reduce((a, b) => a + b, 0));
      expect(starts).toEqual(expected);
    }
  });
});

describe('topSlots', () => {
  it('gives the first k by score descending then a tiebreak, passing low scores over early', () => {
    const rng = createRng(13);
    for (let round = 0; round < 20; round++) {
      const n = rng.int(3_000, 9_000);
      // Few distinct scores: long runs of ties decided by the tiebreak.
      const scores = Float64Array.from({ length: n }, () => rng.int(0, 40) / 8);
      const { match, matching } = randomMatch(rng, n, 0.7);
      // The tiebreak (the key's order in the engine) is not the slots' order.
      const rank = Float64Array.from({ length: n }, () => rng.next());
      const compare = (a: number, b: number) =>
        (scores[b] ?? 0) - (scores[a] ?? 0) || (rank[a] ?? 0) - (rank[b] ?? 0);
      const k = rng.int(1, 200);
      // The oracle: every match sorted.
      const expected = [...matching].sort(compare).slice(0, k);
      expect([...topSlots(match, matching.length, k, compare, scores)]).toEqual(expected);
      expect([...topSlots(match, matching.length, k, compare)]).toEqual(expected);
    }
  });
});

describe('sortInSlices', () => {
  it('sorts as a stable sort does, across runs and merge passes, letting timers run meanwhile', async () => {
    const rng = createRng(7);
    const n = 20_000;
    const values = Float64Array.from({ length: n }, () => rng.int(0, 500));
    const slots = Uint32Array.from({ length: n }, (_, i) => i);
    const compare = (a: number, b: number) => (values[a] ?? 0) - (values[b] ?? 0);
    // The oracle: Array.prototype.sort, stable since ES2019.
    const expected = Array.from(slots).sort(compare);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const sorted = await sortInSlices(slots, compare, 0);
    clearInterval(timer);
    expect(Array.from(sorted)).toEqual(expected);
    expect(ticks).toBeGreaterThan(0);
  });

  it('sorts fewer slots than a run, and none', async () => {
    expect(Array.from(await sortInSlices(Uint32Array.from([3, 1, 2]), (a, b) => a - b))).toEqual([
      1, 2, 3,
    ]);
    expect((await sortInSlices(new Uint32Array(0), (a, b) => a - b)).length).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { andInto, emptyBitset, setBit, toSlots, type Bitset } from './bitset';
import { MatchCache } from './match-cache';
import { intersectSparse, sparseSlots } from './sparse';
import type { Store } from './store';

const size = 4_096;
const randomSet = (rng: ReturnType<typeof createRng>, density: number): Bitset => {
  const bits = emptyBitset(size);
  for (let s = 0; s < size; s++) if (rng.next() < density) setBit(bits, s);
  return bits;
};

describe('sparse intersection', () => {
  it('keeps the slots of a set only when they are few', () => {
    const rng = createRng(3);
    expect(sparseSlots(randomSet(rng, 0.5))).toBeNull();
    const few = randomSet(rng, 0.002);
    expect(Array.from(sparseSlots(few) ?? [])).toEqual(Array.from(toSlots(few)));
  });

  it('gives the slots of the word-by-word AND with the live set, or undefined when all are dense', () => {
    const rng = createRng(11);
    for (let round = 0; round < 50; round++) {
      const live = randomSet(rng, 0.9);
      const sets = Array.from({ length: 1 + (round % 4) }, (_, i) =>
        randomSet(rng, i === 0 && round % 5 !== 0 ? 0.003 : 0.6),
      );
      const dense = live.slice();
      for (const set of sets) andInto(dense, set);
      const sparse = intersectSparse(live, sets);
      if (round % 5 === 0) expect(sparse).toBeUndefined();
      else expect(Array.from(sparse ?? [-1])).toEqual(Array.from(toSlots(dense)));
    }
  });

  it('decides a kept bitset handed back and reused anew, not from what it held before', () => {
    const rng = createRng(5);
    // The cache reads a store's identity and size only.
    const store = { size } as unknown as Store;
    const cache = new MatchCache(8);
    const live = randomSet(rng, 1);
    const first = cache.get(store, 'a', () => randomSet(rng, 0.002));
    const before = Array.from(intersectSparse(live, [first]) ?? []);
    cache.clear();
    const second = cache.get(store, 'b', () => randomSet(rng, 0.002));
    // The same array, recycled: its slots are the new ones.
    expect(second).toBe(first);
    const after = Array.from(intersectSparse(live, [second]) ?? []);
    expect(after).toEqual(Array.from(toSlots(second)));
    expect(after).not.toEqual(before);
  });
});

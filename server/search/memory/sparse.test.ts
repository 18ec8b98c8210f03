import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { andInto, emptyBitset, setBit, toSlots, type Bitset } from './bitset';
import { intersectSparse, sparseSlots } from './sparse';

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
});

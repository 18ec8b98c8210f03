import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { randomMatch } from '../../../tests/support/random-match';
import { cardinalityBetween, copyOf, emptyBitset, recycle, setBit } from './bitset';

describe('cardinalityBetween', () => {
  it('counts the set bits in [from, to), word boundaries and the end of the set included', () => {
    const rng = createRng(5);
    for (let round = 0; round < 200; round++) {
      const bits = rng.int(1, 300);
      const { match: set, matching: slots } = randomMatch(rng, bits, 0.4);
      const from = rng.int(0, bits);
      const to = rng.next() < 0.2 ? Infinity : rng.int(from, bits + 40);
      // The oracle: the slots counted one by one.
      expect(cardinalityBetween(set, from, to)).toBe(
        slots.filter((s) => s >= from && s < to).length,
      );
    }
  });
});

describe('recycled bitsets', () => {
  it('come back empty or as an exact copy, of the length asked for', () => {
    const used = emptyBitset(1000);
    setBit(used, 3);
    setBit(used, 999);
    recycle(used);
    const again = emptyBitset(1000);
    expect(again).toBe(used);
    expect(Array.from(again).every((word) => word === 0)).toBe(true);
    const source = new Uint32Array(again.length);
    setBit(source, 500);
    recycle(again);
    const copy = copyOf(source);
    expect(copy).toBe(used);
    expect(Array.from(copy)).toEqual(Array.from(source));
    // Another length is never handed out for this one.
    recycle(copy);
    expect(emptyBitset(2000)).toHaveLength(63);
  });

  it('are poisoned under the tests until taken, and refused when handed back twice', () => {
    const set = emptyBitset(64);
    recycle(set);
    expect(Array.from(set)).toEqual([0xffffffff, 0xffffffff]);
    expect(() => recycle(set)).toThrow('recycled twice');
  });
});

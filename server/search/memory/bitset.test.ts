import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { randomMatch } from '../../../tests/support/random-match';
import { cardinalityBetween } from './bitset';

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

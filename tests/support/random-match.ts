import type { Rng } from '@server/seed/prng';
import { emptyBitset, setBit, type Bitset } from '@server/search/memory/bitset';

/** A match bitset of `size` slots, each set with probability `density`, and its slots listed. */
export function randomMatch(
  rng: Rng,
  size: number,
  density: number,
): { readonly match: Bitset; readonly matching: number[] } {
  const match = emptyBitset(size);
  const matching: number[] = [];
  for (let s = 0; s < size; s++) {
    if (rng.next() < density) {
      setBit(match, s);
      matching.push(s);
    }
  }
  return { match, matching };
}

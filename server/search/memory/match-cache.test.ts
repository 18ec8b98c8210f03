import { describe, expect, it } from 'vitest';
import { emptyBitset, setBit } from './bitset';
import { MatchCache } from './match-cache';
import type { Store } from './store';

// The cache reads a store's identity and size only.
const store = { size: 4096 } as unknown as Store;
const filled = (slot: number) => {
  const bits = emptyBitset(store.size);
  setBit(bits, slot);
  return bits;
};

describe('the match cache', () => {
  it('keeps a bitset evicted during a request intact until the request ends, then reuses it', () => {
    const cache = new MatchCache(2);
    const a = cache.get(store, 'a', () => filled(1));
    cache.get(store, 'b', () => filled(2));
    // A third conjunct of the same request evicts a, which the request still reads.
    cache.get(store, 'c', () => filled(3));
    const made = emptyBitset(store.size);
    expect(made).not.toBe(a);
    expect(a[0]).toBe(1 << 1);
    cache.recycleEvicted();
    expect(emptyBitset(store.size)).toBe(a);
  });

  it('answers a kept key from memory and a new key by computing it', () => {
    const cache = new MatchCache(4);
    let computed = 0;
    const compute = () => {
      computed += 1;
      return filled(7);
    };
    const first = cache.get(store, 'x', compute);
    expect(cache.get(store, 'x', compute)).toBe(first);
    expect(computed).toBe(1);
    cache.clear();
    cache.get(store, 'x', compute);
    expect(computed).toBe(2);
  });
});

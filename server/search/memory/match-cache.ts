import type { Bitset } from './bitset';
import type { Store } from './store';

interface Entry {
  readonly store: Store;
  /** Slots [0, size) are decided in bits. */
  readonly size: number;
  readonly bits: Bitset;
}

/**
 * Match bitsets of whole `search` and `$filter` expressions, kept across requests. A slot's
 * document never changes (a write appends a new slot and kills the old one), so a bitset stays
 * right for every slot it decided: after writes only the slots appended since are computed, and
 * the caller intersects with the live set (dead slots may be set here). A reload (a new Store)
 * starts afresh. Least recently used entries go first.
 */
export class MatchCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limit: number) {}

  /**
   * The bitset of key over store's slots. compute(from) must decide every slot ≥ from (from is a
   * multiple of 32; what it sets below from is ignored). The answer must not be modified.
   */
  get(store: Store, key: string, compute: (from: number) => Bitset): Bitset {
    const found = this.entries.get(key);
    const entry = found?.store === store ? found : undefined;
    this.entries.delete(key);
    if (entry !== undefined && entry.size === store.size) {
      this.entries.set(key, entry);
      return entry.bits;
    }
    const from = entry === undefined ? 0 : entry.size & ~31;
    const bits = compute(from);
    if (entry !== undefined) bits.set(entry.bits.subarray(0, from >>> 5));
    this.entries.set(key, { store, size: store.size, bits });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
    return bits;
  }

  clear(): void {
    this.entries.clear();
  }

  /** The kept bitsets' bytes. */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bits.byteLength;
    return total;
  }
}

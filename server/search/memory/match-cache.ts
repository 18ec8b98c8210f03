import { recycle, type Bitset } from './bitset';
import { forgetSparse } from './sparse';
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
  private heldBytes = 0;

  /** At most `limit` bitsets and `maxBytes` of them (128 KB each at 1,000,000 slots). */
  constructor(
    private readonly limit: number,
    private readonly maxBytes = Infinity,
  ) {}

  /**
   * The bitset of key over store's slots. compute(from) must decide every slot ≥ from (from is a
   * multiple of 32; what it sets below from is ignored). The answer must not be modified.
   */
  get(store: Store, key: string, compute: (from: number) => Bitset): Bitset {
    const found = this.entries.get(key);
    const entry = found?.store === store ? found : undefined;
    if (found !== undefined) this.heldBytes -= found.bits.byteLength;
    this.entries.delete(key);
    if (entry !== undefined && entry.size === store.size) {
      this.keep(key, entry);
      return entry.bits;
    }
    const from = entry === undefined ? 0 : entry.size & ~31;
    const bits = compute(from);
    if (entry !== undefined) {
      bits.set(entry.bits.subarray(0, from >>> 5));
      // Replaced: no request holds a kept bitset past the (synchronous) plan that asked for it.
      forgetSparse(entry.bits);
      recycle(entry.bits);
    }
    this.keep(key, { store, size: store.size, bits });
    return bits;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.heldBytes += entry.bits.byteLength;
    for (const [oldest, { bits }] of this.entries) {
      if (this.entries.size <= this.limit && this.heldBytes <= this.maxBytes) break;
      if (oldest === key) break;
      this.entries.delete(oldest);
      this.heldBytes -= bits.byteLength;
      this.evicted.push(bits);
    }
  }

  /** Evicted while a request may still hold them (its earlier conjuncts): recycled at its end. */
  private evicted: Bitset[] = [];

  /**
   * Hands the bitsets evicted so far back for reuse: called once the request that asked for
   * them no longer reads the bitsets it got (engine.ts, after its match set is made).
   */
  recycleEvicted(): void {
    for (const bits of this.evicted) {
      forgetSparse(bits);
      recycle(bits);
    }
    this.evicted = [];
  }

  /** Drops every kept bitset; called between requests (forget), when none is in use. */
  clear(): void {
    for (const { bits } of this.entries.values()) this.evicted.push(bits);
    this.entries.clear();
    this.recycleEvicted();
    this.heldBytes = 0;
  }

  /** The kept bitsets' bytes. */
  get bytes(): number {
    return this.heldBytes;
  }
}

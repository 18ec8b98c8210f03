import { andNotInto, copyOf, emptyBitset, orInto, setBit, wordsFor, type Bitset } from './bitset';

/** Distinct values a column may have for a bitset each (at 1,000,000 slots: 122 KB a value). */
export const maxBitsetValues = 256;

/**
 * A bitset per value of a column of few distinct values (the booleans, articleType, the source
 * category and group, createdBy, a collection's disease ids), built at the end of the load and
 * kept up to date on every put: `isRead eq false`, `search.in(sourceCategory, …)` or
 * `diseaseIds/any(d: …)` OR a few bitsets (microseconds) instead of scanning a code per slot
 * (milliseconds at 1,000,000). A value is an index ≥ 0 chosen by the column (the boolean's
 * 0/1/2, a string's code + 1 with 0 for null, a collection's code + 1 with 0 for "has any").
 * Dead slots stay set (the caller intersects with the live set, as for every match).
 */
export class ValueBitsets {
  private readonly sets: Bitset[] = [];

  constructor(private capacity: number) {}

  /** Slot holds value index (a value past maxBitsetValues: false, the caller drops the index). */
  add(slot: number, index: number): boolean {
    if (index >= maxBitsetValues) return false;
    while (this.sets.length <= index) this.sets.push(emptyBitset(this.capacity));
    const set = this.sets[index];
    if (set !== undefined) setBit(set, slot);
    return true;
  }

  /** The number of value indexes with a bitset (0 … count - 1). */
  get count(): number {
    return this.sets.length;
  }

  /**
   * The slots holding a value index for which chosen holds: the OR of their bitsets, or, when
   * most values are chosen, the live set without the others (every slot holds one value index;
   * a collection's slot may hold several, so it passes complement false).
   */
  union(chosen: (index: number) => boolean, live: Bitset, complement = true): Bitset {
    const picked = this.sets.map((_, index) => chosen(index));
    const n = picked.filter(Boolean).length;
    if (complement && n * 2 > picked.length) {
      const result = copyOf(live);
      this.sets.forEach((set, index) => {
        if (picked[index] !== true) andNotInto(result, set);
      });
      return result;
    }
    const result = emptyBitset(this.capacity);
    this.sets.forEach((set, index) => {
      if (picked[index] === true) orInto(result, set);
    });
    return result;
  }

  /** Bytes held (the footprint report). */
  get bytes(): number {
    return this.sets.reduce((total, set) => total + set.byteLength, 0);
  }

  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    this.capacity = capacity;
    this.sets.forEach((set, index) => {
      const grown = new Uint32Array(wordsFor(capacity));
      grown.set(set);
      this.sets[index] = grown;
    });
  }
}

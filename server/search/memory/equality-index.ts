/**
 * The slots of each value of a string column with many distinct values (cluster ids, source
 * URLs, titles): `clusterId eq '…'` (every article page's related articles) and
 * `search.in(sourceUrl, …)` then visit their few slots instead of scanning a million codes.
 * A chain per value, newest slot first: `last[code]` is the value's newest slot, `previous[slot]`
 * the slot before it with the same value (-1 ends a chain). Four bytes a slot plus four a value;
 * appending a slot is two writes. Dead slots stay chained (the caller intersects with the live
 * set, as for every match).
 */
export class EqualityIndex {
  private constructor(
    private last: Int32Array,
    private previous: Int32Array,
  ) {}

  /** Chains for slots [0, size) of codes. */
  static of(codes: Int32Array, size: number, values: number): EqualityIndex {
    const index = new EqualityIndex(
      new Int32Array(Math.max(values, 1)).fill(-1),
      new Int32Array(codes.length),
    );
    for (let slot = 0; slot < size; slot++) index.add(slot, codes[slot] ?? -1);
    return index;
  }

  /** Slot now holds code (-1: null, not chained). Slots are added in ascending order. */
  add(slot: number, code: number): void {
    if (code < 0) return;
    if (code >= this.last.length) {
      const last = new Int32Array(Math.max(this.last.length * 2, code + 1)).fill(-1);
      last.set(this.last);
      this.last = last;
    }
    this.previous[slot] = this.last[code] ?? -1;
    this.last[code] = slot;
  }

  grow(capacity: number): void {
    if (this.previous.length >= capacity) return;
    const previous = new Int32Array(capacity);
    previous.set(this.previous);
    this.previous = previous;
  }

  /** Calls visit with each slot ≥ from holding code, newest first. */
  forEach(code: number, from: number, visit: (slot: number) => void): void {
    if (code < 0 || code >= this.last.length) return;
    for (let slot = this.last[code] ?? -1; slot >= from; slot = this.previous[slot] ?? -1) {
      visit(slot);
    }
  }
}

/**
 * Whether a column earns an equality index: on average fewer than 16 documents a value, where a
 * scan of every code costs hundreds of times the value's own slots.
 */
export const worthIndexing = (values: number, documents: number): boolean =>
  values * 16 > documents;

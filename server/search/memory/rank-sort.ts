import type { SortKey } from './order';
import type { Store } from './store';

/** A field sort key (the score is per query: never presorted). */
export type FieldSortKey = Extract<SortKey, { readonly kind: 'field' }>;

/**
 * The live slots ordered by `keys` then the document key, as execute.ts orders them (nulls first
 * ascending and last descending, strings in "C" order): one stable pass per key, last key
 * first, over `keyOrder` (the live slots in key order). A pass is a counting sort of the value's
 * rank, or a radix sort of a number's bits: O(n) each, where a comparison sort made n log n calls
 * of a comparator closure (seconds at 1,000,000 documents; a few tens of ms this way).
 * `keys` must not hold the key field except as the last key (the key is unique: nothing after it
 * matters, see engine.ts leadingKeys).
 */
export function permutationBy(
  store: Store,
  keys: readonly FieldSortKey[],
  keyOrder: Uint32Array,
): Uint32Array {
  let slots = keyOrder;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    if (key !== undefined) slots = stableSortBy(store, slots, key, i === keys.length - 1);
  }
  return slots;
}

/**
 * `slots` stably sorted by one key: with slots in the order of the keys after it, the result is
 * in the order of this key, then those. `inKeyOrder`: slots are in key order (the key field's
 * own pass is then a copy, or a reversal when descending).
 */
export function stableSortBy(
  store: Store,
  slots: Uint32Array,
  key: FieldSortKey,
  inKeyOrder: boolean,
): Uint32Array {
  const column = store.columns.get(key.field.name);
  if (column === undefined) throw new Error(`memory search: no column for ${key.field.name}`);
  const n = slots.length;
  const { descending } = key;
  switch (column.kind) {
    case 'key': {
      if (!inKeyOrder) throw new Error('memory search: the key sorts only as the last key');
      return descending ? slots.slice().reverse() : slots.slice();
    }
    case 'boolean': {
      // 0 null, 1 false, 2 true: ascending null, false, true; descending true, false, null.
      const values = column.values;
      const ranks = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        const v = values[slots[i] ?? 0] ?? 0;
        ranks[i] = descending ? (v === 0 ? 2 : 2 - v) : v;
      }
      return countingSort(slots, ranks, 3);
    }
    case 'string': {
      const codes = column.codes;
      const byCode = column.dict.ranks;
      const distinct = byCode.length;
      const ranks = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        const code = codes[slots[i] ?? 0] ?? -1;
        const rank = code < 0 ? -1 : (byCode[code] ?? 0);
        // Ascending: null first (0), then rank + 1; descending: highest rank first, null last.
        ranks[i] = descending ? (code < 0 ? distinct : distinct - 1 - rank) : rank + 1;
      }
      return countingSort(slots, ranks, distinct + 1);
    }
    case 'number':
      return radixSortNumbers(slots, column.values, descending);
    case 'collection':
      throw new Error(`memory search: ${key.field.name} is not sortable`);
  }
}

/** slots stably ordered by ranks[i] (the rank of slots[i]), ranks below `buckets`. */
function countingSort(slots: Uint32Array, ranks: Uint32Array, buckets: number): Uint32Array {
  const starts = new Uint32Array(buckets + 1);
  for (let i = 0; i < ranks.length; i++) {
    const at = (ranks[i] ?? 0) + 1;
    starts[at] = (starts[at] ?? 0) + 1;
  }
  for (let b = 0; b < buckets; b++) starts[b + 1] = (starts[b + 1] ?? 0) + (starts[b] ?? 0);
  const out = new Uint32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const rank = ranks[i] ?? 0;
    out[starts[rank] ?? 0] = slots[i] ?? 0;
    starts[rank] = (starts[rank] ?? 0) + 1;
  }
  return out;
}

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);
/** Which of `words` holds a double's high half (its sign and exponent). */
const high = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * slots stably sorted by a number column (NaN is null: first ascending, last descending): an LSD
 * radix sort, 16 bits a pass, of each double's bits made to order as unsigned integers (a
 * negative's bits inverted, a positive's sign bit set); a pass whose digit every value shares
 * is skipped (dates share their top bits).
 */
function radixSortNumbers(
  slots: Uint32Array,
  values: Float64Array,
  descending: boolean,
): Uint32Array {
  const n = slots.length;
  let keep = new Uint32Array(n);
  let lo = new Uint32Array(n);
  let hi = new Uint32Array(n);
  const nulls: number[] = [];
  let m = 0;
  for (let i = 0; i < n; i++) {
    const slot = slots[i] ?? 0;
    const v = values[slot] ?? Number.NaN;
    if (Number.isNaN(v)) {
      nulls.push(slot);
      continue;
    }
    // -0 and 0 are equal to the comparator: the same bits here.
    float[0] = v === 0 ? 0 : v;
    let h = words[high] ?? 0;
    let l = words[1 - high] ?? 0;
    if ((h & 0x80000000) !== 0) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    if (descending) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    }
    keep[m] = slot;
    lo[m] = l;
    hi[m] = h;
    m++;
  }
  let nextKeep = new Uint32Array(m);
  let nextLo = new Uint32Array(m);
  let nextHi = new Uint32Array(m);
  const counts = new Uint32Array(65_537);
  for (let pass = 0; pass < 4; pass++) {
    const source = pass < 2 ? lo : hi;
    const shift = (pass & 1) * 16;
    counts.fill(0);
    for (let i = 0; i < m; i++) {
      const at = (((source[i] ?? 0) >>> shift) & 0xffff) + 1;
      counts[at] = (counts[at] ?? 0) + 1;
    }
    // Every value has the same digit: the order stands.
    if (m === 0 || counts[(((source[0] ?? 0) >>> shift) & 0xffff) + 1] === m) continue;
    for (let d = 0; d < 65_536; d++) counts[d + 1] = (counts[d + 1] ?? 0) + (counts[d] ?? 0);
    for (let i = 0; i < m; i++) {
      const digit = ((source[i] ?? 0) >>> shift) & 0xffff;
      const at = counts[digit] ?? 0;
      counts[digit] = at + 1;
      nextKeep[at] = keep[i] ?? 0;
      nextLo[at] = lo[i] ?? 0;
      nextHi[at] = hi[i] ?? 0;
    }
    [keep, nextKeep] = [nextKeep, keep];
    [lo, nextLo] = [nextLo, lo];
    [hi, nextHi] = [nextHi, hi];
  }
  const out = new Uint32Array(n);
  if (descending) {
    out.set(keep.subarray(0, m));
    out.set(nulls, m);
  } else {
    out.set(nulls);
    out.set(keep.subarray(0, m), nulls.length);
  }
  return out;
}

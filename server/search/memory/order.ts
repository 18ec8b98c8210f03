import type { FieldDefinition } from '../index-definition';
import type { Bitset } from './bitset';
import { toSlots } from './bitset';
import type { Store } from './store';
import { slicedPause } from '../../db/next-turn';

export { lowerBound } from './lower-bound';

/** One sort key after normalisation: a field, or the per-query scores. */
export type SortKey =
  | { readonly kind: 'field'; readonly field: FieldDefinition; readonly descending: boolean }
  | { readonly kind: 'score'; readonly descending: boolean };

export type SlotComparator = (a: number, b: number) => number;

/**
 * odata/semantics.ts's compareCodePoints (PostgreSQL's "C" order) without its inner closure:
 * under tsx every closure creation pays a `__name` defineProperty, which dominated hot loops.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      x = x >= 0xe000 ? x - 0x800 : x >= 0xd800 ? x + 0x2000 : x;
      y = y >= 0xe000 ? y - 0x800 : y >= 0xd800 ? y + 0x2000 : y;
      return x - y;
    }
  }
  return a.length - b.length;
}

/**
 * The comparator of execute.ts's ORDER BY: each key with nulls first ascending and last
 * descending, then the document key ascending ("C" collation) unless a key already is it (or
 * keyTiebreak is false: then equal on the keys compares 0).
 */
export function comparatorOf(
  store: Store,
  keys: readonly SortKey[],
  scores: Float64Array | null,
  keyTiebreak = true,
): SlotComparator {
  const parts: SlotComparator[] = keys.map((key) => {
    if (key.kind === 'score') {
      const s = scores ?? new Float64Array(0);
      return key.descending
        ? (a, b) => (s[b] ?? 0) - (s[a] ?? 0)
        : (a, b) => (s[a] ?? 0) - (s[b] ?? 0);
    }
    return fieldComparator(store, key.field, key.descending);
  });
  if (keyTiebreak && !keys.some((k) => k.kind === 'field' && k.field.name === store.index.key)) {
    const keyTable = store.keys;
    parts.push((a, b) => keyTable.compareSlots(a, b));
  }
  const [first, second] = parts;
  if (first === undefined) return () => 0;
  if (parts.length === 1) return first;
  if (parts.length === 2 && second !== undefined) return (a, b) => first(a, b) || second(a, b);
  return (a, b) => {
    for (let i = 0; i < parts.length; i++) {
      const order = (parts[i] ?? first)(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

function fieldComparator(
  store: Store,
  field: FieldDefinition,
  descending: boolean,
): SlotComparator {
  const column = store.columns.get(field.name);
  if (column === undefined) throw new Error(`memory search: no column for ${field.name}`);
  /** Value order of two non-null values, and nullness. */
  let isNull: (s: number) => boolean;
  let order: (a: number, b: number) => number;
  switch (column.kind) {
    case 'number': {
      const v = column.values;
      isNull = (s) => Number.isNaN(v[s] ?? NaN);
      order = (a, b) => (v[a] ?? 0) - (v[b] ?? 0);
      break;
    }
    case 'boolean': {
      const v = column.values;
      isNull = (s) => v[s] === 0;
      order = (a, b) => (v[a] ?? 0) - (v[b] ?? 0);
      break;
    }
    case 'string': {
      const codes = column.codes;
      const ranks = column.dict.ranks;
      isNull = (s) => (codes[s] ?? -1) < 0;
      order = (a, b) => (ranks[codes[a] ?? 0] ?? 0) - (ranks[codes[b] ?? 0] ?? 0);
      break;
    }
    case 'key': {
      // Byte order of the keys' UTF-8 (= code point order), without decoding them.
      const keyTable = store.keys;
      isNull = () => false;
      order = (a, b) => keyTable.compareSlots(a, b);
      break;
    }
    case 'collection':
      throw new Error(`memory search: ${field.name} is not sortable`);
  }
  return (a, b) => {
    const na = isNull(a);
    const nb = isNull(b);
    if (na || nb) {
      if (na && nb) return 0;
      // Nulls first ascending, last descending.
      return na === descending ? 1 : -1;
    }
    return descending ? order(b, a) : order(a, b);
  };
}

/** The first `k` matching slots in comparator order (a bounded heap when matches are many). */
export function topSlots(
  match: Bitset,
  count: number,
  k: number,
  compare: SlotComparator,
  /**
   * When compare starts with these scores descending: a match scoring below the worst kept is
   * passed over on one comparison of numbers (a ranked OR's hundreds of thousands of matches).
   */
  leadingScores?: Float64Array,
): Uint32Array {
  if (count <= 4 * k || count <= 2048) return toSlots(match, count).sort(compare).subarray(0, k);
  // A max-heap on compare of the k best so far: the root is the worst kept. The matches are
  // visited in the bitset itself (a million of them made a 4 MB array per request).
  const heap = new Uint32Array(k);
  let size = 0;
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < size && compare(heap[l] ?? 0, heap[worst] ?? 0) > 0) worst = l;
      if (r < size && compare(heap[r] ?? 0, heap[worst] ?? 0) > 0) worst = r;
      if (worst === i) return;
      const t = heap[i] ?? 0;
      heap[i] = heap[worst] ?? 0;
      heap[worst] = t;
      i = worst;
    }
  };
  for (let w = 0; w < match.length; w++) {
    let word = match[w] ?? 0;
    while (word !== 0) {
      const low = word & -word;
      const slot = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
      offer(slot);
    }
  }
  return heap.subarray(0, size).sort(compare);

  function offer(slot: number): void {
    if (size < k) {
      let i = size++;
      heap[i] = slot;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (compare(heap[i] ?? 0, heap[p] ?? 0) <= 0) break;
        const t = heap[i] ?? 0;
        heap[i] = heap[p] ?? 0;
        heap[p] = t;
        i = p;
      }
    } else if (
      (leadingScores === undefined ||
        (leadingScores[slot] ?? 0) >= (leadingScores[heap[0] ?? 0] ?? 0)) &&
      compare(slot, heap[0] ?? 0) < 0
    ) {
      heap[0] = slot;
      siftDown(0);
    }
  }
}

/**
 * The first `k` matching slots in `order` (leading field keys, then others such as the score)
 * from a permutation presorted by the leading keys alone: walk it for the first k, widen while
 * the next match ties with the last on the leading keys, then sort that small set in `order`.
 * Undefined when the ties run past `limit` (the caller uses the heap).
 */
export function walkPermutationThenOrder(
  match: Bitset,
  permutation: Walkable,
  k: number,
  extras: Uint32Array,
  leading: { readonly compare: SlotComparator; readonly tie: SlotComparator },
  order: SlotComparator,
  limit = 65_536,
): Uint32Array | undefined {
  for (let want = k; want <= limit; want *= 4) {
    const walked = walkPermutation(match, permutation, want + 1, extras, leading.compare);
    const complete =
      walked.length <= want || leading.tie(walked[want - 1] ?? 0, walked[want] ?? 0) !== 0;
    if (complete) return walked.slice(0, want).sort(order).subarray(0, k);
  }
  return undefined;
}

/**
 * An ordering walked from a presorted permutation: as it is, or (`reversedGroups`, the first
 * key's comparator) its runs of equal first key in reverse order, each run in its own order.
 * `X desc, rest` is `X asc, rest` so walked: one array serves both directions (4 bytes a
 * document less per pair: 30 MB at 1,000,000 documents).
 */
export interface Walkable {
  readonly slots: Uint32Array;
  readonly reversedGroups?: SlotComparator;
}

/**
 * The first `k` matching slots by walking a presorted permutation of the live slots, merged
 * with `extras`: matching slots appended since, already sorted by the same comparator.
 */
export function walkPermutation(
  match: Bitset,
  ordering: Walkable,
  k: number,
  extras: Uint32Array,
  compare: SlotComparator,
): Uint32Array {
  const permutation = ordering.slots;
  const out = new Uint32Array(k);
  let n = 0;
  let j = 0;
  const same = ordering.reversedGroups;
  // The slots [start, end) in order, then (reversed groups) the run before them, and so on.
  let end = permutation.length;
  let start = same === undefined || end === 0 ? 0 : runStart(permutation, end, same);
  for (;;) {
    for (let i = start; i < end && n < k; i++) {
      const s = permutation[i] ?? 0;
      if ((((match[s >>> 5] ?? 0) >>> (s & 31)) & 1) === 0) continue;
      while (j < extras.length && n < k && compare(extras[j] ?? 0, s) < 0)
        out[n++] = extras[j++] ?? 0;
      if (n < k) out[n++] = s;
    }
    if (same === undefined || start === 0 || n >= k) break;
    end = start;
    start = runStart(permutation, end, same);
  }
  while (j < extras.length && n < k) out[n++] = extras[j++] ?? 0;
  return out.subarray(0, n);
}

/**
 * Where the run of slots equal (by `same`) to permutation[end - 1] starts: galloping back from
 * the end, then a binary search, so a run costs about 2·log2(its length) comparisons.
 */
export function runStart(permutation: Uint32Array, end: number, same: SlotComparator): number {
  const last = permutation[end - 1] ?? 0;
  let inside = end - 1;
  let step = 1;
  let probe = inside - step;
  while (probe >= 0 && same(permutation[probe] ?? 0, last) === 0) {
    inside = probe;
    step *= 2;
    probe = inside - step;
  }
  // Equal at `inside`, different at `probe` (or before the start): the run starts in between.
  let lo = Math.max(probe + 1, 0);
  let hi = inside;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (same(permutation[mid] ?? 0, last) === 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Slots of a run sorted natively before the merge passes. */
const sortRun = 2048;

/**
 * slots sorted by compare (a stable merge sort), yielding to the event loop whenever sliceMs of
 * work has passed: sorting 1,000,000 slots by a field takes seconds, and requests must not wait
 * behind it (issue 18: a background sort held every request for 4–7 s at 1,000,000 documents).
 */
export async function sortInSlices(
  slots: Uint32Array,
  compare: SlotComparator,
  sliceMs = 8,
): Promise<Uint32Array> {
  const n = slots.length;
  const pause = slicedPause(sliceMs);
  for (let i = 0; i < n; i += sortRun) {
    slots.subarray(i, Math.min(n, i + sortRun)).sort(compare);
    await pause();
  }
  let from: Uint32Array = slots;
  let to: Uint32Array = new Uint32Array(n);
  for (let width = sortRun; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const a = from[i] ?? 0;
        const b = from[j] ?? 0;
        if (compare(a, b) <= 0) {
          to[k++] = a;
          i++;
        } else {
          to[k++] = b;
          j++;
        }
        if ((k & 0x3fff) === 0) await pause();
      }
      to.set(from.subarray(i, mid), k);
      k += mid - i;
      to.set(from.subarray(j, hi), k);
      await pause();
    }
    [from, to] = [to, from];
  }
  return from;
}

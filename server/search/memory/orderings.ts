import type { IndexDefinition } from '../index-definition';
import type { SearchRequest } from '../request';
import { parseOrderBy } from '../request';
import { rangeCheckpoints, type SortedSlots } from './filter';
import { comparatorOf, sortInSlices, type SortKey, type Walkable } from './order';
import { permutationBy, type FieldSortKey } from './rank-sort';
import type { Store } from './store';
import { nextTurn } from '../../db/next-turn';

/** Slots appended since a presort that are merged per request before it is sorted anew. */
const resortAfter = 10_000;
/**
 * Orderings presorted on load besides the index's own (IndexDefinition.presortedOrderBy): key
 * order, and the dates descending. Each also serves its field's range filters (filter.ts
 * SortedSlots): the date filters and the keyset page's `articleId gt …`. Others are sorted after
 * first use.
 */
const presortedAlways = ['', 'insertedDate desc', 'publishedDate desc'];
/** The orderings whose field's range filters are common (the article filters' dates). */
const rangeOrderings = ['insertedDate desc', 'publishedDate desc'];

/**
 * The live slots of a copy sorted by an ordering, as of when the copy had `size` slots: `slots`
 * as they are, or the runs of their first key reversed (order.ts Walkable) when they are the
 * mirror ordering's (`X desc, rest` of `X asc, rest`).
 */
export interface Permutation extends Walkable, SortedSlots {
  readonly store: Store;
  readonly size: number;
}

/**
 * The orderings of the engine's copy, by signature (`field dir,field dir`; '' is key order): those
 * presorted when a copy loads, and those sorted in the background after first use (kept up to a
 * budget, dropped by forget()).
 */
export class Orderings {
  private readonly permutations = new Map<string, Permutation>();
  /** Orderings to sort in the background, by signature (the timer that will). */
  private readonly pending = new Map<string, NodeJS.Timeout | 'sorting'>();
  /** The signatures of the orderings sorted when a copy loads (kept by forget()). */
  readonly presorted: readonly string[];

  /** current(): the copy that answers now. */
  constructor(
    private readonly index: IndexDefinition,
    private readonly current: () => Store,
  ) {
    this.presorted = [
      ...new Set([
        ...presortedAlways,
        ...(index.presortedOrderBy ?? []).map((text) =>
          signatureOf(leadingKeys(index, parseOrderBy(text, index), false)),
        ),
      ]),
    ];
  }

  /** A new copy's presorted orderings, sorted in slices: the old copy keeps answering. */
  async presort(store: Store): Promise<Map<string, Permutation>> {
    const orderings = new Map<string, Permutation>();
    for (const signature of this.presorted) {
      orderings.set(signature, await this.sorted(store, signature, orderings));
      await nextTurn();
    }
    return orderings;
  }

  /** The new copy takes over: its presorted orderings replace every kept one. */
  replace(orderings: ReadonlyMap<string, Permutation>): void {
    this.permutations.clear();
    for (const [signature, permutation] of orderings) this.permutations.set(signature, permutation);
  }

  /** Drops the orderings sorted after first use and the sorts pending (the presorted stay). */
  forget(): void {
    for (const timer of this.pending.values()) {
      if (timer !== 'sorting') clearTimeout(timer);
    }
    // A sort under way finds its mark gone and keeps nothing.
    this.pending.clear();
    for (const signature of this.permutations.keys()) {
      if (!this.presorted.includes(signature)) this.permutations.delete(signature);
    }
  }

  /** The orderings' and the range checkpoints' bytes, into parts (footprint.ts). */
  footprint(parts: Record<string, number>): void {
    let orderings = 0;
    const arrays = new Set(Array.from(this.permutations.values(), (p) => p.slots));
    for (const slots of arrays) orderings += slots.byteLength;
    let checkpoints = 0;
    for (const { checkpoints: kept } of this.permutations.values()) {
      for (const prefix of kept?.prefixes ?? []) checkpoints += prefix.byteLength;
    }
    parts['range checkpoints'] = checkpoints;
    parts[`orderings (${this.permutations.size}, ${arrays.size} arrays)`] = orderings;
  }

  /**
   * The live slots sorted by a field, for its range filters: the key ascending (''), a number
   * field descending (`field desc`), when that ordering is kept for the current copy.
   */
  readonly sortedSlots = (field: string): SortedSlots | undefined => {
    const found = this.permutations.get(field === this.index.key ? '' : `${field} desc`);
    // A mirror walked run by run is no sorted array to search.
    return found !== undefined &&
      found.store === this.current() &&
      found.reversedGroups === undefined
      ? found
      : undefined;
  };

  /**
   * The live slots of store sorted by a field ordering (signature: `field dir,field dir`). Key
   * order ('') by comparing keys' bytes, in slices that let requests through (order.ts
   * sortInSlices); any other from it, a stable rank pass per field (rank-sort.ts), or one pass
   * over the ordering of the fields after the first when `kept` has it for this copy as it is.
   */
  private async sorted(
    store: Store,
    signature: string,
    kept: ReadonlyMap<string, Permutation>,
  ): Promise<Permutation> {
    const permutation = await this.sortedOnly(store, signature, kept);
    // The dates' range filters start from checkpoints of their ordering (filter.ts).
    return rangeOrderings.includes(signature)
      ? { ...permutation, checkpoints: rangeCheckpoints(permutation.slots, store.capacity) }
      : permutation;
  }

  private async sortedOnly(
    store: Store,
    signature: string,
    kept: ReadonlyMap<string, Permutation>,
  ): Promise<Permutation> {
    const size = store.size;
    if (signature === '') {
      const compare = comparatorOf(store, [], null);
      return { store, size, slots: await sortInSlices(liveSlots(store), compare) };
    }
    const keys = sortKeysOf(this.index, signature);
    const [first] = keys;
    const usable = (p: Permutation | undefined): p is Permutation =>
      p !== undefined && p.store === store && p.size === size && p.reversedGroups === undefined;
    if (first !== undefined) {
      // The other direction's ordering, walked run by run from its end.
      const mirror = kept.get(
        signatureOf([{ ...first, descending: !first.descending }, ...keys.slice(1)]),
      );
      if (usable(mirror)) {
        return {
          store,
          size,
          slots: mirror.slots,
          reversedGroups: comparatorOf(store, [first], null, false),
        };
      }
    }
    const rest = kept.get(signatureOf(keys.slice(1)));
    if (usable(rest) && first !== undefined) {
      return { store, size, slots: permutationBy(store, keys.slice(0, 1), rest.slots) };
    }
    return { store, size, slots: permutationBy(store, keys, this.keyOrder(store, kept.get(''))) };
  }

  /** The live slots of store in key order: from its kept key ordering and the slots since. */
  private keyOrder(store: Store, kept: Permutation | undefined): Uint32Array {
    const compare = comparatorOf(store, [], null);
    if (kept === undefined || kept.store !== store) return liveSlots(store).sort(compare);
    if (kept.size === store.size) return kept.slots;
    const appended = liveSlots(store, kept.size).sort(compare);
    const merged = new Uint32Array(kept.slots.length + appended.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < kept.slots.length || j < appended.length) {
      const a = kept.slots[i];
      const b = appended[j];
      if (b === undefined || (a !== undefined && compare(a, b) <= 0)) {
        merged[n++] = a ?? 0;
        i++;
      } else {
        merged[n++] = b;
        j++;
      }
    }
    return merged;
  }

  /**
   * Orderings kept beyond the presorted ones: 4 bytes a live document each, 32 MB in all (8 at
   * 1,000,000 documents), at most 13.
   */
  private keptOrderings(): number {
    const each = 4 * Math.max(1, this.current().liveCount);
    return this.presorted.length + Math.max(2, Math.min(13, Math.floor((32 * 2 ** 20) / each)));
  }

  /**
   * The permutation for the signature, or undefined (then one is made in the background). Writes
   * do not invalidate it: a dead slot never matches, and slots appended since are merged in per
   * request (sorted anew in the background once they are many).
   */
  for(signature: string): Permutation | undefined {
    const found = this.permutations.get(signature);
    const fresh = found !== undefined && found.store === this.current();
    if (fresh && this.current().size - found.size <= resortAfter) return found;
    if (!this.pending.has(signature) && this.permutations.size < this.keptOrderings()) {
      // Off the request path: this request uses the heap; the next ones walk the permutation.
      const timer = setTimeout(() => {
        this.pending.set(signature, 'sorting');
        void this.sorted(this.current(), signature, this.permutations)
          .then((permutation) => {
            if (this.pending.get(signature) !== 'sorting') return;
            this.permutations.set(signature, permutation);
          })
          .finally(() => {
            if (this.pending.get(signature) === 'sorting') this.pending.delete(signature);
          });
      }, 200).unref();
      this.pending.set(signature, timer);
    }
    return fresh ? found : undefined;
  }
}

/**
 * The sort keys of an `$orderby`: the score only when the search ranks (else every score is 1),
 * and once; nothing after the key field (it is unique), nor the key ascending as the last key
 * (every ordering ends with it); the score last when a ranked search names none.
 */
export function leadingKeys(
  index: IndexDefinition,
  orderBy: SearchRequest['orderBy'],
  scored: boolean,
): SortKey[] {
  const keys: SortKey[] = [];
  let scoreOrdered = false;
  for (const clause of orderBy) {
    if (clause.kind === 'field') {
      if (clause.field.name === index.key) {
        if (clause.descending) keys.push(clause);
        return keys;
      }
      keys.push(clause);
    } else if (!scoreOrdered) {
      scoreOrdered = true;
      if (scored) keys.push(clause);
    }
  }
  if (scored && !scoreOrdered) keys.push({ kind: 'score', descending: true });
  return keys;
}

/** The live slots of store from `from` on, in slot order. */
export function liveSlots(store: Store, from = 0): Uint32Array {
  const slots = new Uint32Array(store.liveCount);
  let n = 0;
  for (let s = from; s < store.size; s++) {
    if ((((store.live[s >>> 5] ?? 0) >>> (s & 31)) & 1) === 1) slots[n++] = s;
  }
  return slots.subarray(0, n);
}

export function signatureOf(keys: readonly SortKey[]): string {
  return keys
    .map((k) => (k.kind === 'field' ? `${k.field.name} ${k.descending ? 'desc' : 'asc'}` : 'score'))
    .join(',');
}

function sortKeysOf(index: IndexDefinition, signature: string): FieldSortKey[] {
  if (signature === '') return [];
  return signature.split(',').map((part) => {
    const [name, direction] = part.split(' ');
    const field = index.fields.find((f) => f.name === name);
    if (field === undefined) throw new Error(`memory search: unknown sort field ${name ?? ''}`);
    return { kind: 'field', field, descending: direction === 'desc' };
  });
}

import { isMatchablePrefix } from '../simple-query/analyze';
import type { SimpleQueryNode } from '../simple-query/parse';
import {
  andInto,
  andNotInto,
  copyOf,
  emptyBitset,
  orInto,
  recycle,
  setBit,
  toSlots,
  type Bitset,
} from './bitset';
import type { Entries, PositionalEntries, SearchableField } from './postings';
import type { Store } from './store';

export { Unsupported } from './unsupported';

/** Azure's BM25 parameters (BM25Similarity defaults). */
export const k1 = 1.2;
export const b = 0.75;

/**
 * The lexemes a query token stands for: PostgreSQL keeps a sign glued to a number
 * (`covid-19` → `-19`), so, as in simple-query/to-sql.ts, a number also matches its signed forms.
 */
const variants = (token: string): readonly string[] =>
  /^[0-9]/.test(token) ? [token, `-${token}`, `+${token}`] : [token];

/**
 * The slots matching a parsed simple query over the given fields, with simple-query/evaluate.ts's
 * semantics (so the NOT trap: under `any`, `a -b` matches everything). Dead slots may be set:
 * the caller intersects with the live set. Only slots ≥ from are decided (match-cache.ts).
 */
export function matchQuery(
  store: Store,
  node: SimpleQueryNode,
  mode: 'any' | 'all',
  fields: readonly SearchableField[],
  phrases = new PhraseCache(store),
  from = 0,
): Bitset {
  const bits = store.capacity;
  switch (node.kind) {
    case 'matchAll':
      return copyOf(store.live);
    case 'matchNone':
      return emptyBitset(bits);
    case 'not': {
      const inner = matchQuery(store, node.operand, mode, fields, phrases, from);
      const result = andNotInto(copyOf(store.live), inner);
      recycle(inner);
      return result;
    }
    case 'term': {
      const result = emptyBitset(bits);
      for (const field of fields) {
        if (mode === 'any') {
          for (const token of node.tokens) orLexemes(field, variants(token), result, from);
          continue;
        }
        let all: Bitset | null = null;
        for (const token of node.tokens) {
          const one = orLexemes(field, variants(token), emptyBitset(bits), from);
          if (all === null) all = one;
          else {
            andInto(all, one);
            recycle(one);
          }
        }
        if (all !== null) {
          orInto(result, all);
          recycle(all);
        }
      }
      return result;
    }
    case 'prefix': {
      const result = emptyBitset(bits);
      if (!isMatchablePrefix(node.prefix)) return result;
      for (const field of fields) {
        for (const prefix of variants(node.prefix)) {
          orLexemes(field, field.withPrefix(prefix), result, from);
        }
      }
      return result;
    }
    case 'phrase': {
      const result = emptyBitset(bits);
      for (const field of fields) {
        const hits = phrases.hits(field, node.tokens);
        for (let i = 0; i < hits.count; i++) setBit(result, hits.slots[i] ?? 0);
      }
      return result;
    }
    case 'sequence': {
      // No precedence: a left fold in textual order, as Lucene's SimpleQueryParser builds it.
      let result = matchQuery(store, node.first, mode, fields, phrases, from);
      for (const { operator, operand } of node.rest) {
        const and = operator === 'and' || (operator === 'default' && mode === 'all');
        const value = matchQuery(store, operand, mode, fields, phrases, from);
        result = and ? andInto(result, value) : orInto(result, value);
        recycle(value);
      }
      return result;
    }
  }
}

function orLexemes(
  field: SearchableField,
  lexemes: readonly string[],
  into: Bitset,
  from: number,
): Bitset {
  for (const lexeme of lexemes) field.orInto(lexeme, into, from);
  return into;
}

/** The slots of a field holding a phrase, with the phrase's number of occurrences in each. */
export interface PhraseHits {
  readonly count: number;
  readonly slots: Uint32Array;
  readonly frequencies: Uint32Array;
}

const noHits: PhraseHits = { count: 0, slots: new Uint32Array(0), frequencies: new Uint32Array(0) };

/** Phrases kept per store: the least recently used go first beyond this many or bytes. */
const keptPhrases = 64;
const keptPhraseBytes = 8 * 2 ** 20;

/** Bytes of what a cache keeps: its typed arrays. */
function typedBytes(value: object): number {
  let total = 0;
  for (const member of Object.values(value)) {
    if (ArrayBuffer.isView(member)) total += member.byteLength;
  }
  return total;
}

/** Drops the least recently used of kept (Map order) while over count or bytes, never `keep`. */
function evict<T extends object>(
  kept: Map<string, T>,
  bytesOf: (value: T) => number,
  count: number,
  bytes: number,
  keep: string,
): void {
  let total = 0;
  for (const value of kept.values()) total += bytesOf(value);
  for (const [key, value] of kept) {
    if ((kept.size <= count && total <= bytes) || key === keep) break;
    kept.delete(key);
    total -= bytesOf(value);
  }
}

/**
 * Phrase hits per field and phrase, kept across requests for one store (the engine keeps one
 * cache per copy): a slot's document never changes, so hits found stay right and only the slots
 * appended since are searched. A phrase is PostgreSQL's `a <-> b <-> c`: token i at position
 * p + i, a number token at any of its signed forms. Dead slots may be among the hits.
 */
export class PhraseCache {
  private readonly found = new Map<string, { size: number; hits: PhraseHits }>();
  private readonly fieldIds = new Map<SearchableField, number>();

  constructor(readonly store: Store) {}

  /** Decoded entries of recent lexemes (BM25's), while no slot was appended. */
  private readonly plainKept = new Map<string, { size: number; entries: Entries }>();

  private fieldKey(field: SearchableField, text: string): string {
    let fieldId = this.fieldIds.get(field);
    if (fieldId === undefined) this.fieldIds.set(field, (fieldId = this.fieldIds.size));
    return `${fieldId} ${text}`;
  }

  /** A lexeme's entries (BM25's document frequencies). */
  entries(field: SearchableField, lexeme: string): Entries {
    const key = this.fieldKey(field, lexeme);
    return keep(this.plainKept, key, this.store.size, () => field.entries(lexeme));
  }

  /** Bytes kept: the phrase hits, the decoded entries (the footprint report). */
  get bytes(): { hits: number; decoded: number } {
    let hits = 0;
    for (const kept of this.found.values()) hits += typedBytes(kept.hits);
    let decoded = 0;
    for (const kept of this.plainKept.values()) decoded += typedBytes(kept.entries);
    return { hits, decoded };
  }

  hits(field: SearchableField, tokens: readonly string[]): PhraseHits {
    const key = this.fieldKey(field, tokens.join(' '));
    const kept = this.found.get(key);
    this.found.delete(key);
    const size = this.store.size;
    let hits: PhraseHits;
    if (kept !== undefined && kept.size === size) hits = kept.hits;
    else {
      const from = kept?.size ?? 0;
      const fresh = phraseHits(field, tokens, this.store.capacity, from);
      hits = kept === undefined ? fresh : concatHits(kept.hits, fresh);
    }
    this.found.set(key, { size, hits });
    evict(this.found, (kept) => typedBytes(kept.hits), keptPhrases, keptPhraseBytes, key);
    return hits;
  }
}

/** Decoded entries kept per lexeme (the few of the last phrases and ranked terms). */
const keptDecodes = 8;
const keptDecodeBytes = 12 * 2 ** 20;

/** The kept value of key while the store has `size` slots, else computed and kept. */
function keep<T extends object>(
  kept: Map<string, { size: number; entries: T }>,
  key: string,
  size: number,
  decode: () => T,
): T {
  const found = kept.get(key);
  kept.delete(key);
  const entries = found?.size === size ? found.entries : decode();
  kept.set(key, { size, entries });
  evict(kept, (value) => typedBytes(value.entries), keptDecodes, keptDecodeBytes, key);
  return entries;
}

function concatHits(a: PhraseHits, b: PhraseHits): PhraseHits {
  if (b.count === 0) return a;
  const slots = new Uint32Array(a.count + b.count);
  const frequencies = new Uint32Array(a.count + b.count);
  slots.set(a.slots.subarray(0, a.count));
  slots.set(b.slots.subarray(0, b.count), a.count);
  frequencies.set(a.frequencies.subarray(0, a.count));
  frequencies.set(b.frequencies.subarray(0, b.count), a.count);
  return { count: a.count + b.count, slots, frequencies };
}

/** No live set: documentFrequency counting entries (every slot taken as live). */
const noSlots = new Uint32Array(0);

/** The phrase's hits among slots ≥ from. */
export function phraseHits(
  field: SearchableField,
  tokens: readonly string[],
  capacity: number,
  from: number,
): PhraseHits {
  // A token the field never had: no need to decode the others.
  if (!tokens.every((token) => variants(token).some((lexeme) => field.has(lexeme)))) return noHits;
  // Candidates: the documents of the rarest token (its entries counted, not decoded). A common
  // word's postings are then only read where the rare one is.
  let rarest: readonly string[] = [];
  let fewest = Infinity;
  for (const token of tokens) {
    const lexemes = variants(token);
    let count = 0;
    for (const lexeme of lexemes) count += field.documentFrequency(lexeme, noSlots, true);
    if (count < fewest) {
      fewest = count;
      rarest = lexemes;
    }
  }
  if (fewest === 0) return noHits;
  const candidates = emptyBitset(capacity);
  for (const lexeme of rarest) field.orInto(lexeme, candidates, from);
  const all = toSlots(candidates);
  recycle(candidates);
  let first = 0;
  while (first < all.length && (all[first] ?? 0) < from) first++;
  const slots = all.subarray(first);
  const outSlots = new Uint32Array(slots.length);
  const frequencies = new Uint32Array(slots.length);
  let n = 0;
  // Part by part (a sealed segment, the tail): each token's positions are decoded for the
  // part's candidates only, so the arrays stay small (a common word's in every document were
  // tens of MB at 1,000,000 documents) and hot in the cache.
  const parts = field.parts();
  let c = 0;
  for (let part = 0; part < parts.length && c < slots.length; part++) {
    const end = parts[part + 1] ?? Infinity;
    let stop = c;
    while (stop < slots.length && (slots[stop] ?? 0) < end) stop++;
    if (stop === c) continue;
    n = matchPart(
      field,
      tokens,
      candidates,
      part,
      slots.subarray(c, stop),
      outSlots,
      frequencies,
      n,
    );
    c = stop;
  }
  return { count: n, slots: outSlots, frequencies };
}

/**
 * The phrase's hits among slots (candidates of one part, ascending), written from outSlots[n]
 * on; returns the new n.
 */
function matchPart(
  field: SearchableField,
  tokens: readonly string[],
  candidates: Bitset,
  part: number,
  slots: Uint32Array,
  outSlots: Uint32Array,
  frequencies: Uint32Array,
  n: number,
): number {
  // Per token, the positional entries of its lexemes (a number's signed forms too) in the
  // candidates only: a common word's other documents cost a skip, not a decode.
  const lists: PositionalEntries[] = [];
  const groupStarts: number[] = [];
  for (const token of tokens) {
    groupStarts.push(lists.length);
    for (const lexeme of variants(token)) {
      const entries = field.positional(lexeme, 0, candidates, part);
      if (entries.count > 0) lists.push(entries);
    }
    if (lists.length === groupStarts[groupStarts.length - 1]) return n;
  }
  groupStarts.push(lists.length);
  const cursor = new Uint32Array(lists.length);
  /** Per list, the entry of the current slot, or -1. */
  const at = new Int32Array(lists.length);
  const groups = tokens.length;
  for (let c = 0; c < slots.length; c++) {
    const slot = slots[c] ?? 0;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l] ?? lists[0];
      if (list === undefined) break;
      let i = cursor[l] ?? 0;
      while (i < list.count && (list.slots[i] ?? 0) < slot) i++;
      cursor[l] = i;
      at[l] = i < list.count && list.slots[i] === slot ? i : -1;
    }
    let frequency = 0;
    for (let l = groupStarts[0] ?? 0; l < (groupStarts[1] ?? 0); l++) {
      const list = lists[l];
      const entry = at[l] ?? -1;
      if (list === undefined || entry < 0) continue;
      const start = list.starts[entry] ?? 0;
      const end = start + (list.tfs[entry] ?? 0);
      for (let q = start; q < end; q++) {
        const position = list.positions[q] ?? 0;
        let holds = true;
        for (let g = 1; g < groups && holds; g++) {
          holds = false;
          for (let m = groupStarts[g] ?? 0; m < (groupStarts[g + 1] ?? 0) && !holds; m++) {
            const other = lists[m];
            const e = at[m] ?? -1;
            if (other !== undefined && e >= 0) holds = hasPosition(other, e, position + g);
          }
        }
        if (holds) frequency++;
      }
    }
    if (frequency > 0) {
      outSlots[n] = slot;
      frequencies[n++] = frequency;
    }
  }
  return n;
}

function hasPosition(list: PositionalEntries, entry: number, position: number): boolean {
  const start = list.starts[entry] ?? 0;
  const end = start + (list.tfs[entry] ?? 0);
  for (let q = start; q < end; q++) {
    const p = list.positions[q] ?? 0;
    if (p >= position) return p === position;
  }
  return false;
}

/** The term and phrase operands outside any negation: those that rank (prefixes are constant-score). */
export function rankedOperands(node: SimpleQueryNode): readonly SimpleQueryNode[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return [node];
    case 'sequence':
      return [node.first, ...node.rest.map((r) => r.operand)].flatMap(rankedOperands);
    default:
      return [];
  }
}

/**
 * BM25 (k1 1.2, b 0.75, Lucene's idf) summed over the searched fields and the ranked operands'
 * lexemes, into a score per slot; a phrase scores as Lucene's phrase query does (its frequency,
 * the sum of its terms' idf). Document frequencies count live slots only.
 */
export function bm25(
  store: Store,
  operands: readonly SimpleQueryNode[],
  fields: readonly SearchableField[],
  phrases: PhraseCache,
  /** An array of store.size to fill instead of a new one (its old values are cleared). */
  into?: Float64Array,
  /**
   * Only these slots (a page ordered without the score): their scores, in page order, from
   * their entries alone (skip lists jump to them) instead of every matching document's.
   */
  page?: Uint32Array,
): Float64Array {
  const among = page === undefined ? undefined : emptyBitset(store.capacity);
  const indexOf = new Map<number, number>();
  page?.forEach((slot, i) => {
    if (among !== undefined) setBit(among, slot);
    indexOf.set(slot, i);
  });
  const scores =
    page !== undefined
      ? new Float64Array(page.length)
      : (into?.fill(0) ?? new Float64Array(store.size));
  const n = store.liveCount;
  const live = store.live;
  const allLive = store.deadCount === 0;
  const idfOf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const liveCount = (count: number, slots: Uint32Array) => {
    let df = 0;
    for (let i = 0; i < count; i++) {
      const s = slots[i] ?? 0;
      df += ((live[s >>> 5] ?? 0) >>> (s & 31)) & 1;
    }
    return df;
  };
  for (const field of fields) {
    const average = n === 0 ? 1 : field.liveLength / n || 1;
    const lengths = field.lengths;
    const add = (count: number, slots: Uint32Array, tfs: Uint32Array, idf: number) => {
      for (let i = 0; i < count; i++) {
        const slot = slots[i] ?? 0;
        if ((((live[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 0) continue;
        const at = among === undefined ? slot : (indexOf.get(slot) ?? -1);
        if (at < 0) continue;
        const tf = tfs[i] ?? 0;
        const norm = k1 * (1 - b + (b * (lengths[slot] ?? 0)) / average);
        scores[at] = (scores[at] ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm);
      }
    };
    for (const operand of operands) {
      if (operand.kind === 'phrase') {
        const hits = phrases.hits(field, operand.tokens);
        if (liveCount(hits.count, hits.slots) === 0) continue;
        let idf = 0;
        for (const token of operand.tokens) {
          let df = 0;
          for (const lexeme of variants(token)) {
            df += field.documentFrequency(lexeme, live, allLive);
          }
          idf += idfOf(df);
        }
        add(hits.count, hits.slots, hits.frequencies, idf);
        continue;
      }
      if (operand.kind !== 'term') continue;
      for (const token of operand.tokens) {
        for (const lexeme of variants(token)) {
          const df = field.documentFrequency(lexeme, live, allLive);
          if (df === 0) continue;
          const { count, slots, tfs } =
            among === undefined ? phrases.entries(field, lexeme) : field.entries(lexeme, among);
          add(count, slots, tfs, idfOf(df));
        }
      }
    }
  }
  if (among !== undefined) recycle(among);
  return scores;
}

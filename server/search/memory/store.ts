import type { FieldDefinition, IndexDefinition } from '../index-definition';
import { compareCodePoints } from './order';
import { clearBit, setBit, wordsFor, type Bitset } from './bitset';
import { parseTsvector } from './tsvector';

/**
 * The doc ids (slots, ascending) and term frequencies of one lexeme in one field. A lexeme in
 * one document only (most keys, rare words) keeps it inline: a typed array each would cost far
 * more than the posting itself.
 */
export class Posting {
  n = 0;
  d0 = 0;
  t0 = 0;
  /** Interleaved slot, tf pairs once n > 1. */
  data: Uint32Array | null = null;

  add(slot: number, tf: number): void {
    if (this.n === 0) {
      this.d0 = slot;
      this.t0 = tf;
    } else {
      let data = this.data;
      if (data === null) {
        data = new Uint32Array(8);
        data[0] = this.d0;
        data[1] = this.t0;
      } else if (data.length < 2 * (this.n + 1)) {
        const grown = new Uint32Array(data.length * 2);
        grown.set(data);
        data = grown;
      }
      data[2 * this.n] = slot;
      data[2 * this.n + 1] = tf;
      this.data = data;
    }
    this.n++;
  }

  /** Drops the growth slack (after a full load). */
  trim(): void {
    if (this.data !== null && this.data.length > 2 * this.n)
      this.data = this.data.slice(0, 2 * this.n);
  }

  /** Calls visit(slot, tf) for each entry, ascending (dead slots included). */
  forEach(visit: (slot: number, tf: number) => void): void {
    const data = this.data;
    if (data === null) {
      if (this.n === 1) visit(this.d0, this.t0);
      return;
    }
    for (let i = 0; i < this.n; i++) visit(data[2 * i] ?? 0, data[2 * i + 1] ?? 0);
  }

  /** set |= this posting's slots. */
  orInto(set: Bitset): void {
    const data = this.data;
    if (data === null) {
      if (this.n === 1) setBit(set, this.d0);
      return;
    }
    for (let i = 0; i < this.n; i++) {
      const s = data[2 * i] ?? 0;
      set[s >>> 5] = (set[s >>> 5] ?? 0) | (1 << (s & 31));
    }
  }
}

/** The postings of one searchable field, its sorted lexicon for prefixes, per-slot lengths. */
export class TextField {
  readonly terms = new Map<string, Posting>();
  private sorted: string[] | null = null;
  /** Tokens per slot (sum of tf): BM25's document length. */
  lengths: Uint32Array;
  /** Sum of lengths over live slots. */
  liveLength = 0;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    this.lengths = new Uint32Array(capacity);
  }

  index(slot: number, tsvector: string): void {
    let length = 0;
    parseTsvector(tsvector, (lexeme, tf) => {
      let posting = this.terms.get(lexeme);
      if (posting === undefined) {
        posting = new Posting();
        this.terms.set(lexeme, posting);
        this.sorted = null;
      }
      posting.add(slot, tf);
      length += tf;
    });
    this.lengths[slot] = length;
    this.liveLength += length;
  }

  /** Every lexeme starting with prefix (binary search in the sorted lexicon). */
  withPrefix(prefix: string): string[] {
    const sorted = (this.sorted ??= [...this.terms.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length; i++) {
      const term = sorted[i] ?? '';
      if (!term.startsWith(prefix)) break;
      out.push(term);
    }
    return out;
  }

  grow(capacity: number): void {
    this.lengths = grown(this.lengths, capacity);
  }

  trim(): void {
    for (const posting of this.terms.values()) posting.trim();
  }
}

/** Interned strings; ranks (code-point order, PostgreSQL's "C" collation) made on demand. */
export class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  private rankCache: Int32Array | null = null;

  codeOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      this.rankCache = null;
    }
    return id;
  }

  find(value: string): number | undefined {
    return this.ids.get(value);
  }

  get ranks(): Int32Array {
    if (this.rankCache === null) {
      const order = this.values.map((_, i) => i);
      order.sort((a, b) => compareCodePoints(this.values[a] ?? '', this.values[b] ?? ''));
      const ranks = new Int32Array(this.values.length);
      order.forEach((code, rank) => (ranks[code] = rank));
      this.rankCache = ranks;
    }
    return this.rankCache;
  }
}

/** A filterable or sortable field's values per slot. */
export type Column =
  | { readonly kind: 'number'; readonly field: FieldDefinition; values: Float64Array }
  /** 0 null, 1 false, 2 true: ascending order is Azure's (nulls first). */
  | { readonly kind: 'boolean'; readonly field: FieldDefinition; values: Uint8Array }
  /** -1 null. */
  | {
      readonly kind: 'string';
      readonly field: FieldDefinition;
      readonly dict: Dictionary;
      codes: Int32Array;
    }
  /** The key: the store's own keys array. */
  | { readonly kind: 'key'; readonly field: FieldDefinition }
  /** CSR: slot s holds values[offsets[s] … offsets[s + 1]). */
  | {
      readonly kind: 'collection';
      readonly field: FieldDefinition;
      readonly dict: Dictionary;
      offsets: Uint32Array;
      values: Int32Array;
      size: number;
    };

/** A row as the loader selects it: columns by field name, tsvectors under `${field}__tsv`. */
export type StoreRow = Readonly<Record<string, unknown>>;

/** The tsvector text of a searchable field in a loader row. */
export const tsvAlias = (field: string) => `${field}__tsv`;

function grown<T extends Float64Array | Uint8Array | Int32Array | Uint32Array>(
  array: T,
  capacity: number,
): T {
  if (array.length >= capacity) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

/**
 * The in-memory copy of one index: slots appended in load order, a slot per document version
 * (a replaced or deleted document's slot goes dead, a new one is appended), columns for the
 * filterable and sortable fields, postings for the searchable ones.
 */
export class Store {
  size = 0;
  capacity: number;
  live: Bitset;
  liveCount = 0;
  keys: string[] = [];
  readonly slotOf = new Map<string, number>();
  readonly columns = new Map<string, Column>();
  readonly text = new Map<string, TextField>();
  /** Bumped on every change: presorted permutations of an older version are stale. */
  version = 0;

  constructor(
    readonly index: IndexDefinition,
    capacity = 1024,
  ) {
    this.capacity = capacity;
    this.live = new Uint32Array(wordsFor(capacity));
    for (const field of index.fields) {
      if (field.searchable) this.text.set(field.name, new TextField(field, capacity));
      if (!field.filterable && !field.sortable) continue;
      this.columns.set(field.name, columnFor(field, index.key, capacity));
    }
  }

  get deadCount(): number {
    return this.size - this.liveCount;
  }

  /** Adds or replaces the document of row's key. */
  put(row: StoreRow): void {
    const key = String(row[this.index.key]);
    this.remove(key);
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const slot = this.size++;
    this.keys[slot] = key;
    this.slotOf.set(key, slot);
    setBit(this.live, slot);
    this.liveCount++;
    for (const column of this.columns.values()) store(column, slot, row[column.field.name]);
    for (const [name, text] of this.text) {
      const value = row[tsvAlias(name)];
      text.index(slot, typeof value === 'string' ? value : '');
    }
    this.version++;
  }

  /** Marks key's document dead, if there is one. */
  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    clearBit(this.live, slot);
    this.liveCount--;
    for (const text of this.text.values()) text.liveLength -= text.lengths[slot] ?? 0;
    this.version++;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.live = grown(this.live, wordsFor(capacity));
    for (const column of this.columns.values()) {
      switch (column.kind) {
        case 'number':
          column.values = grown(column.values, capacity);
          break;
        case 'boolean':
          column.values = grown(column.values, capacity);
          break;
        case 'string':
          column.codes = grown(column.codes, capacity);
          break;
        case 'collection':
          column.offsets = grown(column.offsets, capacity + 1);
          break;
        case 'key':
          break;
      }
    }
    for (const text of this.text.values()) text.grow(capacity);
  }
}

function columnFor(field: FieldDefinition, key: string, capacity: number): Column {
  if (field.name === key) return { kind: 'key', field };
  switch (field.type) {
    case 'Edm.String':
      return { kind: 'string', field, dict: new Dictionary(), codes: new Int32Array(capacity) };
    case 'Edm.Boolean':
      return { kind: 'boolean', field, values: new Uint8Array(capacity) };
    case 'Collection(Edm.String)':
      return {
        kind: 'collection',
        field,
        dict: new Dictionary(),
        offsets: new Uint32Array(capacity + 1),
        values: new Int32Array(capacity),
        size: 0,
      };
    default:
      return { kind: 'number', field, values: new Float64Array(capacity) };
  }
}

function store(column: Column, slot: number, value: unknown): void {
  switch (column.kind) {
    case 'number':
      column.values[slot] = value === null || value === undefined ? NaN : Number(value);
      return;
    case 'boolean':
      column.values[slot] =
        value === null || value === undefined
          ? 0
          : value === true || value === 't' || value === 'true'
            ? 2
            : 1;
      return;
    case 'string':
      column.codes[slot] =
        value === null || value === undefined ? -1 : column.dict.codeOf(String(value));
      return;
    case 'collection': {
      const items = Array.isArray(value) ? value : [];
      if (column.values.length < column.size + items.length) {
        column.values = grown(
          column.values,
          Math.max(column.values.length * 2, column.size + items.length),
        );
      }
      column.offsets[slot] = column.size;
      for (const item of items) column.values[column.size++] = column.dict.codeOf(String(item));
      column.offsets[slot + 1] = column.size;
      return;
    }
    case 'key':
      return;
  }
}

import type { FieldDefinition, IndexDefinition } from '../index-definition';
import { clearBit, setBit, wordsFor, type Bitset } from './bitset';
import { KeyTextField } from './key-postings';
import { KeyTable } from './key-table';
import { TextField, type SearchableField } from './postings';
import { StringTable } from './strings';
import { FingerprintTable } from './fingerprints';
import { Unsupported } from './unsupported';
import { EqualityIndex, worthIndexing } from './equality-index';
import { maxBitsetValues, ValueBitsets } from './value-bitsets';

/**
 * A column's interned strings; ranks (code-point order, PostgreSQL's "C" collation) on demand.
 * A column only ever compared for equality may keep fingerprints instead (fingerprints.ts).
 */
export class Dictionary {
  private strings: StringTable | null = new StringTable();
  private prints: FingerprintTable | null = null;
  private rankCache: Int32Array | null = null;

  codeOf(value: string): number {
    if (this.prints !== null) return this.prints.codeOf(value);
    const strings = this.table();
    const size = strings.size;
    const code = strings.codeOf(value);
    if (strings.size !== size) this.rankCache = null;
    return code;
  }

  find(value: string): number | undefined {
    return this.prints !== null ? this.prints.find(value) : this.table().find(value);
  }

  /** The number of distinct values. */
  get size(): number {
    return this.prints !== null ? this.prints.size : this.table().size;
  }

  /** Whether the values themselves are gone (only equality can be answered). */
  get fingerprintsOnly(): boolean {
    return this.prints !== null;
  }

  /** f of every value, by code. */
  map<T>(f: (value: string) => T): T[] {
    return this.table().map(f);
  }

  get ranks(): Int32Array {
    if (this.rankCache === null) {
      const strings = this.table();
      const order = new Int32Array(strings.size);
      for (let i = 0; i < order.length; i++) order[i] = i;
      order.sort((a, b) => strings.compare(a, b));
      const ranks = new Int32Array(order.length);
      order.forEach((code, rank) => (ranks[code] = rank));
      this.rankCache = ranks;
    }
    return this.rankCache;
  }

  trim(): void {
    this.strings?.trim();
    this.prints?.trim();
  }

  /** Replaces the strings by their fingerprints, codes unchanged. */
  keepFingerprintsOnly(): void {
    const strings = this.strings;
    if (strings === null) return;
    const prints = new FingerprintTable();
    for (let code = 0; code < strings.size; code++) {
      prints.addFingerprint(strings.valueOf(code));
    }
    prints.trim();
    this.prints = prints;
    this.strings = null;
    this.rankCache = null;
  }

  /** What the values are kept as (for the footprint). */
  get held(): StringTable | FingerprintTable | null {
    return this.prints ?? this.strings;
  }

  private table(): StringTable {
    // The questions beyond equality (order, a predicate per value) go to the SQL executor.
    if (this.strings === null) throw new Unsupported('a column kept as fingerprints');
    return this.strings;
  }
}

/** A filterable or sortable field's values per slot. */
export type Column =
  | {
      readonly kind: 'number';
      readonly field: FieldDefinition;
      values: Float64Array;
      /**
       * For a column of few distinct values (articleType): a bitset per value (value-bitsets.ts),
       * the value's index in `indexOf` (NaN, null, among them).
       */
      bitsets: { readonly sets: ValueBitsets; readonly indexOf: Map<number, number> } | null;
    }
  /** 0 null, 1 false, 2 true: ascending order is Azure's (nulls first). */
  | {
      readonly kind: 'boolean';
      readonly field: FieldDefinition;
      values: Uint8Array;
      /** A bitset per value: index 0 null, 1 false, 2 true. */
      bitsets: ValueBitsets | null;
    }
  /** -1 null. */
  | {
      readonly kind: 'string';
      readonly field: FieldDefinition;
      readonly dict: Dictionary;
      codes: Int32Array;
      /** The slots of each value, for a column of many distinct values (equality-index.ts). */
      equality: EqualityIndex | null;
      /** For a column of few distinct values: a bitset per code + 1 (0: null). */
      bitsets: ValueBitsets | null;
    }
  /** The key: the store's key table. */
  | { readonly kind: 'key'; readonly field: FieldDefinition }
  /** CSR: slot s holds values[offsets[s] … offsets[s + 1]). */
  | {
      readonly kind: 'collection';
      readonly field: FieldDefinition;
      readonly dict: Dictionary;
      offsets: Uint32Array;
      /** Codes: 2 bytes each while the dictionary has at most 65,536 values (diseases, tags). */
      values: Uint16Array | Int32Array;
      size: number;
      /** For a collection of few distinct values: 0 "has any", code + 1 "holds the value". */
      bitsets: ValueBitsets | null;
    };

/**
 * A field only ever compared for equality: filterable, but neither sortable, facetable nor
 * searchable (sourceUrl). With an equality index, its values can be fingerprints.
 */
function equalityOnly(field: FieldDefinition): boolean {
  return field.filterable && !field.sortable && !field.facetable && !field.searchable;
}

/** A row as the loader selects it: columns by field name, tsvectors under `${field}__tsv`. */
export type StoreRow = Readonly<Record<string, unknown>>;

/** The tsvector text of a searchable field in a loader row. */
export const tsvAlias = (field: string) => `${field}__tsv`;

function grown<T extends Float64Array | Uint8Array | Uint16Array | Int32Array | Uint32Array>(
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
  /** Each slot's key and each key's live slot. */
  readonly keys: KeyTable;
  readonly columns = new Map<string, Column>();
  readonly text = new Map<string, SearchableField>();
  /** Bumped on every change: presorted permutations of an older version are stale. */
  version = 0;

  constructor(
    readonly index: IndexDefinition,
    capacity = 1024,
  ) {
    this.capacity = capacity;
    this.live = new Uint32Array(wordsFor(capacity));
    this.keys = new KeyTable(capacity);
    for (const field of index.fields) {
      if (field.searchable) {
        this.text.set(
          field.name,
          field.name === index.key
            ? new KeyTextField(field, capacity, this.keys)
            : new TextField(field, capacity),
        );
      }
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
    this.keys.set(slot, key);
    setBit(this.live, slot);
    this.liveCount++;
    for (const column of this.columns.values()) {
      store(column, slot, row[column.field.name]);
      addToBitsets(column, slot);
    }
    for (const [name, text] of this.text) {
      const value = row[tsvAlias(name)];
      text.index(slot, typeof value === 'string' ? value : '');
    }
    this.version++;
  }

  /** Drops growth slack after a bulk load (seals the postings' tails, sorts their lexicons). */
  trim(): void {
    this.keys.trim();
    for (const text of this.text.values()) text.trim();
    for (const column of this.columns.values()) {
      if (column.kind === 'string' || column.kind === 'collection') column.dict.trim();
      // Collections grow by doubling: up to half their codes' array is slack after a load.
      if (column.kind === 'collection') column.values = column.values.slice(0, column.size);
      if (column.kind === 'string' && column.equality === null) {
        if (worthIndexing(column.dict.size, this.liveCount)) {
          column.equality = EqualityIndex.of(column.codes, this.size, column.dict.size);
          if (equalityOnly(column.field)) column.dict.keepFingerprintsOnly();
        }
      }
      if (column.kind !== 'key' && column.bitsets === null) {
        bitsetsOf(column, this.size, this.capacity);
      }
    }
  }

  /** Deletes what the copy keeps on disk (its postings' positions): the copy is dropped. */
  close(): void {
    for (const text of this.text.values()) text.close();
  }

  /** Bytes the copy keeps on disk (its postings' positions). */
  get spilledBytes(): number {
    let total = 0;
    for (const text of this.text.values()) total += text.spilledBytes;
    return total;
  }

  /** Marks key's document dead, if there is one. */
  remove(key: string): void {
    const slot = this.keys.delete(key);
    if (slot === undefined) return;
    clearBit(this.live, slot);
    this.liveCount--;
    for (const text of this.text.values()) text.liveLength -= text.lengths[slot] ?? 0;
    this.version++;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.live = grown(this.live, wordsFor(capacity));
    this.keys.grow(capacity);
    for (const column of this.columns.values()) {
      switch (column.kind) {
        case 'number':
          column.values = grown(column.values, capacity);
          column.bitsets?.sets.grow(capacity);
          break;
        case 'boolean':
          column.values = grown(column.values, capacity);
          column.bitsets?.grow(capacity);
          break;
        case 'string':
          column.codes = grown(column.codes, capacity);
          column.equality?.grow(capacity);
          column.bitsets?.grow(capacity);
          break;
        case 'collection':
          column.offsets = grown(column.offsets, capacity + 1);
          column.bitsets?.grow(capacity);
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
      return {
        kind: 'string',
        field,
        dict: new Dictionary(),
        codes: new Int32Array(capacity),
        equality: null,
        bitsets: null,
      };
    case 'Edm.Boolean':
      return { kind: 'boolean', field, values: new Uint8Array(capacity), bitsets: null };
    case 'Collection(Edm.String)':
      return {
        kind: 'collection',
        field,
        dict: new Dictionary(),
        offsets: new Uint32Array(capacity + 1),
        values: new Uint16Array(capacity),
        size: 0,
        bitsets: null,
      };
    default:
      return { kind: 'number', field, values: new Float64Array(capacity), bitsets: null };
  }
}

/**
 * Builds a column's value bitsets over slots [0, size) when it has few distinct values (at most
 * maxBitsetValues); a column of more keeps scanning.
 */
function bitsetsOf(column: Exclude<Column, { kind: 'key' }>, size: number, capacity: number): void {
  switch (column.kind) {
    case 'boolean':
      column.bitsets = new ValueBitsets(capacity);
      break;
    case 'string':
      if (column.dict.size + 1 > maxBitsetValues) return;
      column.bitsets = new ValueBitsets(capacity);
      break;
    case 'collection':
      if (column.dict.size + 1 > maxBitsetValues) return;
      column.bitsets = new ValueBitsets(capacity);
      break;
    case 'number': {
      const distinct = new Set<number>();
      for (let s = 0; s < size && distinct.size <= maxBitsetValues; s++) {
        distinct.add(column.values[s] ?? NaN);
      }
      if (distinct.size > maxBitsetValues) return;
      column.bitsets = { sets: new ValueBitsets(capacity), indexOf: new Map() };
      break;
    }
  }
  for (let slot = 0; slot < size; slot++) addToBitsets(column, slot);
}

/** Sets slot's bits in its column's value bitsets; a value past their limit drops them. */
function addToBitsets(column: Column, slot: number): void {
  switch (column.kind) {
    case 'boolean':
      column.bitsets?.add(slot, column.values[slot] ?? 0);
      return;
    case 'string':
      if (column.bitsets?.add(slot, (column.codes[slot] ?? -1) + 1) === false) {
        column.bitsets = null;
      }
      return;
    case 'collection': {
      const sets = column.bitsets;
      if (sets === null) return;
      const start = column.offsets[slot] ?? 0;
      const end = column.offsets[slot + 1] ?? 0;
      if (end > start) sets.add(slot, 0);
      for (let i = start; i < end; i++) {
        if (!sets.add(slot, (column.values[i] ?? 0) + 1)) {
          column.bitsets = null;
          return;
        }
      }
      return;
    }
    case 'number': {
      const bitsets = column.bitsets;
      if (bitsets === null) return;
      const value = column.values[slot] ?? NaN;
      let index = bitsets.indexOf.get(value);
      if (index === undefined) bitsets.indexOf.set(value, (index = bitsets.indexOf.size));
      if (!bitsets.sets.add(slot, index)) column.bitsets = null;
      return;
    }
    case 'key':
      return;
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
    case 'string': {
      const code = value === null || value === undefined ? -1 : column.dict.codeOf(String(value));
      column.codes[slot] = code;
      column.equality?.add(slot, code);
      return;
    }
    case 'collection': {
      const items = Array.isArray(value) ? value : [];
      if (column.values.length < column.size + items.length) {
        column.values = grown(
          column.values,
          Math.max(column.values.length * 2, column.size + items.length),
        );
      }
      column.offsets[slot] = column.size;
      for (const item of items) {
        const code = column.dict.codeOf(String(item));
        if (code > 0xffff && column.values instanceof Uint16Array) {
          column.values = Int32Array.from(column.values);
        }
        column.values[column.size++] = code;
      }
      column.offsets[slot + 1] = column.size;
      return;
    }
    case 'key':
      return;
  }
}

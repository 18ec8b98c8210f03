import type { FieldDefinition } from '../index-definition';
import { StringTable } from './strings';
import { lowerBound } from './lower-bound';
import { andInto, cardinality, cardinalityBetween, type Bitset } from './bitset';
import { SpillFile } from './spill-file';
import { parseTsvector } from './tsvector';

/** Documents the mutable tail holds before it is sealed into a compressed segment. */
const defaultSegmentDocuments = 16_384;
/** Entries per block of a term's skip list (its positions' byte offset at each block's start). */
const skipBlock = 128;
/** A term gets a skip list in a segment once it has this many entries there. */
const skipFrom = 4 * skipBlock;
/**
 * Bytes of positions read at once when a phrase reads a common word's blocks: a block's are a
 * few hundred, and a read from the page cache cost several µs whatever its size.
 */
const positionWindow = 32 * 1024;
/** Lexemes added since the sorted lexicon was made, scanned linearly until merged in. */
const unsortedLexemes = 4_096;

/** A lexeme's entries, decoded: slots ascending (dead ones included) and term frequencies. */
export interface Entries {
  readonly count: number;
  readonly slots: Uint32Array;
  readonly tfs: Uint32Array;
}

/** Entries with positions: entry i's are positions[starts[i] … starts[i] + tfs[i]), ascending. */
export interface PositionalEntries extends Entries {
  readonly starts: Uint32Array;
  readonly positions: Uint32Array;
}

const noEntries: PositionalEntries = {
  count: 0,
  slots: new Uint32Array(0),
  tfs: new Uint32Array(0),
  starts: new Uint32Array(0),
  positions: new Uint32Array(0),
};

/** Appends unsigned LEB128 varints to a growing byte array. */
class ByteWriter {
  bytes = new Uint8Array(4096);
  length = 0;

  varint(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Reads ByteWriter's varints from `bytes`, from byte `at` on: the one decoder of them. */
class VarintReader {
  constructor(
    public bytes: Uint8Array,
    public at = 0,
  ) {}

  /** The varint at `at`; `at` moves past it. */
  next(): number {
    const bytes = this.bytes;
    let at = this.at;
    let byte = bytes[at++] ?? 0;
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[at++] ?? 0;
      value |= (byte & 0x7f) << shift;
    }
    this.at = at;
    return value;
  }

  /** Moves `at` past count varints (each ends at a byte below 0x80). */
  skip(count: number): void {
    const bytes = this.bytes;
    let at = this.at;
    for (let t = 0; t < count; t++) while ((bytes[at++] ?? 0) >= 0x80);
    this.at = at;
  }
}

/**
 * The sealed postings of slots from `first` on: per lexeme present (term ids sorted), its
 * entries as varints (slot gap, tf) in `docs` and each entry's positions as varint gaps in
 * `positions`. About 1 byte per slot gap, 1 per tf and 1–2 per position on this corpus.
 */
class Segment {
  constructor(
    readonly first: number,
    readonly terms: Int32Array,
    readonly entryCounts: Uint32Array,
    readonly positionCounts: Uint32Array,
    /** Per term i: docs[docStarts[i] … docStarts[i + 1]). */
    readonly docStarts: Uint32Array,
    readonly positionStarts: Uint32Array,
    readonly docs: Uint8Array,
    /** Where the segment's positions start in the field's positions file (spill-file.ts). */
    readonly positionsAt: number,
    /**
     * Skip lists of the terms with many entries (a common word's): for term index
     * skipTerms[j], block b ≥ 1 of its entries (skipBlock each) starts at
     * skips[skipStarts[j] + 3(b - 1) …]: the byte offset of its first entry in docs (from
     * docStarts), the slot before it (the gaps' base), and the byte offset of its positions (from
     * positionStarts). A phrase's few candidates then read their entries and positions without
     * decoding every other document's.
     */
    readonly skipTerms: Int32Array,
    readonly skipStarts: Uint32Array,
    readonly skips: Uint32Array,
  ) {}

  /** Where term index i's skip list starts in skips, or -1 when it has none. */
  skipsOf(i: number): number {
    const terms = this.skipTerms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] ?? 0) < i) lo = mid + 1;
      else hi = mid;
    }
    return lo < terms.length && terms[lo] === i ? (this.skipStarts[lo] ?? 0) : -1;
  }

  /** The index of a term id in this segment, or -1. */
  find(term: number): number {
    const terms = this.terms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] ?? 0) < term) lo = mid + 1;
      else hi = mid;
    }
    return lo < terms.length && terms[lo] === term ? lo : -1;
  }
}

const noBytes = new Uint8Array(0);
/**
 * Where positions read from disk are decoded from (positionBytes): grown to the largest read, a
 * common word's positions in one segment (hundreds of kB).
 */
let positionScratch = new Uint8Array(64 * 1024);

/** The first set bit of set at or after from, or Infinity. */
function nextSetBit(set: Bitset, from: number): number {
  let w = from >>> 5;
  if (w >= set.length) return Infinity;
  let word = ((set[w] ?? 0) >>> (from & 31)) << (from & 31);
  while (word === 0) {
    if (++w >= set.length) return Infinity;
    word = set[w] ?? 0;
  }
  return (w << 5) + (31 - Math.clz32(word & -word));
}

function grownTo<T extends Int32Array | Uint32Array | Uint16Array>(array: T, needed: number): T {
  if (array.length >= needed) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/**
 * The mutable tail: entries in arrival order in flat typed arrays (no per-entry objects, so a
 * bulk load does not churn the heap), chained per term so one term's entries are found without
 * scanning the others.
 */
class Tail {
  first = -1;
  documents = 0;
  size = 0;
  positionCount = 0;
  /** Per entry. */
  slots = new Uint32Array(1024);
  tfs = new Uint16Array(1024);
  positionStarts = new Uint32Array(1024);
  next = new Int32Array(1024);
  /** Positions (PostgreSQL's are at most 16383). */
  positions = new Uint16Array(4096);
  /** Per term id: its first and last entry (-1: none), entries and positions. */
  heads = new Int32Array(1024).fill(-1);
  lasts = new Int32Array(1024);
  counts = new Uint32Array(1024);
  positionTotals = new Uint32Array(1024);
  /** The term ids with entries, in order of first appearance. */
  present: number[] = [];

  add(term: number, slot: number, positions: Uint32Array, tf: number): void {
    if (this.heads.length <= term) {
      const length = this.heads.length;
      this.heads = grownTo(this.heads, term + 1);
      this.heads.fill(-1, length);
      this.lasts = grownTo(this.lasts, this.heads.length);
      this.counts = grownTo(this.counts, this.heads.length);
      this.positionTotals = grownTo(this.positionTotals, this.heads.length);
    }
    const e = this.size++;
    if (this.slots.length <= e) {
      this.slots = grownTo(this.slots, e + 1);
      this.tfs = grownTo(this.tfs, e + 1);
      this.positionStarts = grownTo(this.positionStarts, e + 1);
      this.next = grownTo(this.next, e + 1);
    }
    this.slots[e] = slot;
    this.tfs[e] = tf;
    this.positionStarts[e] = this.positionCount;
    this.next[e] = -1;
    this.positions = grownTo(this.positions, this.positionCount + tf);
    for (let i = 0; i < tf; i++) this.positions[this.positionCount++] = positions[i] ?? 0;
    if ((this.heads[term] ?? -1) < 0) {
      this.heads[term] = e;
      this.present.push(term);
    } else this.next[this.lasts[term] ?? 0] = e;
    this.lasts[term] = e;
    this.counts[term] = (this.counts[term] ?? 0) + 1;
    this.positionTotals[term] = (this.positionTotals[term] ?? 0) + tf;
  }

  countOf(term: number): number {
    return term < this.heads.length ? (this.counts[term] ?? 0) : 0;
  }

  positionTotalOf(term: number): number {
    return term < this.heads.length ? (this.positionTotals[term] ?? 0) : 0;
  }

  headOf(term: number): number {
    return term < this.heads.length ? (this.heads[term] ?? -1) : -1;
  }

  /** Back to small buffers (after a bulk load: live writes need little). */
  shrink(): void {
    this.clear();
    this.slots = new Uint32Array(1024);
    this.tfs = new Uint16Array(1024);
    this.positionStarts = new Uint32Array(1024);
    this.next = new Int32Array(1024);
    this.positions = new Uint16Array(4096);
  }

  clear(): void {
    for (const term of this.present) {
      this.heads[term] = -1;
      this.counts[term] = 0;
      this.positionTotals[term] = 0;
    }
    this.present = [];
    this.first = -1;
    this.documents = 0;
    this.size = 0;
    this.positionCount = 0;
  }
}

/**
 * What the queries (text-query.ts) and the store ask of a searchable field's postings: TextField,
 * or KeyTextField (key-postings.ts) for the key field.
 */
export interface SearchableField {
  readonly field: FieldDefinition;
  /** Tokens per slot (BM25's document length; the store subtracts a removed slot's). */
  readonly lengths: Uint16Array;
  /** Sum of lengths over live slots. */
  liveLength: number;
  /** Adds a slot's tsvector (PostgreSQL's text form); slots must ascend. */
  index(slot: number, tsvector: string): void;
  /** set |= the lexeme's slots; those ≥ from are all set (some below it may be, or not). */
  orInto(lexeme: string, set: Uint32Array, from?: number): void;
  /** False when no slot ever had the lexeme (true may still have none). */
  has(lexeme: string): boolean;
  /** The lexeme's entries, slots ascending; dead slots may be among them, a live one never missing. */
  /** With among, only the entries of its slots (a page's, to score it alone). */
  entries(lexeme: string, among?: Bitset): Entries;
  /**
   * The number of live slots holding the lexeme (BM25's document frequency), without decoding
   * its entries into arrays; allLive: the store has no dead slot (then the entries are counted).
   */
  documentFrequency(lexeme: string, live: Bitset, allLive: boolean): number;
  /**
   * The same with positions; with from, every entry ≥ from (and maybe some below); with among,
   * only the entries of its slots (a phrase's candidates: the positions of a common word's
   * other documents are skipped, not decoded).
   */
  positional(lexeme: string, from?: number, among?: Bitset, part?: number): PositionalEntries;
  /**
   * The first slot of each part of the postings (ascending): `positional` with a part reads that
   * part's entries alone, so a phrase is matched part by part in small arrays.
   */
  parts(): readonly number[];
  /** Every lexeme starting with prefix (perhaps some with no live slot). */
  withPrefix(prefix: string): string[];
  grow(capacity: number): void;
  /** After a bulk load: seal, sort, drop slack. */
  trim(): void;
  /** Deletes what the field keeps on disk (its copy is dropped). */
  close(): void;
  /** Bytes of positions kept on disk. */
  readonly spilledBytes: number;
  readonly compressedBytes: number;
}

/**
 * The postings of one searchable field: a lexicon (lexeme → term id), sealed compressed
 * segments plus a small mutable tail, and tokens per slot (BM25's document length). Slots are
 * only ever appended, so every term's slots ascend across segments and the tail.
 */
export class TextField implements SearchableField {
  private readonly lexicon = new StringTable();
  /** Term ids in lexeme order, and those added since (scanned linearly until merged in). */
  private sorted = new Int32Array(0);
  private unsorted: number[] = [];
  private readonly segments: Segment[] = [];
  private readonly tail = new Tail();
  /**
   * Tokens per slot, at most 65,535 (2 bytes a slot per field: 18 MB less at 1,000,000; a longer
   * text only weighs as one of 65,535 tokens in BM25's length norm).
   */
  lengths: Uint16Array;
  /** Sum of lengths over live slots. */
  liveLength = 0;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
    private readonly segmentDocuments = defaultSegmentDocuments,
  ) {
    this.lengths = new Uint16Array(capacity);
  }

  /** Adds a slot's tsvector (PostgreSQL's text form); slots must ascend. */
  index(slot: number, tsvector: string): void {
    if (this.tail.first < 0) this.tail.first = slot;
    this.slot = slot;
    this.length = 0;
    parseTsvector(tsvector, this);
    const length = Math.min(this.length, 0xffff);
    this.lengths[slot] = length;
    this.liveLength += length;
    if (++this.tail.documents >= this.segmentDocuments) this.seal();
  }

  /** The slot being indexed and its token count so far (the visitor's state: no closures). */
  private slot = 0;
  private length = 0;

  /** parseTsvector's visitor: one lexeme of the slot being indexed. */
  visit(lexeme: string, positions: Uint32Array, tf: number): void {
    const size = this.lexicon.size;
    const term = this.lexicon.codeOf(lexeme);
    if (this.lexicon.size !== size) {
      this.unsorted.push(term);
      if (this.unsorted.length > unsortedLexemes) this.sortLexicon();
    }
    this.tail.add(term, this.slot, positions, tf);
    this.length += tf;
  }

  /** Merges the recently added lexemes into the sorted lexicon. */
  private sortLexicon(): void {
    if (this.unsorted.length === 0) return;
    const lexicon = this.lexicon;
    const added = Int32Array.from(this.unsorted).sort((x, y) => lexicon.compare(x, y));
    const sorted = this.sorted;
    const merged = new Int32Array(sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sorted.length && j < added.length) {
      const a = sorted[i] ?? 0;
      const b = added[j] ?? 0;
      if (lexicon.compare(a, b) < 0) {
        merged[k++] = a;
        i++;
      } else {
        merged[k++] = b;
        j++;
      }
    }
    while (i < sorted.length) merged[k++] = sorted[i++] ?? 0;
    while (j < added.length) merged[k++] = added[j++] ?? 0;
    this.sorted = merged;
    this.unsorted = [];
  }

  /** The positions of the sealed segments, on disk (the tail's are in memory). */
  private positionsFile: SpillFile | null = null;

  /** Appends a segment's positions to the field's file; returns where they start. */
  private spill(bytes: Uint8Array): number {
    if (bytes.length === 0) return 0;
    this.positionsFile ??= new SpillFile('positions');
    return this.positionsFile.append(bytes);
  }

  /**
   * length bytes of term index i's positions in a segment, from byte `from` of them, in the
   * shared scratch buffer: valid until the next call (every caller decodes them before reading
   * more, and requests are answered one at a time).
   */
  private positionBytes(segment: Segment, i: number, from: number, length: number): Uint8Array {
    if (length === 0) return noBytes;
    const at = segment.positionsAt + (segment.positionStarts[i] ?? 0) + from;
    if (positionScratch.length < length) {
      positionScratch = new Uint8Array(Math.max(length, 2 * positionScratch.length));
    }
    // Closed: the copy was replaced, and nothing reads a replaced copy (engine.ts).
    if (this.positionsFile?.readInto(at, length, positionScratch) !== true) {
      throw new Error('memory search: the positions file is closed');
    }
    return positionScratch.subarray(0, length);
  }

  /** Bytes of sealed positions on disk. */
  get spilledBytes(): number {
    return this.positionsFile?.size ?? 0;
  }

  /** Deletes the positions file (the copy is dropped). */
  close(): void {
    this.positionsFile?.close();
  }

  /** Compresses the tail into a segment. */
  seal(): void {
    const tail = this.tail;
    if (tail.documents === 0) return;
    const terms = Int32Array.from(tail.present).sort();
    const n = terms.length;
    const entryCounts = new Uint32Array(n);
    const positionCounts = new Uint32Array(n);
    const docStarts = new Uint32Array(n + 1);
    const positionStarts = new Uint32Array(n + 1);
    const docs = new ByteWriter();
    const positions = new ByteWriter();
    const skipTerms: number[] = [];
    const skipStarts: number[] = [];
    const skips: number[] = [];
    for (let i = 0; i < n; i++) {
      const term = terms[i] ?? 0;
      docStarts[i] = docs.length;
      positionStarts[i] = positions.length;
      entryCounts[i] = tail.countOf(term);
      positionCounts[i] = tail.positionTotalOf(term);
      const skipping = (entryCounts[i] ?? 0) >= skipFrom;
      if (skipping) {
        skipTerms.push(i);
        skipStarts.push(skips.length);
      }
      let previous = tail.first;
      let entry = 0;
      for (let e = tail.headOf(term); e >= 0; e = tail.next[e] ?? -1, entry++) {
        if (skipping && entry > 0 && entry % skipBlock === 0) {
          skips.push(
            docs.length - (docStarts[i] ?? 0),
            previous,
            positions.length - (positionStarts[i] ?? 0),
          );
        }
        const slot = tail.slots[e] ?? 0;
        const tf = tail.tfs[e] ?? 0;
        docs.varint(slot - previous);
        docs.varint(tf);
        previous = slot;
        let position = 0;
        const start = tail.positionStarts[e] ?? 0;
        for (let p = start; p < start + tf; p++) {
          const next = tail.positions[p] ?? 0;
          positions.varint(next - position);
          position = next;
        }
      }
    }
    docStarts[n] = docs.length;
    positionStarts[n] = positions.length;
    this.segments.push(
      new Segment(
        tail.first,
        terms,
        entryCounts,
        positionCounts,
        docStarts,
        positionStarts,
        docs.done(),
        this.spill(positions.done()),
        Int32Array.from(skipTerms),
        Uint32Array.from([...skipStarts, skips.length]),
        Uint32Array.from(skips),
      ),
    );
    tail.clear();
  }

  /** Ready for queries after a bulk load: the tail sealed, the lexicon sorted, slack dropped. */
  trim(): void {
    this.seal();
    this.tail.shrink();
    this.sortLexicon();
    this.lexicon.trim();
  }

  /**
   * set |= the lexeme's slots, decoded straight into the bitset (matching needs no tfs); segments
   * wholly below from are skipped (slots below it may or may not be set).
   */
  orInto(lexeme: string, set: Uint32Array, from = 0): void {
    const term = this.lexicon.find(lexeme);
    if (term === undefined) return;
    for (let g = this.firstSegmentFrom(from); g < this.segments.length; g++) {
      const segment = this.segments[g];
      if (segment === undefined) break;
      const i = segment.find(term);
      if (i < 0) continue;
      const end = segment.docStarts[i + 1] ?? 0;
      const docs = new VarintReader(segment.docs, segment.docStarts[i] ?? 0);
      let slot = segment.first;
      while (docs.at < end) {
        slot += docs.next();
        // The tf: read past.
        docs.next();
        set[slot >>> 5] = (set[slot >>> 5] ?? 0) | (1 << (slot & 31));
      }
    }
    const tail = this.tail;
    for (let e = tail.headOf(term); e >= 0; e = tail.next[e] ?? -1) {
      const slot = tail.slots[e] ?? 0;
      set[slot >>> 5] = (set[slot >>> 5] ?? 0) | (1 << (slot & 31));
    }
  }

  /** Whether the lexeme was ever indexed in this field. */
  has(lexeme: string): boolean {
    return this.lexicon.find(lexeme) !== undefined;
  }

  documentFrequency(lexeme: string, live: Bitset, allLive: boolean): number {
    const term = this.lexicon.find(lexeme);
    if (term === undefined) return 0;
    if (!allLive) {
      // Dead slots among the entries: the lexeme's slots decoded into a bitset, then the live ones.
      const set = new Uint32Array(live.length);
      this.orInto(lexeme, set);
      return cardinality(andInto(set, live));
    }
    let df = this.tail.countOf(term);
    for (const segment of this.segments) {
      const i = segment.find(term);
      if (i >= 0) df += segment.entryCounts[i] ?? 0;
    }
    return df;
  }

  /** The lexeme's entries (slots and tfs). */
  entries(lexeme: string, among?: Bitset): Entries {
    return among === undefined
      ? this.decode(lexeme, false)
      : this.decodeAmong(lexeme, among, false);
  }

  /**
   * The lexeme's entries with their positions; with from, only those of the segments holding
   * slots ≥ from (so some below it too).
   */
  positional(lexeme: string, from = 0, among?: Bitset, part?: number): PositionalEntries {
    return among === undefined
      ? this.decode(lexeme, true, from)
      : this.decodeAmong(lexeme, among, true, part);
  }

  /**
   * The first slot of each part: the sealed segments', then the tail's when it holds any. Part p
   * holds the slots from parts[p] up to parts[p + 1].
   */
  parts(): readonly number[] {
    const firsts = this.segments.map((segment) => segment.first);
    if (this.tail.documents > 0) firsts.push(this.tail.first);
    return firsts;
  }

  /**
   * The entries of among's slots with their positions; the others' positions are skipped. With
   * part, only that part's (a segment, or the tail when it is past the segments).
   */
  private decodeAmong(
    lexeme: string,
    among: Bitset,
    withPositions = true,
    part?: number,
  ): PositionalEntries {
    const term = this.lexicon.find(lexeme);
    if (term === undefined) return noEntries;
    const segments = part === undefined ? this.segments : this.segments.slice(part, part + 1);
    const withTail = part === undefined || part >= this.segments.length;
    if (part !== undefined && segments.length === 0 && this.tail.documents === 0) return noEntries;
    const limit =
      part === undefined
        ? cardinality(among)
        : cardinalityBetween(
            among,
            segments[0]?.first ?? this.tail.first,
            this.segments[part + 1]?.first ??
              (part < this.segments.length && this.tail.documents > 0 ? this.tail.first : Infinity),
          );
    if (limit === 0) return noEntries;
    const slots = new Uint32Array(limit);
    const tfs = new Uint32Array(limit);
    const starts = new Uint32Array(withPositions ? limit : 0);
    let positions = new Uint32Array(withPositions ? Math.max(16, limit * 4) : 0);
    let k = 0;
    let q = 0;
    const room = (needed: number) => {
      if (q + needed <= positions.length) return;
      const grown = new Uint32Array(Math.max(q + needed, positions.length * 2));
      grown.set(positions.subarray(0, q));
      positions = grown;
    };
    /** The tfs of the current block's entries (to skip from the block's start to an entry). */
    const blockTfs = new Uint32Array(skipBlock);
    for (const segment of segments) {
      const i = segment.find(term);
      if (i < 0) continue;
      const end = segment.docStarts[i + 1] ?? 0;
      const skipStart = segment.skipsOf(i);
      const termLength = (segment.positionStarts[i + 1] ?? 0) - (segment.positionStarts[i] ?? 0);
      // Without a skip list (few entries), or with candidates among most of them, the term's
      // positions are read at once; else only the blocks holding candidates are.
      const whole = skipStart < 0 || limit * 4 > (segment.entryCounts[i] ?? 0) * segments.length;
      /** The term's positions (or a block's), at the positions of entry `at`. */
      const held = new VarintReader(
        whole && withPositions ? this.positionBytes(segment, i, 0, termLength) : noBytes,
      );
      /** The term's position bytes read last (from byte windowFrom), when not whole. */
      let window: Uint8Array = noBytes;
      let windowFrom = 0;
      let loaded = -1;
      const docBase = segment.docStarts[i] ?? 0;
      const skips = segment.skips;
      const blocks = Math.ceil((segment.entryCounts[i] ?? 0) / skipBlock);
      const docs = new VarintReader(segment.docs, docBase);
      let at = 0;
      let slot = segment.first;
      /** The next candidate at or after the current slot. */
      let next = nextSetBit(among, slot);
      for (let entry = 0; docs.at < end && k < limit; entry++) {
        if (skipStart >= 0 && entry % skipBlock === 0) {
          // Whole blocks before the next candidate: jump over them (entries and positions).
          let block = entry / skipBlock;
          while (block + 1 < blocks && (skips[skipStart + 3 * block + 1] ?? 0) < next) block++;
          if (block > entry / skipBlock) {
            const at3 = skipStart + 3 * (block - 1);
            docs.at = docBase + (skips[at3] ?? 0);
            slot = skips[at3 + 1] ?? 0;
            entry = block * skipBlock;
            at = entry;
          }
        }
        slot += docs.next();
        const tf = docs.next();
        blockTfs[entry % skipBlock] = tf;
        if (slot !== next) {
          if (slot > next) next = nextSetBit(among, slot);
          if (slot !== next) {
            if (skipStart >= 0 || !withPositions) continue;
            // No skip list: skip this entry's tf positions now.
            held.skip(tf);
            at = entry + 1;
            continue;
          }
        }
        next = nextSetBit(among, slot + 1);
        if (!withPositions) {
          slots[k] = slot;
          tfs[k++] = tf;
          continue;
        }
        if (skipStart >= 0) {
          const block = Math.floor(entry / skipBlock);
          if (whole) {
            if (block !== loaded) {
              held.at = block === 0 ? 0 : (skips[skipStart + 3 * (block - 1) + 2] ?? 0);
              loaded = block;
              at = block * skipBlock;
            }
          } else if (block !== loaded) {
            const from = block === 0 ? 0 : (skips[skipStart + 3 * (block - 1) + 2] ?? 0);
            const to = block + 1 < blocks ? (skips[skipStart + 3 * block + 2] ?? 0) : termLength;
            // One read for the blocks ahead too (a system call each cost more than their bytes).
            if (from < windowFrom || to > windowFrom + window.length) {
              windowFrom = from;
              window = this.positionBytes(
                segment,
                i,
                from,
                Math.min(termLength, Math.max(to, from + positionWindow)) - from,
              );
            }
            held.bytes = window.subarray(from - windowFrom, to - windowFrom);
            held.at = 0;
            loaded = block;
            at = block * skipBlock;
          }
          // From the block's start (or the last read entry) to this one.
          for (; at < entry; at++) held.skip(blockTfs[at % skipBlock] ?? 0);
        }
        room(tf);
        slots[k] = slot;
        tfs[k] = tf;
        starts[k++] = q;
        let position = 0;
        for (let t = 0; t < tf; t++) {
          position += held.next();
          positions[q++] = position;
        }
        at = entry + 1;
      }
    }
    const tail = this.tail;
    for (let e = withTail ? tail.headOf(term) : -1; e >= 0 && k < limit; e = tail.next[e] ?? -1) {
      const slot = tail.slots[e] ?? 0;
      if ((((among[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 0) continue;
      const tf = tail.tfs[e] ?? 0;
      room(tf);
      slots[k] = slot;
      tfs[k] = tf;
      starts[k++] = q;
      const start = tail.positionStarts[e] ?? 0;
      for (let p = start; p < start + tf; p++) positions[q++] = tail.positions[p] ?? 0;
    }
    return { count: k, slots, tfs, starts, positions };
  }

  /** The first segment holding a slot ≥ from (segments ascend and do not overlap). */
  private firstSegmentFrom(from: number): number {
    let g = 0;
    while (g + 1 < this.segments.length && (this.segments[g + 1]?.first ?? 0) <= from) g++;
    return g;
  }

  private decode(lexeme: string, withPositions: boolean, from = 0): PositionalEntries {
    const term = this.lexicon.find(lexeme);
    if (term === undefined) return noEntries;
    let count = 0;
    let positionCount = 0;
    const firstSegment = this.firstSegmentFrom(from);
    const found = new Int32Array(this.segments.length).fill(-1);
    for (let g = firstSegment; g < this.segments.length; g++) {
      const segment = this.segments[g];
      const i = segment === undefined ? -1 : segment.find(term);
      found[g] = i;
      if (segment !== undefined && i >= 0) {
        count += segment.entryCounts[i] ?? 0;
        positionCount += segment.positionCounts[i] ?? 0;
      }
    }
    const tail = this.tail;
    count += tail.countOf(term);
    positionCount += tail.positionTotalOf(term);
    const slots = new Uint32Array(count);
    const tfs = new Uint32Array(count);
    const starts = new Uint32Array(withPositions ? count : 0);
    const positions = new Uint32Array(withPositions ? positionCount : 0);
    let k = 0;
    let q = 0;
    for (let g = 0; g < this.segments.length; g++) {
      const segment = this.segments[g];
      const i = found[g] ?? -1;
      if (segment === undefined || i < 0) continue;
      const end = segment.docStarts[i + 1] ?? 0;
      const docs = new VarintReader(segment.docs, segment.docStarts[i] ?? 0);
      let slot = segment.first;
      while (docs.at < end) {
        slot += docs.next();
        slots[k] = slot;
        tfs[k++] = docs.next();
      }
      if (!withPositions) continue;
      const held = new VarintReader(
        this.positionBytes(
          segment,
          i,
          0,
          (segment.positionStarts[i + 1] ?? 0) - (segment.positionStarts[i] ?? 0),
        ),
      );
      for (let e = k - (segment.entryCounts[i] ?? 0); e < k; e++) {
        starts[e] = q;
        let position = 0;
        const tf = tfs[e] ?? 0;
        for (let t = 0; t < tf; t++) {
          position += held.next();
          positions[q++] = position;
        }
      }
    }
    for (let e = tail.headOf(term); e >= 0; e = tail.next[e] ?? -1) {
      const tf = tail.tfs[e] ?? 0;
      slots[k] = tail.slots[e] ?? 0;
      tfs[k] = tf;
      if (withPositions) {
        starts[k] = q;
        const start = tail.positionStarts[e] ?? 0;
        for (let p = start; p < start + tf; p++) positions[q++] = tail.positions[p] ?? 0;
      }
      k++;
    }
    return { count, slots, tfs, starts, positions };
  }

  /** Every lexeme starting with prefix (binary search in the sorted lexicon, then the recent). */
  withPrefix(prefix: string): string[] {
    const lexicon = this.lexicon;
    const bytes = Buffer.from(prefix, 'utf8');
    const sorted = this.sorted;
    const lo = lowerBound(sorted.length, (i) => lexicon.compareTo(sorted[i] ?? 0, bytes) >= 0);
    const out: string[] = [];
    for (let i = lo; i < sorted.length; i++) {
      const term = sorted[i] ?? 0;
      if (lexicon.compareTo(term, bytes, bytes.length) !== 0) break;
      out.push(lexicon.valueOf(term));
    }
    for (const term of this.unsorted) {
      if (lexicon.compareTo(term, bytes, bytes.length) === 0) out.push(lexicon.valueOf(term));
    }
    return out;
  }

  /** Bytes held by the compressed segments (for the load report). */
  get compressedBytes(): number {
    let total = 0;
    for (const s of this.segments)
      total +=
        s.docs.length +
        20 * s.terms.length +
        s.skipTerms.byteLength +
        s.skipStarts.byteLength +
        s.skips.byteLength;
    return total;
  }

  grow(capacity: number): void {
    if (this.lengths.length >= capacity) return;
    const next = new Uint16Array(capacity);
    next.set(this.lengths);
    this.lengths = next;
  }
}

import type { FieldDefinition } from '../index-definition';
import { hasBit, setBit, wordsFor, type Bitset } from './bitset';
import type { KeyTable } from './key-table';
import { lowerBound } from './lower-bound';
import { TextField, type Entries, type PositionalEntries, type SearchableField } from './postings';

/** Keys first indexed since the sorted list was made, scanned linearly until merged in. */
const unsortedKeys = 4_096;

/** A tsvector's text for the key alone at position 1, as PostgreSQL prints it (`'420979':1`). */
const keyAlone = (key: string) => `'${key.replace(/['\\]/g, (c) => c + c)}':1`;

function grownWords(set: Uint32Array<ArrayBuffer>, bits: number): Uint32Array<ArrayBuffer> {
  const words = wordsFor(bits);
  if (set.length >= words) return set;
  const next = new Uint32Array(Math.max(words, set.length * 2));
  next.set(set);
  return next;
}

/**
 * The postings of the index's key field, answered from the key table (issue 18: a TextField
 * spent about 68 bytes a document on it at 1,000,000, every key being its own lexeme). The key's
 * tsvector (`to_tsvector('simple', key)`) is in practice the key alone at position 1: such a
 * document ("conforming") costs a bit, its length (1) and, once per key, a code in the sorted list
 * for prefixes. Any other (upper case, several tokens) goes to an ordinary TextField kept inside,
 * so the answers are a TextField's over every document: a lexeme's entries are its key's live
 * slot when conforming (tf 1, position 1), merged by slot with the fallback's. A key's old,
 * dead slots are left out (callers intersect with the live set).
 */
export class KeyTextField implements SearchableField {
  private readonly fallback: TextField;
  /** Per slot: set when its tsvector was the key alone. */
  private conforming: Uint32Array<ArrayBuffer>;
  /** Codes of keys ever conforming, in byte order, and those since (merged past unsortedLimit). */
  private sorted = new Int32Array(1024);
  private sortedCount = 0;
  private unsorted: number[] = [];
  /** Per code: set when the code is in sorted or unsorted. */
  private listed = new Uint32Array(32);
  liveLength = 0;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
    private readonly keys: KeyTable,
    segmentDocuments?: number,
    private readonly unsortedLimit = unsortedKeys,
  ) {
    this.fallback = new TextField(field, capacity, segmentDocuments);
    this.conforming = new Uint32Array(wordsFor(capacity));
  }

  /** The fallback's lengths array, with 1 at conforming slots: one array for both. */
  get lengths(): Uint16Array {
    return this.fallback.lengths;
  }

  /** Adds a slot's tsvector; the slot's key must be in the key table already. */
  index(slot: number, tsvector: string): void {
    const key = this.keys.keyOf(slot);
    if (tsvector !== keyAlone(key)) {
      const before = this.fallback.liveLength;
      this.fallback.index(slot, tsvector);
      this.liveLength += this.fallback.liveLength - before;
      return;
    }
    // The store grows every field before a put; this only guards a direct caller.
    if (this.lengths.length <= slot) this.grow(Math.max(slot + 1, this.lengths.length * 2));
    setBit(this.conforming, slot);
    this.fallback.lengths[slot] = 1;
    this.liveLength += 1;
    const code = this.keys.codeOf(slot);
    this.listed = grownWords(this.listed, code + 1);
    if (hasBit(this.listed, code)) return;
    setBit(this.listed, code);
    this.unsorted.push(code);
    if (this.unsorted.length > this.unsortedLimit) this.sortKeys();
  }

  /** The live slot whose document is lexeme's key alone, or -1. */
  private conformingSlotOf(lexeme: string): number {
    const code = this.keys.find(lexeme);
    if (code === undefined) return -1;
    const slot = this.keys.slotOfCode(code);
    return slot >= 0 && hasBit(this.conforming, slot) ? slot : -1;
  }

  orInto(lexeme: string, set: Uint32Array, from = 0): void {
    const slot = this.conformingSlotOf(lexeme);
    if (slot >= 0) setBit(set, slot);
    this.fallback.orInto(lexeme, set, from);
  }

  has(lexeme: string): boolean {
    return this.keys.find(lexeme) !== undefined || this.fallback.has(lexeme);
  }

  entries(lexeme: string, among?: Bitset): Entries {
    const rest = this.fallback.entries(lexeme, among);
    const slot = this.conformingSlotOf(lexeme);
    return slot < 0 || (among !== undefined && !hasBit(among, slot))
      ? rest
      : inserted(rest, slot, null);
  }

  documentFrequency(lexeme: string, live: Bitset, allLive: boolean): number {
    const own = this.conformingSlotOf(lexeme) >= 0 ? 1 : 0;
    return own + this.fallback.documentFrequency(lexeme, live, allLive);
  }

  /** One part: the conforming keys and the fallback's entries are merged by slot. */
  parts(): readonly number[] {
    return [0];
  }

  positional(lexeme: string, from = 0, among?: Bitset): PositionalEntries {
    const rest = this.fallback.positional(lexeme, from, among);
    const slot = this.conformingSlotOf(lexeme);
    return slot < 0 || (among !== undefined && !hasBit(among, slot))
      ? rest
      : inserted(rest, slot, rest);
  }

  /** The conforming keys starting with prefix (binary search, then the recent), then the fallback's. */
  withPrefix(prefix: string): string[] {
    const keys = this.keys;
    const bytes = Buffer.from(prefix, 'utf8');
    const sorted = this.sorted;
    const lo = lowerBound(this.sortedCount, (i) => keys.compareCodeTo(sorted[i] ?? 0, bytes) >= 0);
    const out: string[] = [];
    const add = (code: number) => {
      const slot = keys.slotOfCode(code);
      // A key with no conforming live document: its lexeme would find nothing here.
      if (slot >= 0 && hasBit(this.conforming, slot)) out.push(keys.valueOf(code));
    };
    for (let i = lo; i < this.sortedCount; i++) {
      const code = sorted[i] ?? 0;
      if (keys.compareCodeTo(code, bytes, bytes.length) !== 0) break;
      add(code);
    }
    for (const code of this.unsorted) {
      if (keys.compareCodeTo(code, bytes, bytes.length) === 0) add(code);
    }
    const other = this.fallback.withPrefix(prefix);
    if (other.length === 0) return out;
    if (out.length === 0) return other;
    const seen = new Set(out);
    for (const lexeme of other) if (!seen.has(lexeme)) out.push(lexeme);
    return out;
  }

  /** Merges the recently listed codes into the sorted list (appended when all come after it). */
  private sortKeys(): void {
    if (this.unsorted.length === 0) return;
    const keys = this.keys;
    const added = Int32Array.from(this.unsorted).sort((x, y) => keys.compareCodes(x, y));
    this.unsorted = [];
    const n = this.sortedCount;
    const sorted = this.sorted;
    const total = n + added.length;
    // Loading streams keys in key order: usually every new one sorts after the list.
    if (n === 0 || keys.compareCodes(sorted[n - 1] ?? 0, added[0] ?? 0) < 0) {
      if (sorted.length < total) {
        this.sorted = new Int32Array(Math.max(total, sorted.length * 2));
        this.sorted.set(sorted.subarray(0, n));
      }
      this.sorted.set(added, n);
      this.sortedCount = total;
      return;
    }
    const merged = new Int32Array(Math.max(total, sorted.length));
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < n && j < added.length) {
      const a = sorted[i] ?? 0;
      const b = added[j] ?? 0;
      if (keys.compareCodes(a, b) < 0) {
        merged[k++] = a;
        i++;
      } else {
        merged[k++] = b;
        j++;
      }
    }
    while (i < n) merged[k++] = sorted[i++] ?? 0;
    while (j < added.length) merged[k++] = added[j++] ?? 0;
    this.sorted = merged;
    this.sortedCount = total;
  }

  grow(capacity: number): void {
    this.fallback.grow(capacity);
    this.conforming = grownWords(this.conforming, capacity);
  }

  trim(): void {
    this.fallback.trim();
    this.sortKeys();
    this.sorted = this.sorted.slice(0, this.sortedCount);
    this.listed = this.listed.slice(0, wordsFor(this.keys.size));
  }

  get compressedBytes(): number {
    return this.fallback.compressedBytes;
  }

  get spilledBytes(): number {
    return this.fallback.spilledBytes;
  }

  close(): void {
    this.fallback.close();
  }
}

/**
 * rest (the fallback's entries, slots ascending) with a conforming slot inserted in slot order
 * (tf 1; at position 1 when rest carries positions, stored in entry order).
 */
function inserted(
  rest: Entries,
  slot: number,
  positional: PositionalEntries | null,
): PositionalEntries {
  const n = rest.count;
  let at = 0;
  let hi = n;
  while (at < hi) {
    const mid = (at + hi) >>> 1;
    if ((rest.slots[mid] ?? 0) < slot) at = mid + 1;
    else hi = mid;
  }
  const slots = new Uint32Array(n + 1);
  slots.set(rest.slots.subarray(0, at));
  slots[at] = slot;
  slots.set(rest.slots.subarray(at, n), at + 1);
  const tfs = new Uint32Array(n + 1);
  tfs.set(rest.tfs.subarray(0, at));
  tfs[at] = 1;
  tfs.set(rest.tfs.subarray(at, n), at + 1);
  if (positional === null) {
    return { count: n + 1, slots, tfs, starts: new Uint32Array(0), positions: new Uint32Array(0) };
  }
  const { starts, positions } = positional;
  const end = n === 0 ? 0 : (starts[n - 1] ?? 0) + (rest.tfs[n - 1] ?? 0);
  const p = at < n ? (starts[at] ?? 0) : end;
  const nextPositions = new Uint32Array(end + 1);
  nextPositions.set(positions.subarray(0, p));
  nextPositions[p] = 1;
  nextPositions.set(positions.subarray(p, end), p + 1);
  const nextStarts = new Uint32Array(n + 1);
  nextStarts.set(starts.subarray(0, at));
  nextStarts[at] = p;
  for (let i = at; i < n; i++) nextStarts[i + 1] = (starts[i] ?? 0) + 1;
  return { count: n + 1, slots, tfs, starts: nextStarts, positions: nextPositions };
}

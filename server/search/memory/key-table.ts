import { StringTable } from './strings';

/**
 * The documents' keys without a JS string or Map entry per key (issue 18: 57 MB of strings and
 * map at 1,000,000 documents): each key interned once in a StringTable (its UTF-8 bytes, a code),
 * the slot of each code's live document and the code of each slot. Codes are never dropped, so a
 * dead slot still has its key (a page fetched after the document was replaced) and a key written
 * again gets its old code.
 */
export class KeyTable {
  private readonly strings = new StringTable();
  /** Per code: the live slot of the key, -1 when none. */
  private slotByCode = new Int32Array(1024).fill(-1);
  /** Per slot: the code of its key. */
  private codeBySlot: Int32Array;

  constructor(capacity = 1024) {
    this.codeBySlot = new Int32Array(capacity);
  }

  /** The live slot of key, or undefined. */
  slotOf(key: string): number | undefined {
    const code = this.strings.find(key);
    if (code === undefined) return undefined;
    const slot = this.slotByCode[code] ?? -1;
    return slot < 0 ? undefined : slot;
  }

  /** The key's code, or undefined when it was never set. */
  find(key: string): number | undefined {
    return this.strings.find(key);
  }

  /** The key of a slot (live or dead). */
  keyOf(slot: number): string {
    return this.strings.valueOf(this.codeBySlot[slot] ?? 0);
  }

  codeOf(slot: number): number {
    return this.codeBySlot[slot] ?? 0;
  }

  /** The live slot of a code, -1 when none. */
  slotOfCode(code: number): number {
    return this.slotByCode[code] ?? -1;
  }

  valueOf(code: number): string {
    return this.strings.valueOf(code);
  }

  /** Byte order (= code point order, PostgreSQL's "C") of two codes' keys. */
  compareCodes(a: number, b: number): number {
    return this.strings.compare(a, b);
  }

  /** Byte order of two slots' keys: sorting by key compares bytes, no string is made. */
  compareSlots(a: number, b: number): number {
    return this.strings.compare(this.codeBySlot[a] ?? 0, this.codeBySlot[b] ?? 0);
  }

  /** Order of a slot's key against UTF-8 bytes, over at most `limit` bytes. */
  compareSlotTo(slot: number, bytes: Uint8Array, limit = Infinity): number {
    return this.strings.compareTo(this.codeBySlot[slot] ?? 0, bytes, limit);
  }

  /** Order of a code's key against UTF-8 bytes, over at most `limit` bytes. */
  compareCodeTo(code: number, bytes: Uint8Array, limit = Infinity): number {
    return this.strings.compareTo(code, bytes, limit);
  }

  /** Makes slot key's live slot; returns the key's code. */
  set(slot: number, key: string): number {
    const code = this.strings.codeOf(key);
    if (code >= this.slotByCode.length) {
      const next = new Int32Array(Math.max(code + 1, this.slotByCode.length * 2)).fill(-1);
      next.set(this.slotByCode);
      this.slotByCode = next;
    }
    this.grow(slot + 1);
    this.slotByCode[code] = slot;
    this.codeBySlot[slot] = code;
    return code;
  }

  /** Forgets key's live slot; returns it (undefined when there was none). */
  delete(key: string): number | undefined {
    const code = this.strings.find(key);
    if (code === undefined) return undefined;
    const slot = this.slotByCode[code] ?? -1;
    if (slot < 0) return undefined;
    this.slotByCode[code] = -1;
    return slot;
  }

  /** The number of distinct keys ever set. */
  get size(): number {
    return this.strings.size;
  }

  grow(capacity: number): void {
    if (this.codeBySlot.length >= capacity) return;
    const next = new Int32Array(Math.max(capacity, this.codeBySlot.length * 2));
    next.set(this.codeBySlot);
    this.codeBySlot = next;
  }

  /** Drops growth slack after a bulk load (the slots' array keeps the store's capacity). */
  trim(): void {
    this.strings.trim();
    this.slotByCode = this.slotByCode.slice(0, Math.max(this.strings.size, 1));
  }
}

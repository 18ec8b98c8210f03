/**
 * The hash table of `StringTable` (strings.ts) and `FingerprintTable` (fingerprints.ts): codes
 * 0, 1, 2… found by a 32-bit hash, open addressing with linear probing in a power-of-two table
 * kept at most half full (a code per bucket, -1 empty). The owner keeps, per code, its hash and
 * what tells two values apart; the table keeps 4 bytes a bucket.
 */
export class CodeHashTable {
  private table = new Int32Array(2048).fill(-1);
  private size = 0;

  /** hashOf(code): the hash a code was added under (read again when the table grows). */
  constructor(private readonly hashOf: (code: number) => number) {}

  /** The code added under hash for which equals(code, key) holds, or undefined. */
  find<K>(hash: number, key: K, equals: (code: number, key: K) => boolean): number | undefined {
    const table = this.table;
    const mask = table.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const code = table[i] ?? -1;
      if (code < 0) return undefined;
      if (this.hashOf(code) === hash && equals(code, key)) return code;
    }
  }

  /** Adds the next code (0, 1, 2…): its hash is hashOf(code) from now on. */
  add(code: number): void {
    this.size = code + 1;
    if (this.size * 2 <= this.table.length) {
      this.place(code);
      return;
    }
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    for (let c = 0; c < this.size; c++) this.place(c);
  }

  /** Bytes held (for the footprint). */
  get bytes(): number {
    return this.table.byteLength;
  }

  private place(code: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let i = this.hashOf(code) & mask;
    while ((table[i] ?? -1) >= 0) i = (i + 1) & mask;
    table[i] = code;
  }
}

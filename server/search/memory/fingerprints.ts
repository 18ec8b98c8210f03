/**
 * Codes of strings known only by a 64-bit fingerprint: for a filterable column that is neither
 * sortable nor facetable and holds a value per document (sourceUrl), the only questions asked are
 * "which documents hold this value" (eq, ne, search.in), so its bytes need not stay in memory:
 * 16 bytes a distinct value instead of its UTF-8 bytes plus 12 (about 100 MB at 1,000,000
 * articles, issue 18).
 *
 * Two different values share a fingerprint with probability 2^-64 per pair: a lookup among a
 * million values finds a wrong one about once in 10^13 lookups. That is the price, written down
 * in server/search/memory/README.md; an equal value always finds its own code.
 */
export class FingerprintTable {
  /** Per code: the fingerprint's two halves. */
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  /** Open addressing on the low half: a code per bucket, -1 empty. */
  private table = new Int32Array(2048).fill(-1);
  size = 0;

  /** The code of value, added when new. */
  codeOf(value: string): number {
    const [high, low] = fingerprintOf(value);
    return this.lookup(high, low) ?? this.add(high, low);
  }

  /** The code of value, or undefined. */
  find(value: string): number | undefined {
    const [high, low] = fingerprintOf(value);
    return this.lookup(high, low);
  }

  /** Adds a value's fingerprint under the next code (a bulk conversion, codes in order). */
  addFingerprint(value: string): number {
    const [high, low] = fingerprintOf(value);
    return this.add(high, low);
  }

  private lookup(high: number, low: number): number | undefined {
    const mask = this.table.length - 1;
    for (let i = low & mask; ; i = (i + 1) & mask) {
      const code = this.table[i] ?? -1;
      if (code < 0) return undefined;
      if (this.low[code] === low && this.high[code] === high) return code;
    }
  }

  private add(high: number, low: number): number {
    const code = this.size++;
    if (this.high.length < this.size) {
      this.high = grownTo(this.high, this.size * 2);
      this.low = grownTo(this.low, this.size * 2);
    }
    this.high[code] = high;
    this.low[code] = low;
    if (this.size * 2 > this.table.length) this.rehash();
    else this.place(code);
    return code;
  }

  private place(code: number): void {
    const mask = this.table.length - 1;
    let i = (this.low[code] ?? 0) & mask;
    while ((this.table[i] ?? -1) >= 0) i = (i + 1) & mask;
    this.table[i] = code;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    for (let code = 0; code < this.size; code++) this.place(code);
  }

  /** Drops growth slack (after a bulk load). */
  trim(): void {
    this.high = this.high.slice(0, Math.max(this.size, 1));
    this.low = this.low.slice(0, Math.max(this.size, 1));
  }

  /** Bytes held (for the footprint). */
  get bytes(): number {
    return this.high.byteLength + this.low.byteLength + this.table.byteLength;
  }
}

function grownTo(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(length);
  next.set(array);
  return next;
}

/**
 * Two independent 32-bit hashes of the UTF-8 bytes (FNV-1a, and a multiply-rotate hash with
 * another seed and multiplier): 64 bits together.
 */
export function fingerprintOf(value: string): [number, number] {
  const bytes = Buffer.from(value, 'utf8');
  let a = 0x811c9dc5;
  let b = 0x9e3779b9 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // Final mixing (murmur3's fmix32), so nearby values spread over the table.
  b ^= b >>> 16;
  b = Math.imul(b, 0x85ebca6b);
  b ^= b >>> 13;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  return [a >>> 0, b >>> 0];
}

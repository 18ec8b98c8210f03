import { CodeHashTable } from './hash-table';

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
  /** Codes by the low half (hash-table.ts). */
  private readonly codes = new CodeHashTable((code) => this.low[code] ?? 0);
  size = 0;

  /** The code of value, added when new. */
  codeOf(value: string): number {
    const [high, low] = fingerprintOf(value);
    return this.codes.find(low, high, this.sameHigh) ?? this.add(high, low);
  }

  /** The code of value, or undefined. */
  find(value: string): number | undefined {
    const [high, low] = fingerprintOf(value);
    return this.codes.find(low, high, this.sameHigh);
  }

  /** Adds a value's fingerprint under the next code (a bulk conversion, codes in order). */
  addFingerprint(value: string): number {
    const [high, low] = fingerprintOf(value);
    return this.add(high, low);
  }

  /** Whether a code's fingerprint has this high half (its low half is the hash). */
  private readonly sameHigh = (code: number, high: number) => this.high[code] === high;

  private add(high: number, low: number): number {
    const code = this.size++;
    if (this.high.length < this.size) {
      this.high = grownTo(this.high, this.size * 2);
      this.low = grownTo(this.low, this.size * 2);
    }
    this.high[code] = high;
    this.low[code] = low;
    this.codes.add(code);
    return code;
  }

  /** Drops growth slack (after a bulk load). */
  trim(): void {
    this.high = this.high.slice(0, Math.max(this.size, 1));
    this.low = this.low.slice(0, Math.max(this.size, 1));
  }

  /** Bytes held (for the footprint). */
  get bytes(): number {
    return this.high.byteLength + this.low.byteLength + this.codes.bytes;
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

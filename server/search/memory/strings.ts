import { CodeHashTable } from './hash-table';

/**
 * Interned strings without a JS string or Map entry per value: UTF-8 bytes in one growing buffer,
 * a hash table of codes (hash-table.ts), and order by byte comparison (UTF-8 byte order is code
 * point order, PostgreSQL's "C" collation). At a million articles the high-cardinality values
 * (URLs, titles, cluster ids, the key's lexemes) cost a few hundred MB and a slower garbage
 * collector as JS strings; here they cost their bytes plus 12 bytes each.
 */
export class StringTable {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  /** Per code: its bytes are bytes[starts[code] … starts[code + 1]). */
  private starts = new Uint32Array(1025);
  private hashes = new Uint32Array(1024);
  /** Codes by hash (hash-table.ts). */
  private readonly codes = new CodeHashTable((code) => this.hashes[code] ?? 0);
  size = 0;

  /** The code of value, added when new. */
  codeOf(value: string): number {
    const encoded = Buffer.from(value, 'utf8');
    const hash = hashOf(encoded);
    return this.codes.find(hash, encoded, this.equals) ?? this.add(encoded, hash);
  }

  /** The code of value, or undefined. */
  find(value: string): number | undefined {
    const encoded = Buffer.from(value, 'utf8');
    return this.codes.find(hashOf(encoded), encoded, this.equals);
  }

  valueOf(code: number): string {
    return Buffer.from(
      this.bytes.buffer,
      this.bytes.byteOffset + (this.starts[code] ?? 0),
      (this.starts[code + 1] ?? 0) - (this.starts[code] ?? 0),
    ).toString('utf8');
  }

  /** Byte (code point) order of two codes' values. */
  compare(a: number, b: number): number {
    const bytes = this.bytes;
    let i = this.starts[a] ?? 0;
    let j = this.starts[b] ?? 0;
    const endA = this.starts[a + 1] ?? 0;
    const endB = this.starts[b + 1] ?? 0;
    while (i < endA && j < endB) {
      const d = (bytes[i++] ?? 0) - (bytes[j++] ?? 0);
      if (d !== 0) return d;
    }
    return endA - i - (endB - j);
  }

  /** Order of a code's value against encoded bytes, comparing at most the first `limit` bytes. */
  compareTo(code: number, other: Uint8Array, limit = Infinity): number {
    const bytes = this.bytes;
    let i = this.starts[code] ?? 0;
    const end = Math.min(this.starts[code + 1] ?? 0, i + limit);
    let j = 0;
    const otherEnd = Math.min(other.length, limit);
    while (i < end && j < otherEnd) {
      const d = (bytes[i++] ?? 0) - (other[j++] ?? 0);
      if (d !== 0) return d;
    }
    return end - i - (otherEnd - j);
  }

  /** Every value's image under f, by code (f sees each value once, as a string). */
  map<T>(f: (value: string) => T): T[] {
    const out = new Array<T>(this.size);
    for (let code = 0; code < this.size; code++) out[code] = f(this.valueOf(code));
    return out;
  }

  /** Whether a code's value has these bytes. */
  private readonly equals = (code: number, encoded: Uint8Array): boolean => {
    const start = this.starts[code] ?? 0;
    if ((this.starts[code + 1] ?? 0) - start !== encoded.length) return false;
    const bytes = this.bytes;
    for (let i = 0; i < encoded.length; i++) if (bytes[start + i] !== encoded[i]) return false;
    return true;
  };

  private add(encoded: Uint8Array, hash: number): number {
    const code = this.size++;
    if (this.used + encoded.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + encoded.length));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(encoded, this.used);
    this.used += encoded.length;
    if (this.starts.length < this.size + 1) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    if (this.hashes.length < this.size) {
      const hashes = new Uint32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.starts[code + 1] = this.used;
    this.hashes[code] = hash;
    this.codes.add(code);
    return code;
  }

  /** Drops growth slack (after a bulk load). */
  trim(): void {
    this.bytes = this.bytes.slice(0, this.used);
    this.starts = this.starts.slice(0, this.size + 1);
    this.hashes = this.hashes.slice(0, Math.max(this.size, 1));
  }
}

/** FNV-1a over bytes. */
function hashOf(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return h >>> 0;
}

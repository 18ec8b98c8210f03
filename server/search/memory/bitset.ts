/** Fixed-size bitsets over document slots: one bit per slot in a Uint32Array. */
export type Bitset = Uint32Array;

export const wordsFor = (bits: number) => (bits + 31) >>> 5;

export const emptyBitset = (bits: number): Bitset => new Uint32Array(wordsFor(bits));

export function setBit(set: Bitset, i: number): void {
  set[i >>> 5] = (set[i >>> 5] ?? 0) | (1 << (i & 31));
}

export function clearBit(set: Bitset, i: number): void {
  set[i >>> 5] = (set[i >>> 5] ?? 0) & ~(1 << (i & 31));
}

export const hasBit = (set: Bitset, i: number): boolean =>
  (((set[i >>> 5] ?? 0) >>> (i & 31)) & 1) === 1;

/** a &= b, in place; returns a. */
export function andInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) & (b[i] ?? 0);
  return a;
}

/** a |= b, in place; returns a. */
export function orInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) | (b[i] ?? 0);
  return a;
}

/** a &= ~b, in place; returns a. */
export function andNotInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) & ~(b[i] ?? 0);
  return a;
}

function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The number of set bits. */
export function cardinality(set: Bitset): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) {
    const w = set[i] ?? 0;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** The set bits among [from, to) (to may exceed the set). */
export function cardinalityBetween(set: Bitset, from: number, to: number): number {
  let n = 0;
  const last = Math.min(set.length * 32, to);
  for (let s = from; s < last;) {
    const w = s >>> 5;
    let word = set[w] ?? 0;
    if ((s & 31) !== 0) word &= ~0 << (s & 31);
    const end = (w + 1) * 32;
    if (end > last) word &= (1 << (last & 31)) - 1 || ~0;
    if (word !== 0) n += popcount32(word);
    s = end;
  }
  return n;
}

/** The set bits in ascending order. */
export function toSlots(set: Bitset, count = cardinality(set)): Uint32Array {
  const out = new Uint32Array(count);
  let k = 0;
  for (let i = 0; i < set.length; i++) {
    let w = set[i] ?? 0;
    while (w !== 0) {
      const t = w & -w;
      out[k++] = (i << 5) + 31 - Math.clz32(t);
      w ^= t;
    }
  }
  return out;
}

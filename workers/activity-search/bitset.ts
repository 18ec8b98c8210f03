/** Fixed-size bitsets over row numbers: the index's sets of rows. */
export type Bitset = Uint32Array;

export const emptyBitset = (size: number): Bitset => new Uint32Array((size + 31) >>> 5);

export function fullBitset(size: number): Bitset {
  const set = emptyBitset(size);
  set.fill(0xffffffff);
  const extra = set.length * 32 - size;
  if (extra > 0 && set.length > 0) set[set.length - 1] = 0xffffffff >>> extra;
  return set;
}

export const setBit = (set: Bitset, i: number) => {
  set[i >>> 5] = (set[i >>> 5] ?? 0) | (1 << (i & 31));
};
export const hasBit = (set: Bitset, i: number) => ((set[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;

/** target |= other */
export function orInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w += 1) target[w] = (target[w] ?? 0) | (other[w] ?? 0);
}
/** target &= other */
export function andInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w += 1) target[w] = (target[w] ?? 0) & (other[w] ?? 0);
}
/** target &= ~other */
export function andNotInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w += 1) target[w] = (target[w] ?? 0) & ~(other[w] ?? 0);
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Rows in both sets. */
export function countAnd(a: Bitset, b: Bitset): number {
  let n = 0;
  for (let w = 0; w < a.length; w += 1) n += popcount32((a[w] ?? 0) & (b[w] ?? 0));
  return n;
}

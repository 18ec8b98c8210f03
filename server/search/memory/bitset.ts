/** Fixed-size bitsets over document slots: one bit per slot in a Uint32Array. */
export type Bitset = Uint32Array;

export const wordsFor = (bits: number) => (bits + 31) >>> 5;

/**
 * Spare bitsets of one length, handed back by {@link recycle} once an intermediate answer is
 * used (an `and`'s operand, a request's match set). At 1,000,000 slots a bitset is 125 KB, and
 * making each anew grew the array buffers by 0.4 to 1.2 MB a request: V8 then ran a full
 * collection every 30 or so requests (6.5 ms each), which set the p95 of the lightest requests.
 */
const spares: Bitset[] = [];
let spareWords = 0;
const maxSpares = 32;
/**
 * Under the tests a recycled bitset is filled with ones until it is taken again: a holder still
 * reading one it handed back would answer wrongly, and the engine-vs-SQL tests would see it.
 */
const poisonRecycled = process.env['VITEST'] !== undefined;

/** A bitset of no slots: a spare one when there is one of the length. */
export function emptyBitset(bits: number): Bitset {
  const words = wordsFor(bits);
  const spare = words === spareWords ? spares.pop() : undefined;
  return spare === undefined ? new Uint32Array(words) : spare.fill(0);
}

/** A copy of set (a spare one refilled when there is one). */
export function copyOf(set: Bitset): Bitset {
  const spare = set.length === spareWords ? spares.pop() : undefined;
  if (spare === undefined) return set.slice();
  spare.set(set);
  return spare;
}

/** Hands back a bitset nothing else holds, for emptyBitset and copyOf to reuse. */
export function recycle(set: Bitset): void {
  if (set.length !== spareWords) {
    // Another copy's length (a reload grew the slots): the old length's spares go.
    spares.length = 0;
    spareWords = set.length;
  }
  if (poisonRecycled) {
    if (spares.includes(set)) throw new Error('a bitset recycled twice');
    set.fill(0xffffffff);
  }
  if (spares.length < maxSpares) spares.push(set);
}

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

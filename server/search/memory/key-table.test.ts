import { describe, expect, it } from 'vitest';
import { articlesIndex } from '../index-definition';
import { createRng } from '../../seed/prng';
import { hasBit, setBit, clearBit, emptyBitset } from './bitset';
import { KeyTextField } from './key-postings';
import { KeyTable } from './key-table';
import { compareCodePoints } from './order';
import { TextField } from './postings';

const keyField = articlesIndex.fields.find((f) => f.name === articlesIndex.key);
if (keyField === undefined) throw new Error('no key field');

/** Keys of several shapes: digits, non-ASCII, astral, quotes and backslashes, upper case. */
function keyPool(seed: number, size: number): string[] {
  const rng = createRng(seed);
  const alphabet = ['1', '2', '3', '0', 'a', 'é', '\u{1F600}', '\uFF21', "'", '\\', 'Z', '-'];
  const keys = new Set<string>();
  while (keys.size < size) {
    let key = '';
    for (let i = 1 + Math.floor(rng.next() * 5); i > 0; i--) key += rng.pick(alphabet);
    keys.add(key);
  }
  return [...keys];
}

describe('KeyTable', () => {
  it('maps keys to live slots and back, and orders slots by code point, as a Map and a sort', () => {
    const rng = createRng(21);
    const pool = keyPool(3, 400);
    const table = new KeyTable(4);
    const oracle = new Map<string, number>();
    const keyOfSlot: string[] = [];
    for (let step = 0; step < 3000; step++) {
      const key = rng.pick(pool);
      if (rng.chance(0.25)) {
        expect(table.delete(key)).toBe(oracle.get(key));
        oracle.delete(key);
      } else {
        // A put: the old slot dies, a new one is appended (as Store.put does).
        table.delete(key);
        const slot = keyOfSlot.length;
        keyOfSlot.push(key);
        table.set(slot, key);
        oracle.set(key, slot);
      }
      if (step === 1500) table.trim();
    }
    for (const key of [...pool, 'never set']) expect(table.slotOf(key)).toBe(oracle.get(key));
    // Dead slots keep their key (a page fetched after a replacement).
    keyOfSlot.forEach((key, slot) => expect(table.keyOf(slot)).toBe(key));
    const slots = keyOfSlot.map((_, slot) => slot);
    const byTable = [...slots].sort((a, b) => table.compareSlots(a, b) || a - b);
    const bySort = [...slots].sort(
      (a, b) => compareCodePoints(keyOfSlot[a] ?? '', keyOfSlot[b] ?? '') || a - b,
    );
    expect(byTable).toEqual(bySort);
    const probe = Buffer.from(pool[7] ?? '', 'utf8');
    for (const slot of slots) {
      expect(Math.sign(table.compareSlotTo(slot, probe))).toBe(
        Math.sign(compareCodePoints(keyOfSlot[slot] ?? '', pool[7] ?? '')),
      );
    }
  });
});

/** PostgreSQL's text form of a tsvector: lexemes quoted (' and \ doubled) with positions. */
const printed = (lexemes: readonly (readonly [string, readonly number[]])[]) =>
  lexemes.map(([l, p]) => `'${l.replace(/['\\]/g, (c) => c + c)}':${p.join(',')}`).join(' ');

describe('KeyTextField', () => {
  it('answers as a TextField over the same documents (live slots), with conforming and other keys', () => {
    const rng = createRng(9);
    const pool = keyPool(4, 600);
    const keys = new KeyTable(8);
    // Segments of 5 documents, the sorted keys merged past 7 new ones: both paths often.
    const field = new KeyTextField(keyField, 8, keys, 5, 7);
    const plain = new TextField(keyField, 8, 5);
    const live = emptyBitset(4096);
    let size = 0;
    const remove = (key: string) => {
      const slot = keys.delete(key);
      if (slot === undefined) return;
      clearBit(live, slot);
      // As Store.remove: the slot's length leaves the live total.
      field.liveLength -= field.lengths[slot] ?? 0;
      plain.liveLength -= plain.lengths[slot] ?? 0;
    };
    const liveSlots = (slots: Uint32Array, count: number) =>
      [...slots.subarray(0, count)].filter((s) => hasBit(live, s));
    // Prefixes, checked along the way too (while keys wait unsorted): the same lexemes among
    // those with a live slot.
    const withLive = (list: readonly string[]) =>
      [...new Set(list)]
        .filter((l) => liveSlots(plain.entries(l).slots, plain.entries(l).count).length > 0)
        .sort();
    const checkPrefixes = () => {
      for (const prefix of ['', '1', '12', 'é', '\u{1F600}', "'", '\\', 'z', 'Z', '-', '0a']) {
        expect({ prefix, found: withLive(field.withPrefix(prefix)) }).toEqual({
          prefix,
          found: withLive(plain.withPrefix(prefix)),
        });
      }
    };
    const lexemes = new Set<string>(pool);
    for (let step = 0; step < 1500; step++) {
      const key = rng.pick(pool);
      remove(key);
      if (rng.chance(0.2)) continue;
      const slot = size++;
      field.grow(size);
      plain.grow(size);
      keys.set(slot, key);
      setBit(live, slot);
      // Mostly the key alone at position 1; else lower-cased, or split in tokens, or weighted.
      const shape = rng.pick(['alone', 'alone', 'alone', 'lower', 'tokens', 'position']);
      const tokens = [...new Set(key.split('-'))].filter((t) => t !== '' && t !== key);
      const tsvector =
        shape === 'alone'
          ? printed([[key, [1]]])
          : shape === 'lower'
            ? printed([[key.toLowerCase(), [1]]])
            : shape === 'tokens'
              ? printed([[key, [1]], ...tokens.map((t, i) => [t, [i + 2]] as const)])
              : printed([[key, [2]]]);
      for (const t of tokens) lexemes.add(t);
      lexemes.add(key.toLowerCase());
      field.index(slot, tsvector);
      plain.index(slot, tsvector);
      if (step % 200 === 99) checkPrefixes();
      if (step === 700) {
        field.trim();
        plain.trim();
      }
    }
    expect(field.liveLength).toBe(plain.liveLength);
    for (let s = 0; s < size; s++) {
      if (hasBit(live, s)) expect(field.lengths[s]).toBe(plain.lengths[s]);
    }
    for (const lexeme of [...lexemes, 'absent']) {
      const got = field.positional(lexeme);
      const want = plain.positional(lexeme);
      const view = (e: typeof got) =>
        Array.from({ length: e.count }, (_, i) => ({
          slot: e.slots[i] ?? 0,
          tf: e.tfs[i],
          positions: [...e.positions.subarray(e.starts[i], (e.starts[i] ?? 0) + (e.tfs[i] ?? 0))],
        })).filter((e) => hasBit(live, e.slot));
      expect({ lexeme, entries: view(got) }).toEqual({ lexeme, entries: view(want) });
      expect({ lexeme, df: field.documentFrequency(lexeme, live, false) }).toEqual({
        lexeme,
        df: view(want).length,
      });
      // Among a phrase's candidates: the same entries, only theirs.
      const among = emptyBitset(4096);
      for (let s = lexeme.length % 3; s < size; s += 3) setBit(among, s);
      const inAmong = (e: { slot: number }) => hasBit(among, e.slot);
      expect({ lexeme, entries: view(field.positional(lexeme, 0, among)) }).toEqual({
        lexeme,
        entries: view(want).filter(inAmong),
      });
      const slots = [...got.slots.subarray(0, got.count)];
      expect(slots).toEqual([...slots].sort((a, b) => a - b));
      const plainEntries = plain.entries(lexeme);
      expect(liveSlots(field.entries(lexeme).slots, field.entries(lexeme).count)).toEqual(
        liveSlots(plainEntries.slots, plainEntries.count),
      );
      if (want.count > 0) expect(field.has(lexeme)).toBe(true);
      for (const from of [0, 32, 640, size - 3]) {
        const a = emptyBitset(4096);
        const b = emptyBitset(4096);
        field.orInto(lexeme, a, from);
        plain.orInto(lexeme, b, from);
        const setFrom = (set: Uint32Array) => {
          const slots: number[] = [];
          for (let s = Math.max(from, 0); s < size; s++) {
            if (hasBit(live, s) && hasBit(set, s)) slots.push(s);
          }
          return slots;
        };
        expect({ lexeme, from, slots: setFrom(a) }).toEqual({ lexeme, from, slots: setFrom(b) });
        const part = field.positional(lexeme, from);
        const whole = plain.positional(lexeme, from);
        expect(liveSlots(part.slots, part.count).filter((s) => s >= from)).toEqual(
          liveSlots(whole.slots, whole.count).filter((s) => s >= from),
        );
      }
    }
    checkPrefixes();
  });
});

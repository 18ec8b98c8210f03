import { describe, expect, it } from 'vitest';
import { articlesIndex } from '../index-definition';
import { createRng } from '../../seed/prng';
import { TextField } from './postings';

const field = articlesIndex.fields.find((f) => f.name === 'articleBody');
if (field === undefined) throw new Error('no articleBody field');

/** A tsvector's text for lexemes at positions, as PostgreSQL prints it. */
const tsvector = (lexemes: ReadonlyMap<string, readonly number[]>) =>
  [...lexemes]
    .map(([lexeme, positions]) => `'${lexeme.replace(/'/g, "''")}':${positions.join(',')}`)
    .join(' ');

describe('compressed postings', () => {
  it('decode what was indexed, across sealed segments and the tail', () => {
    const rng = createRng(11);
    const words = ['a', 'b', "it's", 'c\\d', '-19', 'long-lexeme', 'z'];
    const text = new TextField(field, 8, 3);
    const model = new Map<string, { slot: number; positions: number[] }[]>();
    for (let slot = 0; slot < 20; slot += 1 + Math.floor(rng.next() * 2)) {
      text.grow(slot + 1);
      const lexemes = new Map<string, number[]>();
      let position = 1;
      for (let i = 0; i < 1 + Math.floor(rng.next() * 12); i++) {
        const word = rng.pick(words);
        const list = lexemes.get(word) ?? [];
        list.push(position);
        position += 1 + Math.floor(rng.next() * 300);
        lexemes.set(word, list);
      }
      const printed = tsvector(
        new Map([...lexemes].map(([w, p]) => [w.replace(/\\/g, '\\\\'), p])),
      );
      text.index(slot, printed);
      for (const [word, positions] of lexemes) {
        const list = model.get(word) ?? [];
        list.push({ slot, positions });
        model.set(word, list);
      }
    }
    for (const word of [...words, 'absent']) {
      const expected = model.get(word) ?? [];
      const got = text.positional(word);
      const entries = Array.from({ length: got.count }, (_, i) => ({
        slot: got.slots[i],
        positions: [
          ...got.positions.subarray(got.starts[i], (got.starts[i] ?? 0) + (got.tfs[i] ?? 0)),
        ],
      }));
      expect({ word, entries }).toEqual({ word, entries: expected });
      expect([...text.entries(word).tfs]).toEqual(expected.map((e) => e.positions.length));
      const set = new Uint32Array(1);
      text.orInto(word, set);
      expect(set[0]).toBe(expected.reduce((bits, e) => (bits | (1 << e.slot)) >>> 0, 0));
      // Document frequency: every entry when all slots live, else the live ones.
      const everyone = Uint32Array.of(0xffffffff);
      expect(text.documentFrequency(word, everyone, true)).toBe(expected.length);
      // Counted alike when every slot is live, whatever the live set says (the tail's too).
      expect(text.documentFrequency(word, new Uint32Array(0), true)).toBe(expected.length);
      const odd = Uint32Array.of(0xaaaaaaaa);
      expect(text.documentFrequency(word, odd, false)).toBe(
        expected.filter((e) => e.slot % 2 === 1).length,
      );
      // Among some slots (a phrase's candidates): only theirs, positions and all, from the
      // segments and the tail.
      for (const mask of [0, 0b1, 0xaaaaa, 0x55555, 0xfffff, rng.int(0, 0xfffff)]) {
        const among = Uint32Array.of(mask);
        const some = text.positional(word, 0, among);
        const picked = Array.from({ length: some.count }, (_, i) => ({
          slot: some.slots[i],
          positions: [
            ...some.positions.subarray(some.starts[i], (some.starts[i] ?? 0) + (some.tfs[i] ?? 0)),
          ],
        }));
        expect(picked).toEqual(expected.filter((e) => ((mask >>> e.slot) & 1) === 1));
      }
      // From a slot on (match-cache.ts): every slot from there is decided, segments wholly
      // below it are skipped.
      for (const from of [0, 5, 9, 14, 19, 25]) {
        const after = expected.filter((e) => e.slot >= from);
        const part = text.positional(word, from);
        const slots = [...part.slots.subarray(0, part.count)];
        expect(slots.filter((s) => s >= from)).toEqual(after.map((e) => e.slot));
        const bits = new Uint32Array(1);
        text.orInto(word, bits, from);
        const mask = from >= 32 ? 0 : ~((1 << from) - 1) >>> 0;
        expect((bits[0] ?? 0) & mask).toBe(
          after.reduce((acc, e) => (acc | (1 << e.slot)) >>> 0, 0) & mask,
        );
      }
    }
    // Segments of 3 documents: the early ones are skipped for a late from.
    const late = text.positional('a', 19);
    expect(late.count).toBeLessThan(text.positional('a').count);
    expect(text.withPrefix('lo')).toEqual(['long-lexeme']);
    expect(text.withPrefix('-1')).toEqual(['-19']);
  });

  // Segments of 1,500 documents: a word in nearly every one gets skip lists there. Of 20,000:
  // its positions there outgrow one read's window (postings.ts positionWindow, 32 KB).
  it.each([
    { segment: 1_500, size: 4_000 },
    { segment: 20_000, size: 45_000 },
  ])(
    "reads a common word's positions among few candidates through its skip lists (segments of $segment)",
    ({ segment, size }) => {
      const rng = createRng(23);
      const text = new TextField(field, 4096, segment);
      for (let slot = 0; slot < size; slot++) {
        const lexemes = new Map<string, number[]>();
        let position = 1;
        for (let i = rng.int(0, 6); i > 0; i--) {
          const word = rng.next() < 0.9 ? 'in' : 'rare';
          const list = lexemes.get(word) ?? [];
          list.push(position);
          // Gaps over 127: two-byte varints among the skipped ones.
          position += rng.next() < 0.3 ? rng.int(128, 900) : rng.int(1, 5);
          lexemes.set(word, list);
        }
        text.index(slot, tsvector(lexemes));
      }
      text.trim();
      const all = text.positional('in');
      const view = (e: typeof all) =>
        Array.from({ length: e.count }, (_, i) => ({
          slot: e.slots[i] ?? 0,
          positions: [...e.positions.subarray(e.starts[i], (e.starts[i] ?? 0) + (e.tfs[i] ?? 0))],
        }));
      for (const density of [0.001, 0.01, 0.2, 1]) {
        const among = new Uint32Array(Math.ceil(size / 32));
        for (let slot = 0; slot < size; slot++) {
          if (rng.next() < density)
            among[slot >>> 5] = (among[slot >>> 5] ?? 0) | (1 << (slot & 31));
        }
        const inAmong = (e: { slot: number }) =>
          (((among[e.slot >>> 5] ?? 0) >>> (e.slot & 31)) & 1) === 1;
        expect(view(text.positional('in', 0, among))).toEqual(view(all).filter(inAmong));
      }
    },
  );
});

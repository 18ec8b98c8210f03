import { describe, expect, it } from 'vitest';
import { articlesIndex } from '../index-definition';
import { createRng } from '../../seed/prng';
import { TextField } from './postings';
import { phraseHits } from './text-query';

const field = articlesIndex.fields.find((f) => f.name === 'articleBody');
if (field === undefined) throw new Error('no articleBody field');

describe('phraseHits', () => {
  it('finds each phrase where its words are adjacent, part by part (segments and the tail)', () => {
    const rng = createRng(31);
    // Segments of 200 documents and a tail: a phrase's candidates span every part.
    const capacity = 2048;
    const text = new TextField(field, capacity, 200);
    const documents: string[][] = [];
    for (let slot = 0; slot < 1_050; slot++) {
      // Few words: every phrase is common, many documents hold one several times.
      const words = Array.from({ length: rng.int(0, 24) }, () => rng.pick(['a', 'b', 'c', 'd']));
      documents.push(words);
      const lexemes = new Map<string, number[]>();
      words.forEach((word, i) => lexemes.set(word, [...(lexemes.get(word) ?? []), i + 1]));
      text.index(
        slot,
        [...lexemes].map(([lexeme, positions]) => `'${lexeme}':${positions.join(',')}`).join(' '),
      );
    }
    expect(text.parts().length).toBeGreaterThan(5);
    // The oracle: the words themselves, read in order.
    const expected = (tokens: readonly string[], from: number) =>
      documents.flatMap((words, slot) => {
        let frequency = 0;
        for (let p = 0; p + tokens.length <= words.length; p++) {
          if (tokens.every((token, i) => words[p + i] === token)) frequency++;
        }
        return slot >= from && frequency > 0 ? [[slot, frequency]] : [];
      });
    for (const tokens of [
      ['a', 'b'],
      ['b', 'a', 'c'],
      ['d', 'd'],
      ['c', 'd', 'c', 'd'],
    ]) {
      for (const from of [0, 450, 1_010]) {
        const hits = phraseHits(text, tokens, capacity, from);
        const got = Array.from({ length: hits.count }, (_, i) => [
          hits.slots[i] ?? 0,
          hits.frequencies[i] ?? 0,
        ]).filter(([slot]) => (slot ?? 0) >= from);
        expect(got).toEqual(expected(tokens, from));
      }
    }
    expect(phraseHits(text, ['a', 'zebra'], capacity, 0).count).toBe(0);
  });
});

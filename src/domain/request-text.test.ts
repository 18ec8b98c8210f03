import { describe, expect, it } from 'vitest';
import { firstTextProblem, storableText, textProblem } from './request-text';

describe('request text (issue 16)', () => {
  it("refuses the issue's four strings in plain words, naming the field", () => {
    expect(textProblem('\u0000', 'title')).toBe(
      'title contains the NUL character (U+0000), which IST cannot store. Remove it and try again.',
    );
    expect(textProblem('a\u0000b', 'notes')).toMatch(/^notes contains the NUL character/);
    expect(textProblem('\ud800', 'rationale')).toBe(
      'rationale contains a broken character (U+D800, half of a character pair), which IST cannot store. Remove it and try again.',
    );
    expect(textProblem('x\udfffy', 'name')).toMatch(/U\+DFFF/);
  });

  it('takes every other text: pairs, emoji, controls, right-to-left, empty', () => {
    for (const text of ['', '😷 cases', '\ud83d\ude37', 'a\u0001\u007f', 'مرض', 'ｉｓｔ', '\ufeff'])
      expect(textProblem(text, 'x')).toBeUndefined();
    // A pair split the wrong way round is two lone halves.
    expect(textProblem('\ude37\ud83d', 'x')).toMatch(/U\+DE37/);
    expect(textProblem('ok\ud83d', 'x')).toMatch(/U\+D83D/);
  });

  it('finds the first bad string of a body, in member names too, with its path', () => {
    expect(firstTextProblem({ title: 'ok', cases: [{ notes: 'fine' }] })).toBeUndefined();
    expect(firstTextProblem({ title: 'ok', cases: [{ notes: 'x\u0000' }] })).toMatch(
      /^cases\[0\]\.notes contains the NUL/,
    );
    expect(firstTextProblem({ ['a\ud800']: 1 })).toMatch(/^A member name in The request body/);
    expect(firstTextProblem('\u0000')).toMatch(/^The request body contains/);
    expect(firstTextProblem([1, null, true, 2.5])).toBeUndefined();
  });

  it('walks a deep body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstTextProblem(deep)).toMatch(/NUL/);
  });

  it("cleans the issue's four strings for unattended text: NUL gone, a lone half as U+FFFD", () => {
    expect(storableText('\u0000')).toBe('');
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('\ud800')).toBe('\uFFFD');
    expect(storableText('x\udfffy')).toBe('x\uFFFDy');
    // Pairs stay pairs; a pair the wrong way round is two halves.
    expect(storableText('\ud83d\ude37\u0000')).toBe('😷');
    expect(storableText('\ude37\ud83d')).toBe('\uFFFD\uFFFD');
    for (const text of ['', '😷 cases', 'a\u0001\u007f', 'مرض', '\ufeff'])
      expect(storableText(text)).toBe(text);
    // What it returns is text by the request rule.
    expect(textProblem(storableText('a\u0000\ud800\udfff\udc00b'), 'x')).toBeUndefined();
  });
});

describe('the request text walk is linear (issue 30)', () => {
  it('names nested paths as before, in arrays of objects and objects of arrays', () => {
    expect(firstTextProblem({ a: [1, { b: ['ok', 'x\u0000'] }] })).toMatch(
      /^a\[1\]\.b\[1\] contains the NUL/,
    );
    expect(firstTextProblem([[], [{}, { ['k\udc00']: 1 }]])).toMatch(
      /^A member name in \[1\]\[1\] contains a broken character \(U\+DC00/,
    );
    expect(firstTextProblem({ q: 'x\ud800' }, 'query')).toMatch(/^query\.q contains a broken/);
  });

  it('finds the one bad string after millions of numbers (the stall of the issue)', () => {
    // 7.4 M numbers across 74 arrays, as the 4.75 MB body; the bad string comes last.
    const arrays = Array.from({ length: 74 }, () => new Array<number>(100_000).fill(0));
    const body = { x: arrays, last: 'x\u0000' };
    expect(firstTextProblem(body)).toMatch(/^last contains the NUL/);
    expect(firstTextProblem({ x: arrays })).toBeUndefined();
  });
});

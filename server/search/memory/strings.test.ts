import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { compareCodePoints } from './order';
import { StringTable } from './strings';

describe('StringTable', () => {
  it('interns, finds and orders strings as PostgreSQL\'s "C" collation, across growth and trim', () => {
    const rng = createRng(5);
    const alphabet = ['a', 'b', 'é', 'Z', '0', '\u{1F600}', '\uFF21', ' ', "'"];
    const values = new Set<string>(['']);
    while (values.size < 3000) {
      let value = '';
      for (let i = Math.floor(rng.next() * 6); i > 0; i--) value += rng.pick(alphabet);
      values.add(value);
    }
    const table = new StringTable();
    const list = [...values];
    const codes = list.map((v, i) => {
      if (i === 1500) table.trim();
      return table.codeOf(v);
    });
    expect(new Set(codes).size).toBe(list.length);
    list.forEach((v, i) => {
      expect(table.codeOf(v)).toBe(codes[i]);
      expect(table.find(v)).toBe(codes[i]);
      expect(table.valueOf(codes[i] ?? -1)).toBe(v);
    });
    expect(table.find('not there')).toBeUndefined();
    const byTable = [...codes].sort((a, b) => table.compare(a, b)).map((c) => table.valueOf(c));
    expect(byTable).toEqual([...list].sort(compareCodePoints));
  });
});

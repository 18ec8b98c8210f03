import { describe, expect, it } from 'vitest';
import { CodeHashTable } from './hash-table';

describe('CodeHashTable', () => {
  it('finds each code by its hash and key, across growth, even when every hash collides', () => {
    for (const hashOfValue of [(v: number) => Math.imul(v, 0x9e3779b1) >>> 0, () => 7]) {
      const values: number[] = [];
      const table = new CodeHashTable((code) => hashOfValue(values[code] ?? -1));
      const equals = (code: number, value: number) => values[code] === value;
      // 3,000 codes: past the first table's 1,024 (half of 2,048 buckets), so it grows twice.
      for (let code = 0; code < 3000; code++) {
        const value = code * 3 + 1;
        expect(table.find(hashOfValue(value), value, equals)).toBeUndefined();
        values.push(value);
        table.add(code);
      }
      for (let code = 0; code < 3000; code += 7) {
        expect(table.find(hashOfValue(code * 3 + 1), code * 3 + 1, equals)).toBe(code);
      }
      expect(table.find(hashOfValue(2), 2, equals)).toBeUndefined();
      expect(table.bytes).toBe(8192 * 4);
    }
  });
});

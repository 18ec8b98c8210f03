import { describe, expect, it } from 'vitest';
import { FingerprintTable, fingerprintOf } from './fingerprints';

describe('FingerprintTable', () => {
  it('gives each distinct value one code, found again by the value alone, across growth', () => {
    const table = new FingerprintTable();
    const urls = Array.from({ length: 50_000 }, (_, i) => `https://news.example/2025/05/${i}`);
    // An independent oracle: a Map from value to its first code.
    const oracle = new Map<string, number>();
    for (const url of [...urls, ...urls.slice(0, 1000)]) {
      const code = table.codeOf(url);
      if (!oracle.has(url)) oracle.set(url, oracle.size);
      expect(code).toBe(oracle.get(url));
    }
    table.trim();
    expect(table.size).toBe(50_000);
    for (const url of urls.slice(0, 2000)) expect(table.find(url)).toBe(oracle.get(url));
    expect(table.find('https://news.example/2025/05/50000')).toBeUndefined();
    expect(table.find('')).toBeUndefined();
    expect(table.codeOf('')).toBe(50_000);
  });

  it('tells apart values differing in one byte, in length, or in non-ASCII characters', () => {
    const values = ['a', 'b', 'ab', 'ba', 'é', 'e\u0301', 'https://x/1', 'https://x/1 ', ''];
    const prints = new Set(values.map((v) => fingerprintOf(v).join(':')));
    expect(prints.size).toBe(values.length);
  });
});

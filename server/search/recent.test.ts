import { describe, expect, it } from 'vitest';
import { Recent } from './recent';

describe('Recent', () => {
  it('makes a value once, keeps the most recently used, and drops the oldest past the limit', () => {
    const recent = new Recent<string>(2);
    let made = 0;
    const make = (key: string) => () => `${key}${++made}`;
    expect(recent.get('a', make('a'))).toBe('a1');
    expect(recent.get('a', make('a'))).toBe('a1');
    recent.get('b', make('b'));
    // 'a' used again: 'b' is now the oldest and goes when 'c' comes.
    recent.get('a', make('a'));
    recent.get('c', make('c'));
    expect(recent.size).toBe(2);
    expect(recent.get('a', make('a'))).toBe('a1');
    expect(recent.get('b', make('b'))).toBe('b4');
  });

  it('keeps nothing when making throws (a bad request text fails every time)', () => {
    const recent = new Recent<number>(4);
    expect(() =>
      recent.get('bad', () => {
        throw new Error('syntax error');
      }),
    ).toThrow('syntax error');
    expect(recent.size).toBe(0);
  });
});

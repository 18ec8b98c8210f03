import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { KeyTable } from './key-table';
import { compareCodePoints } from './order';

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

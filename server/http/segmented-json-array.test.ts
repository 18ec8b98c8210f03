import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SegmentedJsonArray } from './segmented-json-array';

type Step =
  | { readonly op: 'set'; readonly key: number; readonly value: string }
  | {
      readonly op: 'delete';
      readonly key: number;
    };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    key: fc.integer({ min: 1, max: 40 }),
    value: fc.string({ unit: 'grapheme', maxLength: 12 }),
  }),
  fc.record({ op: fc.constant('delete' as const), key: fc.integer({ min: 1, max: 40 }) }),
);

/** The same steps on a Map (insertion order: a replaced key keeps its place). */
function expectedOf(steps: readonly Step[]): unknown[] {
  const map = new Map<number, { key: number; value: string }>();
  for (const s of steps) {
    if (s.op === 'set') map.set(s.key, { key: s.key, value: s.value });
    else map.delete(s.key);
  }
  return [...map.values()];
}

describe('SegmentedJsonArray', () => {
  it('after any sets and deletes, the body is the array and the gzip inflates to the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { maxLength: 30 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 7 }),
        async (batches, segmentSize) => {
          const array = new SegmentedJsonArray(segmentSize);
          const done: Step[] = [];
          for (const batch of batches) {
            for (const s of batch) {
              if (s.op === 'set') array.set(s.key, JSON.stringify({ key: s.key, value: s.value }));
              else array.delete(s.key);
              done.push(s);
            }
            // Serialised after every batch: later batches reuse untouched segments.
            const { body, gzipped } = array.serialise();
            expect(JSON.parse(body.toString())).toEqual(expectedOf(done));
            expect(gunzipSync(await gzipped).equals(body)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('recompresses only the segment that changed', async () => {
    const array = new SegmentedJsonArray(2);
    for (let key = 1; key <= 6; key += 1) array.set(key, JSON.stringify({ key }));
    const before = await array.serialise().gzipped;
    array.set(3, JSON.stringify({ key: 3, changed: true }));
    const { body, gzipped } = array.serialise();
    const after = await gzipped;
    expect(JSON.parse(gunzipSync(after).toString())).toEqual(JSON.parse(body.toString()));
    // Header and the first segment ('[' and keys 1-2) are byte for byte the same.
    const shared = [...before].findIndex((byte, i) => after[i] !== byte);
    expect(shared).toBeGreaterThan(10);
  });

  it('answers an empty array', async () => {
    const array = new SegmentedJsonArray();
    array.set(1, '1');
    array.delete(1);
    const { body, gzipped } = array.serialise();
    expect(body.toString()).toBe('[]');
    expect(gunzipSync(await gzipped).toString()).toBe('[]');
  });
});

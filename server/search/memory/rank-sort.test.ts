import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../seed/prng';
import type { FieldDefinition, IndexDefinition } from '../index-definition';
import { permutationBy, type FieldSortKey } from './rank-sort';
import { Store } from './store';

const field = (name: string, type: FieldDefinition['type'], key = false): FieldDefinition => ({
  name,
  type,
  key,
  searchable: false,
  filterable: true,
  sortable: true,
  facetable: false,
  retrievable: true,
});

const index: IndexDefinition = {
  name: 'sorted',
  table: 'sorted',
  key: 'id',
  fields: [
    field('id', 'Edm.String', true),
    field('amount', 'Edm.Double'),
    field('day', 'Edm.DateTimeOffset'),
    field('flag', 'Edm.Boolean'),
    field('label', 'Edm.String'),
  ],
};

type Value = number | boolean | string | null;
type Row = Record<string, Value>;

/** Values with ties, nulls, negatives, -0, and strings beyond the BMP. */
function rowOf(rng: Rng, id: string): Row {
  const pick = <T>(values: readonly T[]): T => values[rng.int(0, values.length - 1)] as T;
  return {
    id,
    amount: pick([null, -0, 0, -1.5, 2.25, -1e300, 7, 7, 1e-9, -Infinity, Infinity]),
    day: pick([null, Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1) + 1, Date.UTC(1969, 11, 31), 0]),
    flag: pick([null, true, false]),
    label: pick([null, 'a', 'B', 'b', 'ä', '\u{1F600}', '\uFFFD', '', 'ab']),
  };
}

/** The oracle: the documented order written on plain values (not the engine's columns). */
function compareValues(a: Value, b: Value, descending: boolean): number {
  const aNull = a === null;
  const bNull = b === null;
  if (aNull || bNull) return aNull && bNull ? 0 : aNull === descending ? 1 : -1;
  let order: number;
  if (typeof a === 'string' && typeof b === 'string') {
    // "C" collation: code point order (the UTF-8 byte order).
    const x = [...a].map((c) => c.codePointAt(0) ?? 0);
    const y = [...b].map((c) => c.codePointAt(0) ?? 0);
    order = 0;
    for (let i = 0; i < Math.min(x.length, y.length) && order === 0; i++) {
      order = (x[i] ?? 0) - (y[i] ?? 0);
    }
    if (order === 0) order = x.length - y.length;
  } else if (typeof a === 'boolean' && typeof b === 'boolean') order = Number(a) - Number(b);
  else order = (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  return descending ? -order : order;
}

describe('permutationBy', () => {
  it('orders live slots as the documented comparison does, for every kind and direction', () => {
    const rng = createRng(18);
    for (let round = 0; round < 60; round++) {
      const store = new Store(index);
      const rows = new Map<string, Row>();
      const n = rng.int(1, 400);
      for (let i = 0; i < n; i++) {
        // Keys rewritten and removed: dead slots must not appear.
        const id = String(rng.int(1, Math.max(1, Math.floor(n * 0.8))));
        if (rng.next() < 0.1) {
          store.remove(id);
          rows.delete(id);
          continue;
        }
        const row = rowOf(rng, id);
        store.put(row);
        rows.set(id, row);
      }
      const names = ['amount', 'day', 'flag', 'label'];
      const keys: FieldSortKey[] = [];
      for (let k = rng.int(1, 3); k > 0; k--) {
        const name = names[rng.int(0, names.length - 1)] ?? 'amount';
        const definition = index.fields.find((f) => f.name === name);
        if (definition !== undefined) {
          keys.push({ kind: 'field', field: definition, descending: rng.next() < 0.5 });
        }
      }
      const idField = index.fields[0];
      if (rng.next() < 0.3 && idField !== undefined) {
        keys.push({ kind: 'field', field: idField, descending: rng.next() < 0.5 });
      }
      const byKey = [...rows.keys()].sort((a, b) => compareValues(a, b, false));
      const keyOrder = Uint32Array.from(byKey, (id) => store.keys.slotOf(id) ?? -1);
      const got = [...permutationBy(store, keys, keyOrder)].map((slot) => store.keys.keyOf(slot));
      const expected = [...rows.values()]
        .sort((a, b) => {
          for (const key of keys) {
            const order = compareValues(
              a[key.field.name] ?? null,
              b[key.field.name] ?? null,
              key.descending,
            );
            if (order !== 0) return order;
          }
          return compareValues(a['id'] ?? null, b['id'] ?? null, false);
        })
        .map((row) => String(row['id']));
      expect(got, JSON.stringify(keys.map((k) => [k.field.name, k.descending]))).toEqual(expected);
    }
  });
});

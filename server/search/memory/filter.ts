import type { IndexDefinition } from '../index-definition';
import {
  splitSearchInList,
  type FieldReference,
  type FilterExpression,
  type LambdaExpression,
} from '../odata/ast';
import { resolveField } from '../odata/check';
import { evaluateFilter } from '../odata/evaluate';
import { resolveIsMatch } from '../odata/ismatch';
import {
  compareScalars,
  literalScalar,
  orderSatisfies,
  orient,
  type Scalar,
} from '../odata/semantics';
import type { ComparisonOperator } from '../odata/ast';
import { resolveSearchFields } from '../simple-query/fields';
import {
  andInto,
  andNotInto,
  clearBit,
  copyOf,
  emptyBitset,
  orInto,
  recycle,
  setBit,
  type Bitset,
} from './bitset';
import { compareCodePoints, lowerBound } from './order';
import type { SearchableField } from './postings';
import type { Column, Store } from './store';
import { matchQuery, Unsupported } from './text-query';

/** Throws Unsupported when the filter has search.ismatchscoring (its score is SQL's). */
export function assertFilterSupported(node: FilterExpression, index: IndexDefinition): void {
  switch (node.kind) {
    case 'and':
    case 'or':
      node.operands.forEach((operand) => assertFilterSupported(operand, index));
      return;
    case 'not':
      assertFilterSupported(node.operand, index);
      return;
    case 'searchIsMatch':
      if (node.scoring) throw new Unsupported('search.ismatchscoring');
      return;
    default:
      return;
  }
}

/**
 * The slots a checked `$filter` matches, with odata/evaluate.ts's semantics: each leaf scans a
 * column into a bitset, `and`/`or`/`not` are bitset operations. Dead slots may be set; only
 * slots ≥ from are decided (match-cache.ts extends a cached answer to appended slots).
 */
export function matchFilter(
  store: Store,
  node: FilterExpression,
  from = 0,
  sorted: SortedLookup = () => undefined,
): Bitset {
  const bits = store.capacity;
  switch (node.kind) {
    case 'and': {
      const [first, ...rest] = node.operands;
      const result =
        first === undefined ? copyOf(store.live) : matchFilter(store, first, from, sorted);
      for (const operand of rest) {
        // Nothing left (the keyset's `insertedDate eq … and articleId gt …`): the rest can't add.
        if (isEmpty(result, from)) break;
        const other = matchFilter(store, operand, from, sorted);
        andInto(result, other);
        recycle(other);
      }
      return result;
    }
    case 'or': {
      const result = emptyBitset(bits);
      for (const operand of node.operands) {
        const other = matchFilter(store, operand, from, sorted);
        orInto(result, other);
        recycle(other);
      }
      return result;
    }
    case 'not': {
      const inner = matchFilter(store, node.operand, from, sorted);
      const result = andNotInto(copyOf(store.live), inner);
      recycle(inner);
      return result;
    }
    case 'value': {
      const value = node.value;
      if (value.kind === 'literal') {
        return value.type === 'boolean' && value.value ? copyOf(store.live) : emptyBitset(bits);
      }
      return scalarScan(store, value, (s) => s === true, from);
    }
    case 'comparison': {
      const oriented = orient(node.operator, node.left, node.right);
      if (oriented.kind === 'constant') {
        const holds = compareScalars(
          oriented.operator,
          literalScalar(oriented.left),
          literalScalar(oriented.right),
        );
        return holds ? copyOf(store.live) : emptyBitset(bits);
      }
      const literal = literalScalar(oriented.literal);
      const { operator } = oriented;
      const column = columnOf(store, oriented.field);
      if (column.kind === 'key' && typeof literal === 'string') {
        if (operator === 'eq' || operator === 'ne') {
          const slot = store.keys.slotOf(literal);
          // Keys are never null: ne is every other live document.
          const result = operator === 'eq' ? emptyBitset(bits) : copyOf(store.live);
          if (slot !== undefined) (operator === 'eq' ? setBit : clearBit)(result, slot);
          return result;
        }
        // Keys compared as UTF-8 bytes (code point order) against the literal's, never decoded.
        const { keys } = store;
        const bytes = Buffer.from(literal, 'utf8');
        const scan = (start: number) => {
          const result = emptyBitset(bits);
          for (let s = start; s < store.size; s++) {
            if (orderSatisfies(operator, keys.compareSlotTo(s, bytes))) setBit(result, s);
          }
          return result;
        };
        const byKey = sorted(column.field.name);
        if (byKey === undefined) return scan(from);
        // Key order ascending: the keys satisfying the operator are one run of it.
        const first = (after: boolean) =>
          lowerBound(byKey.slots.length, (i) => {
            const order = keys.compareSlotTo(byKey.slots[i] ?? 0, bytes);
            return after ? order > 0 : order >= 0;
          });
        const run =
          operator === 'gt' || operator === 'ge'
            ? { from: first(operator === 'gt'), to: byKey.slots.length }
            : { from: 0, to: first(operator === 'le') };
        return withAppended(store, byKey, positionsOf(store, byKey, run), scan);
      }
      if (
        column.kind === 'string' &&
        literal === null &&
        (operator === 'eq' || operator === 'ne')
      ) {
        // Null is code -1: no value needed (a column kept as fingerprints has none).
        const result = emptyBitset(bits);
        const { codes } = column;
        const isNull = operator === 'eq';
        for (let s = from; s < store.size; s++)
          if ((codes[s] ?? -1) < 0 === isNull) setBit(result, s);
        return result;
      }
      if (column.kind === 'string' && typeof literal === 'string') {
        if (operator === 'eq' && column.equality !== null) {
          return slotsOfValues(store, column, [literal], from);
        }
        if (column.bitsets !== null) {
          return scalarScan(
            store,
            oriented.field,
            (s) => compareScalars(operator, s, literal),
            from,
          );
        }
        if (operator === 'eq' || operator === 'ne') {
          // One dictionary lookup, then a code comparison per slot (null is ne everything).
          const code = column.dict.find(literal) ?? -2;
          const result = emptyBitset(bits);
          const { codes } = column;
          const equal = operator === 'eq';
          for (let s = from; s < store.size; s++)
            if ((codes[s] === code) === equal) setBit(result, s);
          return result;
        }
        return scalarScan(
          store,
          oriented.field,
          (s) => typeof s === 'string' && orderSatisfies(operator, compareCodePoints(s, literal)),
          from,
        );
      }
      if (column.kind === 'number' && column.bitsets === null) {
        const byValue = sorted(column.field.name);
        if (byValue !== undefined && (typeof literal === 'number' || literal === null)) {
          const run = runOf(column.values, byValue.slots, operator, literal);
          if (run !== undefined) {
            return withAppended(store, byValue, positionsOf(store, byValue, run), (start) =>
              scalarScan(store, oriented.field, (s) => compareScalars(operator, s, literal), start),
            );
          }
        }
      }
      if (
        column.kind === 'number' &&
        column.bitsets === null &&
        typeof literal === 'number' &&
        !Number.isNaN(literal)
      ) {
        return numberScan(store, column.values, operator, literal, from);
      }
      return scalarScan(store, oriented.field, (s) => compareScalars(operator, s, literal), from);
    }
    case 'searchIn': {
      const values = new Set(splitSearchInList(node.list, node.delimiters));
      const column = columnOf(store, node.field);
      if (column.kind === 'key') {
        // The articles of a suggestion, or by ids: a lookup per listed key.
        const result = emptyBitset(bits);
        for (const value of values) {
          const slot = store.keys.slotOf(value);
          if (slot !== undefined) setBit(result, slot);
        }
        return result;
      }
      if (column.kind === 'string' && column.equality !== null) {
        return slotsOfValues(store, column, values, from);
      }
      return scalarScan(store, node.field, (s) => typeof s === 'string' && values.has(s), from);
    }
    case 'searchIsMatch': {
      if (node.scoring) throw new Unsupported('search.ismatchscoring');
      const { query, options } = resolveIsMatch(node, store.index);
      return matchQuery(
        store,
        query.root,
        options.searchMode,
        textFields(store, options.searchFields),
        undefined,
        from,
      );
    }
    case 'lambda':
      return lambdaScan(store, node, from);
  }
}

/** The slots ≥ from holding one of values, through the column's equality index. */
function slotsOfValues(
  store: Store,
  column: Extract<Column, { kind: 'string' }>,
  values: Iterable<string>,
  from: number,
): Bitset {
  const result = emptyBitset(store.capacity);
  const add = (slot: number) => setBit(result, slot);
  for (const value of values) {
    const code = column.dict.find(value);
    if (code !== undefined) column.equality?.forEach(code, from, add);
  }
  return result;
}

/** The postings of the searched fields (every searchable field when the list is empty). */
export function textFields(store: Store, names: readonly string[]): SearchableField[] {
  return resolveSearchFields(store.index, names).map((f) => {
    const text = store.text.get(f.name);
    if (text === undefined) throw new Error(`memory search: no postings for ${f.name}`);
    return text;
  });
}

function columnOf(store: Store, ref: FieldReference): Column {
  const column = store.columns.get(resolveField(store.index, ref).name);
  if (column === undefined) throw new Unsupported(`no column for ${ref.path.join('/')}`);
  return column;
}

/**
 * A number column against a number literal, without a closure per slot: null (NaN) is only `ne`
 * a number, as compareScalars has it.
 */
function numberScan(
  store: Store,
  values: Float64Array,
  operator: ComparisonOperator,
  literal: number,
  from: number,
): Bitset {
  const result = emptyBitset(store.capacity);
  const onNull = operator === 'ne';
  for (let s = from; s < store.size; s++) {
    const v = values[s] ?? NaN;
    const holds = Number.isNaN(v)
      ? onNull
      : orderSatisfies(operator, v === literal ? 0 : v < literal ? -1 : 1);
    if (holds) result[s >>> 5] = (result[s >>> 5] ?? 0) | (1 << (s & 31));
  }
  return result;
}

/** Every slot whose scalar value satisfies holds (null included: Azure's null rules are in holds). */
function scalarScan(
  store: Store,
  ref: FieldReference,
  holds: (value: Scalar) => boolean,
  from: number,
): Bitset {
  const column = columnOf(store, ref);
  if (column.kind === 'boolean' && column.bitsets !== null) {
    const table = [holds(null), holds(false), holds(true)];
    return column.bitsets.union((index) => table[index] === true, store.live);
  }
  if (column.kind === 'string' && column.bitsets !== null) {
    const table = column.dict.map(holds);
    const onNull = holds(null);
    return column.bitsets.union(
      (index) => (index === 0 ? onNull : table[index - 1] === true),
      store.live,
    );
  }
  if (column.kind === 'number' && column.bitsets !== null) {
    const byIndex: boolean[] = [];
    for (const [value, index] of column.bitsets.indexOf) {
      byIndex[index] = Number.isNaN(value) ? holds(null) : holds(value);
    }
    return column.bitsets.sets.union((index) => byIndex[index] === true, store.live);
  }
  const result = emptyBitset(store.capacity);
  const n = store.size;
  switch (column.kind) {
    case 'number': {
      const values = column.values;
      const onNull = holds(null);
      for (let s = from; s < n; s++) {
        const v = values[s] ?? NaN;
        if (Number.isNaN(v) ? onNull : holds(v)) setBit(result, s);
      }
      return result;
    }
    case 'boolean': {
      const table = [holds(null), holds(false), holds(true)];
      const values = column.values;
      for (let s = from; s < n; s++) if (table[values[s] ?? 0] === true) setBit(result, s);
      return result;
    }
    case 'string': {
      const table = column.dict.map(holds);
      const onNull = holds(null);
      const codes = column.codes;
      for (let s = from; s < n; s++) {
        const code = codes[s] ?? -1;
        if (code < 0 ? onNull : table[code] === true) setBit(result, s);
      }
      return result;
    }
    case 'key': {
      // A predicate on the key other than eq, ranges and search.in: decoded per slot (rare).
      const keys = store.keys;
      for (let s = from; s < n; s++) if (holds(keys.keyOf(s))) setBit(result, s);
      return result;
    }
    case 'collection':
      throw new Unsupported(`collection ${column.field.name} used as a scalar`);
  }
}

/**
 * `any`/`all` over a string collection: the body is decided once per distinct value (with the
 * reference evaluator on a one-element collection), then each slot's values are looked up.
 */
function lambdaScan(store: Store, node: LambdaExpression, from: number): Bitset {
  const column = columnOf(store, node.collection);
  if (column.kind !== 'collection') throw new Unsupported('lambda over a non-collection');
  const { offsets, values, bitsets } = column;
  if (bitsets !== null) {
    // Index 0: has any value; code + 1: holds the value.
    if (node.body === undefined) return bitsets.union((index) => index === 0, store.live, false);
    const name = column.field.name;
    const holds = column.dict.map((value) => evaluateFilter(node, { [name]: [value] }));
    if (node.quantifier === 'any') {
      return bitsets.union((index) => index > 0 && holds[index - 1] === true, store.live, false);
    }
    // all: no value for which the body fails (an empty collection holds).
    const failing = bitsets.union(
      (index) => index > 0 && holds[index - 1] !== true,
      store.live,
      false,
    );
    const result = andNotInto(copyOf(store.live), failing);
    recycle(failing);
    return result;
  }
  const result = emptyBitset(store.capacity);
  const n = store.size;
  if (node.body === undefined) {
    for (let s = from; s < n; s++) if ((offsets[s + 1] ?? 0) > (offsets[s] ?? 0)) setBit(result, s);
    return result;
  }
  const name = column.field.name;
  const table = column.dict.map((value) => evaluateFilter(node, { [name]: [value] }));
  const any = node.quantifier === 'any';
  for (let s = from; s < n; s++) {
    const end = offsets[s + 1] ?? 0;
    let holds = !any;
    for (let i = offsets[s] ?? 0; i < end; i++) {
      if (table[values[i] ?? 0] === any) {
        holds = any;
        break;
      }
    }
    if (holds) setBit(result, s);
  }
  return result;
}

/**
 * A presorted permutation of the live slots by a field (descending, nulls last, for a number
 * field; ascending for the key), as of when the copy had `size` slots: a range filter on the
 * field is a run of it, so `insertedDate ge …` sets the run's slots instead of scanning.
 */
export interface SortedSlots {
  readonly slots: Uint32Array;
  readonly size: number;
  /** rangeCheckpoints(slots): a range of many slots starts from the nearest of these. */
  readonly checkpoints?: RangeCheckpoints;
}

/**
 * The slots at positions [0, (j + 1) · step) of a permutation, as bitsets (j < 16): a run of
 * positions is then two of them (the nearest) and at most step / 2 bits set or cleared at each
 * end, instead of up to half the slots one by one (a date range at 1,000,000 documents set or
 * cleared 250,000 bits on average). 16 bitsets: 2 MB per ordering at 1,000,000 documents.
 */
export interface RangeCheckpoints {
  readonly step: number;
  readonly prefixes: readonly Bitset[];
}

const checkpointCount = 16;

export function rangeCheckpoints(slots: Uint32Array, capacity: number): RangeCheckpoints {
  const step = Math.max(1, Math.ceil(slots.length / checkpointCount));
  const prefixes: Bitset[] = [];
  const current = emptyBitset(capacity);
  for (let start = 0; start < slots.length; start += step) {
    const end = Math.min(slots.length, start + step);
    for (let i = start; i < end; i++) setBit(current, slots[i] ?? 0);
    prefixes.push(current.slice());
  }
  return { step, prefixes };
}

/** The slots at positions [0, x) of the permutation, from the checkpoint nearest x. */
function prefixOf(slots: Uint32Array, checkpoints: RangeCheckpoints, x: number, bits: number) {
  const { step, prefixes } = checkpoints;
  const j = Math.min(prefixes.length, Math.round(x / step));
  const at = Math.min(slots.length, j * step);
  // As long as the copy's bitsets now (slots appended since the checkpoints may have grown it).
  const result = emptyBitset(bits);
  const checkpoint = prefixes[j - 1];
  if (checkpoint !== undefined) result.set(checkpoint.subarray(0, result.length));
  for (let i = at; i < x; i++) setBit(result, slots[i] ?? 0);
  for (let i = x; i < at; i++) clearBit(result, slots[i] ?? 0);
  return result;
}

/** The sorted slots of a field, when the engine keeps them. */
export type SortedLookup = (field: string) => SortedSlots | undefined;

/** Whether no bit ≥ from is set. */
function isEmpty(set: Bitset, from: number): boolean {
  for (let i = from >>> 5; i < set.length; i++) if (set[i] !== 0) return false;
  return true;
}

/** Positions [from, to) of a permutation, or (outside) every other position. */
interface Run {
  readonly from: number;
  readonly to: number;
  readonly outside?: boolean;
}

/**
 * The positions of a descending, nulls-last permutation of a number column satisfying
 * `operator literal` (compareScalars' rules: null only equals null, and is `ne` any number): one
 * run [from, to), or its complement when `outside` (ne). Undefined for comparisons the scan keeps.
 */
function runOf(
  values: Float64Array,
  slots: Uint32Array,
  operator: ComparisonOperator,
  literal: number | null,
): Run | undefined {
  const value = (i: number) => values[slots[i] ?? 0] ?? NaN;
  const nulls = lowerBound(slots.length, (i) => Number.isNaN(value(i)));
  if (literal === null || Number.isNaN(literal)) {
    if (operator === 'eq') return { from: nulls, to: slots.length };
    if (operator === 'ne') return { from: 0, to: nulls };
    return undefined;
  }
  const below = lowerBound(nulls, (i) => value(i) < literal);
  const atOrBelow = lowerBound(nulls, (i) => value(i) <= literal);
  switch (operator) {
    case 'ge':
      return { from: 0, to: below };
    case 'gt':
      return { from: 0, to: atOrBelow };
    case 'le':
      return { from: atOrBelow, to: nulls };
    case 'lt':
      return { from: below, to: nulls };
    case 'eq':
      return { from: atOrBelow, to: below };
    case 'ne':
      return { from: atOrBelow, to: below, outside: true };
  }
}

/**
 * The slots at positions [run.from, run.to) of a permutation (or every other position when
 * outside): set one by one when they are the fewer, else the live set with the others cleared.
 * Slots appended since the permutation are left to withAppended.
 */
function positionsOf(store: Store, sorted: SortedSlots, run: Run): Bitset {
  const { slots, checkpoints } = sorted;
  const { from, to, outside } = run;
  const inRun = Math.max(0, to - from);
  const chosen = outside === true ? slots.length - inRun : inRun;
  if (
    checkpoints !== undefined &&
    outside !== true &&
    Math.min(inRun, slots.length - inRun) > checkpoints.step
  ) {
    const inside = prefixOf(slots, checkpoints, Math.max(from, to), store.capacity);
    const before = prefixOf(slots, checkpoints, from, store.capacity);
    andNotInto(inside, before);
    recycle(before);
    return inside;
  }
  if (chosen * 2 <= slots.length) {
    const result = emptyBitset(store.capacity);
    if (outside === true) {
      for (let i = 0; i < from; i++) setBit(result, slots[i] ?? 0);
      for (let i = Math.max(from, to); i < slots.length; i++) setBit(result, slots[i] ?? 0);
    } else for (let i = from; i < to; i++) setBit(result, slots[i] ?? 0);
    return result;
  }
  const result = copyOf(store.live);
  if (outside === true) for (let i = from; i < to; i++) clearBit(result, slots[i] ?? 0);
  else {
    for (let i = 0; i < from; i++) clearBit(result, slots[i] ?? 0);
    for (let i = Math.max(from, to); i < slots.length; i++) clearBit(result, slots[i] ?? 0);
  }
  return result;
}

/**
 * result with the slots appended since the permutation decided by scan (from the word holding
 * the first of them: scan decides every slot ≥ its argument).
 */
function withAppended(
  store: Store,
  sorted: SortedSlots,
  result: Bitset,
  scan: (from: number) => Bitset,
): Bitset {
  const start = sorted.size & ~31;
  if (start >= store.size) return result;
  const tail = scan(start);
  for (let w = start >>> 5; w < result.length; w++) result[w] = tail[w] ?? 0;
  return result;
}

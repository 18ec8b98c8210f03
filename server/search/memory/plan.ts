import type { IndexDefinition } from '../index-definition';
import type { SearchRequest } from '../request';
import { maxPageSize } from '../request';
import type { SimpleQueryNode } from '../simple-query/parse';
import type { Bitset } from './bitset';
import { andInto, cardinality, copyOf, recycle, toSlots } from './bitset';
import { matchFilter, textFields } from './filter';
import type { KeptScores } from './kept-scores';
import type { MatchCache } from './match-cache';
import { comparatorOf, topSlots, walkPermutation, walkPermutationThenOrder } from './order';
import { leadingKeys, signatureOf, type Orderings } from './orderings';
import type { ParsedCache } from './parsed-cache';
import { intersectSparse } from './sparse';
import type { Store } from './store';
import { bm25, matchQuery, rankedOperands, type PhraseCache } from './text-query';

/** What a search is answered from: the copy that answers now and what is kept beside it. */
export interface Answering {
  readonly index: IndexDefinition;
  readonly store: Store;
  readonly parsed: ParsedCache;
  readonly matches: MatchCache;
  /** The phrase hits kept for this copy. */
  readonly phrases: PhraseCache;
  readonly orderings: Orderings;
  readonly scores: KeptScores;
}

/** A request's page, planned: the match count, the page's slots and their scores. */
export interface Plan {
  readonly count: number;
  readonly slots: Uint32Array;
  readonly scores: Float64Array;
}

/**
 * The synchronous part of a search: matches (kept bitsets of the search and of each $filter
 * conjunct, ANDed), the exact count, the page's slots in order and their BM25 scores. Throws
 * text-query.ts Unsupported when the request is SQL's to answer.
 */
export function planSearch(at: Answering, request: SearchRequest): Plan {
  const { store, phrases } = at;
  // The kept match bitsets of the search and of each top-level $filter conjunct: intersected
  // below by the slots of a sparse one when there is one, else word by word.
  const sets: Bitset[] = [];
  let ranked: readonly SimpleQueryNode[] = [];
  let searched: ReturnType<typeof textFields> = [];
  let searchKey = '';
  if (request.search !== undefined) {
    const root = at.parsed.query(request.search);
    searched = textFields(store, request.searchFields ?? []);
    searchKey = `search\u0000${request.searchMode}\u0000${searched.map((f) => f.field.name).join(',')}\u0000${request.search}`;
    sets.push(
      at.matches.get(store, searchKey, (from) =>
        matchQuery(store, root, request.searchMode, searched, phrases, from),
      ),
    );
    ranked = rankedOperands(root);
  }
  if (request.filter !== undefined) {
    // Per top-level conjunct: the browser's filters share `articleType eq 3` and each chip, so a
    // new combination is mostly kept bitsets ANDed together.
    for (const { node, key } of at.parsed.filter(request.filter)) {
      sets.push(
        at.matches.get(store, key, (from) =>
          matchFilter(store, node, from, at.orderings.sortedSlots),
        ),
      );
    }
  }
  const sparse = intersectSparse(store.live, sets);
  let match: Bitset | undefined;
  if (sparse === undefined) {
    match = copyOf(store.live);
    for (const set of sets) andInto(match, set);
  }
  // The kept bitsets are read no further: those evicted meanwhile can be reused.
  at.matches.recycleEvicted();
  const count = sparse?.length ?? cardinality(match ?? store.live);
  const pageSize = Math.min(request.top, maxPageSize);
  const k = request.skip + pageSize;
  if (pageSize === 0 || count <= request.skip) {
    if (match !== undefined) recycle(match);
    return { count, slots: new Uint32Array(0), scores: new Float64Array(0) };
  }
  // Prefix-only, match-all and negation-only queries score 1 (Azure: constant score).
  const scored = ranked.length > 0 && searched.length > 0;
  const keys = leadingKeys(at.index, request.orderBy, scored);
  // Every match's score only when the order needs it; else the page's alone, once it is known
  // (the browser's searches are ordered by a field).
  const byScore = keys.some((key) => key.kind === 'score');
  const scores =
    scored && byScore
      ? at.scores.of(store, searchKey, (into) => bm25(store, ranked, searched, phrases, into))
      : null;

  let top: Uint32Array | undefined;
  if (match === undefined) {
    // Few matches (a sparse conjunct): sorting them is the whole work.
    top = (sparse ?? new Uint32Array(0))
      .slice()
      .sort(comparatorOf(store, keys, scores))
      .subarray(0, k);
  } else {
    // The leading field keys: a permutation presorted by them (then the key) serves the request
    // alone when nothing ranks, and with the scores for ties when the score follows them (the
    // browser's insertedDate desc over a search).
    const firstScore = keys.findIndex((key) => key.kind === 'score');
    const leading = firstScore === -1 ? keys : keys.slice(0, firstScore);
    const signature = leading.length > 0 || !scored ? signatureOf(leading) : undefined;
    const permutation = signature === undefined ? undefined : at.orderings.for(signature);
    // Walking the permutation visits about k · size / count slots; the heap visits every match.
    if (permutation !== undefined && (k * store.size) / count < count * 2) {
      const compare = comparatorOf(store, leading, null);
      const appended = toSlots(match.subarray(permutation.size >>> 5)).map(
        (s) => s + (permutation.size & ~31),
      );
      const extras = appended.filter((s) => s >= permutation.size).sort(compare);
      top =
        leading.length === keys.length
          ? walkPermutation(match, permutation, k, extras, compare)
          : walkPermutationThenOrder(
              match,
              permutation,
              k,
              extras,
              { compare, tie: comparatorOf(store, leading, null, false) },
              comparatorOf(store, keys, scores),
            );
    }
    const scoreFirst = keys[0]?.kind === 'score' && keys[0].descending && scores !== null;
    top ??= topSlots(
      match,
      count,
      k,
      comparatorOf(store, keys, scores),
      scoreFirst ? scores : undefined,
    );
  }
  const slots = top.slice(request.skip, k);
  // The match set is this request's alone: nothing below reads it.
  if (match !== undefined) recycle(match);
  let pageScores: Float64Array;
  if (scored && scores === null) {
    pageScores = bm25(store, ranked, searched, phrases, undefined, slots);
  } else {
    pageScores = new Float64Array(slots.length);
    slots.forEach((s, i) => (pageScores[i] = scores === null ? 1 : (scores[s] ?? 0)));
  }
  return { count, slots, scores: pageScores };
}

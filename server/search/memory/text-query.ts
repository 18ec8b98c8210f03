import { isMatchablePrefix } from '../simple-query/analyze';
import type { SimpleQueryNode } from '../simple-query/parse';
import { andInto, andNotInto, emptyBitset, orInto, type Bitset } from './bitset';
import type { Store, TextField } from './store';

/** A request the in-memory engine does not answer; the SQL executor does instead. */
export class Unsupported extends Error {}

/** Azure's BM25 parameters (BM25Similarity defaults). */
export const k1 = 1.2;
export const b = 0.75;

/**
 * The lexemes a query token stands for: PostgreSQL keeps a sign glued to a number
 * (`covid-19` → `-19`), so, as in simple-query/to-sql.ts, a number also matches its signed forms.
 */
const variants = (token: string): readonly string[] =>
  /^[0-9]/.test(token) ? [token, `-${token}`, `+${token}`] : [token];

/** Throws Unsupported when a query has a phrase: phrases need positions, which are not kept. */
export function assertNoPhrase(node: SimpleQueryNode): void {
  switch (node.kind) {
    case 'phrase':
      throw new Unsupported('phrase');
    case 'not':
      assertNoPhrase(node.operand);
      return;
    case 'sequence':
      assertNoPhrase(node.first);
      for (const { operand } of node.rest) assertNoPhrase(operand);
      return;
    default:
      return;
  }
}

/**
 * The slots matching a parsed simple query over the given fields, with simple-query/evaluate.ts's
 * semantics (so the NOT trap: under `any`, `a -b` matches everything). Dead slots may be set:
 * the caller intersects with the live set.
 */
export function matchQuery(
  store: Store,
  node: SimpleQueryNode,
  mode: 'any' | 'all',
  fields: readonly TextField[],
): Bitset {
  const bits = store.capacity;
  switch (node.kind) {
    case 'matchAll':
      return store.live.slice();
    case 'matchNone':
      return emptyBitset(bits);
    case 'not':
      return andNotInto(store.live.slice(), matchQuery(store, node.operand, mode, fields));
    case 'term': {
      const result = emptyBitset(bits);
      for (const field of fields) {
        if (mode === 'any') {
          for (const token of node.tokens) orLexemes(field, variants(token), result);
          continue;
        }
        let all: Bitset | null = null;
        for (const token of node.tokens) {
          const one = orLexemes(field, variants(token), emptyBitset(bits));
          all = all === null ? one : andInto(all, one);
        }
        if (all !== null) orInto(result, all);
      }
      return result;
    }
    case 'prefix': {
      const result = emptyBitset(bits);
      if (!isMatchablePrefix(node.prefix)) return result;
      for (const field of fields) {
        for (const prefix of variants(node.prefix)) {
          orLexemes(field, field.withPrefix(prefix), result);
        }
      }
      return result;
    }
    case 'phrase':
      throw new Unsupported('phrase');
    case 'sequence': {
      // No precedence: a left fold in textual order, as Lucene's SimpleQueryParser builds it.
      let result = matchQuery(store, node.first, mode, fields);
      for (const { operator, operand } of node.rest) {
        const and = operator === 'and' || (operator === 'default' && mode === 'all');
        const value = matchQuery(store, operand, mode, fields);
        result = and ? andInto(result, value) : orInto(result, value);
      }
      return result;
    }
  }
}

function orLexemes(field: TextField, lexemes: readonly string[], into: Bitset): Bitset {
  for (const lexeme of lexemes) field.terms.get(lexeme)?.orInto(into);
  return into;
}

/** The term operands outside any negation: those that rank (prefixes are constant-score). */
export function rankedTerms(node: SimpleQueryNode): readonly (readonly string[])[] {
  switch (node.kind) {
    case 'term':
      return [node.tokens];
    case 'sequence':
      return [node.first, ...node.rest.map((r) => r.operand)].flatMap(rankedTerms);
    default:
      return [];
  }
}

/**
 * BM25 (k1 1.2, b 0.75, Lucene's idf) summed over the searched fields and the ranked terms'
 * lexemes, into a score per slot. Document frequencies count live slots only.
 */
export function bm25(
  store: Store,
  terms: readonly (readonly string[])[],
  fields: readonly TextField[],
): Float64Array {
  const scores = new Float64Array(store.size);
  const n = store.liveCount;
  const live = store.live;
  const isLive = (s: number) => (((live[s >>> 5] ?? 0) >>> (s & 31)) & 1) === 1;
  for (const field of fields) {
    const average = n === 0 ? 1 : field.liveLength / n || 1;
    const lengths = field.lengths;
    for (const tokens of terms) {
      for (const token of tokens) {
        for (const lexeme of variants(token)) {
          const posting = field.terms.get(lexeme);
          if (posting === undefined) continue;
          let df = 0;
          posting.forEach((slot) => {
            if (isLive(slot)) df++;
          });
          if (df === 0) continue;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          posting.forEach((slot, tf) => {
            if (!isLive(slot)) return;
            const norm = k1 * (1 - b + (b * (lengths[slot] ?? 0)) / average);
            scores[slot] = (scores[slot] ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm);
          });
        }
      }
    }
  }
  return scores;
}

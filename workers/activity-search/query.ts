/**
 * The index's search text (spec 001 §2): a query starting with a double quote is a
 * case-insensitive phrase matched inside the disease, location or species name; anything else
 * is a full-text prefix search where `+term` must match, `-term` must not, and plain terms
 * match if any does (as in the article search: + is AND, - is NOT, a space is OR; a trailing
 * `*` is allowed). A malformed query throws {@link ActivityQueryError}: the index then shows
 * all data.
 */

/** Lower case without diacritics: 'Côte d’Ivoire' → 'cote d’ivoire'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a name or term: runs of letters and digits, folded. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A term: every word must prefix a word of the activity ('h1n1' or 'a(h5n1' → a, h5n1). */
export type Term = readonly string[];

export type ActivityQuery =
  | { readonly kind: 'all' }
  | { readonly kind: 'phrase'; readonly phrase: string }
  | {
      readonly kind: 'terms';
      readonly must: readonly Term[];
      readonly should: readonly Term[];
      readonly not: readonly Term[];
    };

/** The search text could not be read; the index shows all data. */
export class ActivityQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActivityQueryError';
  }
}

/** Reads the search text. Throws {@link ActivityQueryError} for an operator without a term. */
export function parseActivityQuery(text: string): ActivityQuery {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'all' };
  if (trimmed.startsWith('"')) {
    const phrase = fold(trimmed.slice(1).replace(/"\s*$/, '')).trim();
    return phrase === '' ? { kind: 'all' } : { kind: 'phrase', phrase };
  }
  const must: Term[] = [];
  const should: Term[] = [];
  const not: Term[] = [];
  for (const token of trimmed.split(/\s+/)) {
    const operator = token[0] === '+' || token[0] === '-' ? token[0] : '';
    const term = words(token.slice(operator.length).replace(/\*$/, ''));
    if (term.length === 0) {
      throw new ActivityQueryError(`'${token}' has no term to search for.`);
    }
    (operator === '+' ? must : operator === '-' ? not : should).push(term);
  }
  return { kind: 'terms', must, should, not };
}

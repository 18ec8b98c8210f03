/**
 * The analyst's search text (spec 000 §2, §5) → what the article search service is sent.
 *
 * Syntax: a space is OR, `+` is AND, `-` is NOT, `"…"` is an exact phrase; any other term gets a
 * trailing wildcard. Under Azure's `searchMode=any` a `-term` in `search` matches every document
 * (shared/reference/azure-search-protocol.md §1–2), so the positive part goes to `search` with
 * explicit `|`, `+` and parentheses (Lucene's simple parser has no precedence: it reads left to
 * right, and so does this), and each negated term or phrase becomes a
 * `not search.ismatch('…', searchFields)` clause for `$filter`, ANDed with the other filters.
 */

/** The fields the article search looks in (spec 000 §7), for `searchFields` and `search.ismatch`. */
export const articleSearchFields = [
  'articleId',
  'articleTitle',
  'diseaseNames',
  'locationNames',
  'articleBody',
] as const;

/** What one search text becomes. */
export interface SearchTextQuery {
  /** The `search` parameter: the positive part in simple syntax, or '*' (every article). */
  readonly search: string;
  /** One `not search.ismatch(…)` OData clause per negated term or phrase. */
  readonly negatedFilters: readonly string[];
  /** How the text was read, for the UI: 'Showing articles matching (cholera* OR ebola*) AND NOT vaccine*'. */
  readonly reading: string;
}

type Operator = 'or' | 'and' | 'not';

/** A term (its word pieces, each a prefix) or an exact phrase. */
type Operand =
  | { readonly kind: 'term'; readonly pieces: readonly string[] }
  | { readonly kind: 'phrase'; readonly text: string };

interface Clause {
  readonly operator: Operator;
  readonly operand: Operand;
}

/** Reading shown when the text has nothing to search for. */
export const readingOfEverything = 'Showing all articles';

/**
 * Translates the analyst's text. Lenient, never throws: an operator with nothing after it, a lone
 * or unclosed quote, `""` and text with nothing searchable (`!!!`) are ignored; an operator
 * standing alone (`a - b`) applies to the next term; `+` and `|` work without spaces (`a+b`),
 * `-` only at the start of a term (`covid-19` is one term).
 */
export function translateSearchText(text: string): SearchTextQuery {
  const clauses = parseSearchText(text);
  const positives = clauses.filter((c) => c.operator !== 'not');
  const negatives = clauses.filter((c) => c.operator === 'not').map((c) => c.operand);

  const search = positives.length === 0 ? '*' : combine(positives, simpleSyntax, ' | ', ' + ');
  const negatedFilters = negatives.map(
    (operand) =>
      `not search.ismatch(${odataString(simpleSyntax(operand))}, ${odataString(articleSearchFields.join(','))})`,
  );

  const parts: string[] = [];
  if (positives.length > 0) {
    const positive = combine(positives, readable, ' OR ', ' AND ');
    parts.push(negatives.length > 0 && positives.length > 1 ? `(${positive})` : positive);
  }
  for (const operand of negatives) parts.push(`NOT ${readable(operand)}`);
  const reading =
    parts.length === 0 ? readingOfEverything : `Showing articles matching ${parts.join(' AND ')}`;
  return { search, negatedFilters, reading };
}

/** An OData string literal: quoted, a quote doubled. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Escapes the simple-syntax operator characters (`+ | " ( ) ' \ - * & ! ~ ^ [ ] { } : /`) with `\`. */
export function escapeSimpleSyntax(text: string): string {
  return text.replace(/[+|"()'\\\-*&!~^[\]{}:/]/g, (c) => `\\${c}`);
}

function parseSearchText(text: string): Clause[] {
  const clauses: Clause[] = [];
  let pending: Operator | undefined;
  let i = 0;
  const push = (operand: Operand | undefined) => {
    if (operand !== undefined) clauses.push({ operator: pending ?? 'or', operand });
    pending = undefined;
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/u.test(c)) {
      i += 1;
    } else if (c === '+') {
      if (pending !== 'not') pending = 'and';
      i += 1;
    } else if (c === '|') {
      if (pending === undefined) pending = 'or';
      i += 1;
    } else if (c === '-') {
      pending = 'not';
      i += 1;
    } else if (c === '"') {
      const close = text.indexOf('"', i + 1);
      if (close === -1) {
        // A lone or unclosed quote: the quote is dropped, what follows is read as terms.
        i += 1;
      } else {
        push(phraseOf(text.slice(i + 1, close)));
        i = close + 1;
      }
    } else {
      let end = i;
      while (end < text.length && !/[\s"+|]/u.test(text.charAt(end))) end += 1;
      push(termOf(text.slice(i, end)));
      i = end;
    }
  }
  return clauses;
}

/**
 * A term's pieces: split where Azure's standard analyzer splits words (anything but letters,
 * marks, digits and the in-word `_ ' .`), so `covid-19` is `covid* + 19*` rather than a prefix
 * that no token starts with. A typed trailing `*` is not doubled.
 */
function termOf(word: string): Operand | undefined {
  const pieces = word
    .split(/[^\p{L}\p{M}\p{N}_'.]+/u)
    .map((piece) => piece.replace(/^[_'.]+|[_'.]+$/gu, ''))
    .filter((piece) => piece !== '');
  return pieces.length === 0 ? undefined : { kind: 'term', pieces };
}

/** A phrase with something searchable in it; its text is kept as typed (whitespace folded). */
function phraseOf(inner: string): Operand | undefined {
  if (!/[\p{L}\p{N}]/u.test(inner)) return undefined;
  return { kind: 'phrase', text: inner.trim().replace(/\s+/gu, ' ') };
}

function simpleSyntax(operand: Operand): string {
  if (operand.kind === 'phrase') return `"${operand.text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  const pieces = operand.pieces.map((piece) => `${escapeSimpleSyntax(piece)}*`);
  return pieces.length === 1 ? (pieces[0] ?? '') : `(${pieces.join(' + ')})`;
}

function readable(operand: Operand): string {
  if (operand.kind === 'phrase') return `"${operand.text}"`;
  const pieces = operand.pieces.map((piece) => `${piece}*`);
  return pieces.length === 1 ? (pieces[0] ?? '') : `(${pieces.join(' AND ')})`;
}

/** Joins left to right, parenthesising where the operator changes (textual order, no precedence). */
function combine(
  clauses: readonly Clause[],
  render: (operand: Operand) => string,
  or: string,
  and: string,
): string {
  let expression = '';
  let previous: Operator | undefined;
  for (const { operator, operand } of clauses) {
    const rendered = render(operand);
    if (expression === '') {
      expression = rendered;
      continue;
    }
    const glue = operator === 'and' ? and : or;
    // The first operand's operator means nothing: `+a b` is `a | b`.
    const left = previous === undefined || previous === operator ? expression : `(${expression})`;
    expression = `${left}${glue}${rendered}`;
    previous = operator;
  }
  return expression;
}

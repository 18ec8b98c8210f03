import { SearchRequestError } from '../errors';
import { analyze } from './analyze';

/** Azure's limit on the length of the search text. */
export const MAX_SEARCH_LENGTH = 100_000;
/** Azure's limit on the number of clauses (terms, phrases, prefixes) in `search`. */
export const MAX_CLAUSES = 1_024;
/** Azure's limit on the length of a prefix term. */
export const MAX_PREFIX_LENGTH = 1_000;
/** Lucene's limit on one term (bytes of UTF-8); Azure documents "about 32 KB". */
export const MAX_TERM_BYTES = 32_766;
/** Deeper parenthesis nesting is refused: it would only blow stacks (ours and PostgreSQL's). */
export const MAX_NESTING = 64;
/**
 * Nesting of the boolean tree (groups, negations, and each change between `+`, `|` and
 * whitespace, since there is no precedence): PGlite's SQL parser overflows somewhere past 200.
 */
export const MAX_DEPTH = 128;

/** How two operands are joined: `+`, `|`, or whitespace (the searchMode decides). */
export type SimpleOperator = 'and' | 'or' | 'default';

/** A node of a parsed simple query. Operands are analysed already; the searchMode is not applied. */
export type SimpleQueryNode =
  /** Matches every document (`*`, empty search text, and the `*` Azure adds to negations). */
  | { readonly kind: 'matchAll' }
  /** Matches nothing (search text with no searchable content, e.g. `!!!`). */
  | { readonly kind: 'matchNone' }
  /** One word of the query; several tokens when analysis splits it (`wi-fi`), joined by the searchMode. */
  | { readonly kind: 'term'; readonly tokens: readonly string[] }
  /** `"…"`: at least two tokens, adjacent and in order, in one field. */
  | { readonly kind: 'phrase'; readonly tokens: readonly string[] }
  /** `abc*`: some token starts with `prefix` (lowercased, not analysed). */
  | { readonly kind: 'prefix'; readonly prefix: string }
  /** `-x`: every document not matching x. */
  | { readonly kind: 'not'; readonly operand: SimpleQueryNode }
  /** Operands joined in textual order, without precedence: ((first op₁ a) op₂ b) … */
  | {
      readonly kind: 'sequence';
      readonly first: SimpleQueryNode;
      readonly rest: readonly {
        readonly operator: SimpleOperator;
        readonly operand: SimpleQueryNode;
      }[];
    };

/** A parsed `search` text (queryType=simple). */
export interface SimpleQuery {
  readonly text: string;
  readonly root: SimpleQueryNode;
}

const MATCH_ALL: SimpleQueryNode = { kind: 'matchAll' };

interface State {
  readonly end: number;
  index: number;
  top: SimpleQueryNode | null;
  rest: { operator: SimpleOperator; operand: SimpleQueryNode }[];
  operator: SimpleOperator | null;
  not: number;
}

/**
 * Parses search text as Azure's simple syntax, a port of Lucene's SimpleQueryParser state machine
 * (lenient: unbalanced quotes and parentheses are ignored, operators without operands dropped).
 * Throws SearchRequestError only when a limit is exceeded (length, clauses, term size, nesting).
 */
export function parseSimpleQuery(text: string): SimpleQuery {
  if (text.length > MAX_SEARCH_LENGTH) {
    throw new SearchRequestError(
      `The search text is ${text.length} characters long; the maximum is ${MAX_SEARCH_LENGTH}.`,
      'search',
    );
  }
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '*') return { text, root: MATCH_ALL };
  const parser = new Parser(text);
  const root = parser.parseRange(0, text.length, 0) ?? { kind: 'matchNone' };
  if (depthOf(root) > MAX_DEPTH) {
    throw new SearchRequestError(
      `The search text is too complex: it nests groups, negations and changes of operator more than ${MAX_DEPTH} deep.`,
      'search',
    );
  }
  return { text, root };
}

const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const endsToken = (c: string | undefined) =>
  c === '"' || c === '|' || c === '+' || c === '(' || c === ')' || isWhitespace(c);

class Parser {
  private clauses = 0;
  /** For each unescaped `(`, the index of its `)` (or -1); Lucene rescans, which is quadratic. */
  private readonly closing: Int32Array;
  /** For each index, the next unescaped `"` at or after it (or the text's length). */
  private readonly nextQuote: Int32Array;

  constructor(private readonly data: string) {
    const n = data.length;
    this.closing = new Int32Array(n).fill(-1);
    this.nextQuote = new Int32Array(n + 1).fill(n);
    const open: number[] = [];
    const isQuote = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const c = data[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '(') open.push(i);
      else if (c === ')') {
        const o = open.pop();
        if (o !== undefined) this.closing[o] = i;
      } else if (c === '"') isQuote[i] = 1;
    }
    for (let i = n - 1; i >= 0; i--) {
      this.nextQuote[i] = isQuote[i] === 1 ? i : (this.nextQuote[i + 1] ?? n);
    }
    // The escape scan above is global; Lucene's scans start after an unescaped `(` or `"`, and a
    // run of backslashes never straddles one, so both agree on which characters are escaped.
  }

  parseRange(start: number, end: number, depth: number): SimpleQueryNode | null {
    if (depth > MAX_NESTING) {
      throw new SearchRequestError(
        `The search text nests parentheses more than ${MAX_NESTING} deep.`,
        'search',
      );
    }
    const state: State = { end, index: start, top: null, rest: [], operator: null, not: 0 };
    const { data } = this;
    while (state.index < end) {
      const c = data[state.index];
      if (c === '(') {
        this.consumeGroup(state, depth);
      } else if (c === ')') {
        state.index++; // extraneous
      } else if (c === '"') {
        this.consumePhrase(state);
      } else if (c === '+' || c === '|') {
        // Ignored with no operand before it, or when an operator is already pending.
        if (state.operator === null && state.top !== null)
          state.operator = c === '+' ? 'and' : 'or';
        state.index++;
      } else if (c === '-') {
        state.not++;
        state.index++;
        continue; // keeps the count: `--x` is x
      } else if (isWhitespace(c)) {
        state.index++;
      } else {
        this.consumeToken(state);
      }
      // A negation applies only to what immediately follows it.
      state.not = 0;
    }
    if (state.top === null) return null;
    return state.rest.length === 0
      ? state.top
      : { kind: 'sequence', first: state.top, rest: state.rest };
  }

  private consumeGroup(state: State, depth: number): void {
    const open = state.index;
    const start = open + 1;
    const close = this.closing[open] ?? -1;
    if (close < 0 || close >= state.end) {
      state.index = start; // never closed: the `(` is ignored
    } else if (close === start) {
      state.operator = null; // `()`: the pending operator had nothing to apply to
      state.index = close + 1;
    } else {
      this.build(state, this.parseRange(start, close, depth + 1));
      state.index = close + 1;
    }
  }

  private consumePhrase(state: State): void {
    const start = state.index + 1;
    const close = this.nextQuote[start] ?? this.data.length;
    if (close >= state.end) {
      state.index = start; // never closed: the `"` is ignored
    } else if (close === start) {
      state.operator = null;
      state.index = close + 1;
    } else {
      const body = unescape(this.data.slice(start, close));
      this.checkTerm(body);
      const tokens = analyze(body);
      this.build(state, this.clause(termOrPhrase(tokens, 'phrase')));
      state.index = close + 1;
    }
  }

  private consumeToken(state: State): void {
    const { data } = this;
    let token = '';
    let escaped = false;
    let prefix = false;
    while (state.index < state.end) {
      const c = data[state.index] ?? '';
      if (!escaped) {
        if (c === '\\') {
          escaped = true;
          prefix = false;
          state.index++;
          continue;
        }
        if (endsToken(c)) break;
        prefix = token.length > 0 && c === '*';
      }
      escaped = false;
      token += c;
      state.index++;
    }
    if (token === '') return;
    if (prefix) {
      const text = token.slice(0, -1);
      if (text.length > MAX_PREFIX_LENGTH) {
        throw new SearchRequestError(
          `A prefix term is ${text.length} characters long; the maximum is ${MAX_PREFIX_LENGTH}.`,
          'search',
        );
      }
      this.build(state, this.clause({ kind: 'prefix', prefix: text.toLowerCase() }));
      return;
    }
    this.checkTerm(token);
    this.build(state, this.clause(termOrPhrase(analyze(token), 'term')));
  }

  /** Lucene's buildQueryTree, plus Azure's expansion of a negation `-x` into `-x *`. */
  private build(state: State, branch: SimpleQueryNode | null): void {
    // A branch that analysed to nothing leaves the pending operator for the next one, as in Lucene.
    if (branch === null) return;
    const negated = state.not % 2 === 1;
    const operand: SimpleQueryNode = negated ? { kind: 'not', operand: branch } : branch;
    if (state.top === null) state.top = operand;
    else state.rest.push({ operator: state.operator ?? 'default', operand });
    state.operator = null;
    if (negated) state.rest.push({ operator: 'default', operand: MATCH_ALL });
  }

  private clause(node: SimpleQueryNode | null): SimpleQueryNode | null {
    if (node === null) return null;
    this.clauses += node.kind === 'term' ? node.tokens.length : 1;
    if (this.clauses > MAX_CLAUSES) {
      throw new SearchRequestError(
        `The search text has more than ${MAX_CLAUSES} clauses; simplify the query.`,
        'search',
      );
    }
    return node;
  }

  private checkTerm(term: string): void {
    // UTF-8 is at most 3 bytes per UTF-16 code unit: skip the encoder for ordinary terms.
    if (term.length * 3 <= MAX_TERM_BYTES) return;
    const bytes = Buffer.byteLength(term, 'utf8');
    if (bytes > MAX_TERM_BYTES) {
      throw new SearchRequestError(
        `A search term is ${bytes} bytes long; the maximum is ${MAX_TERM_BYTES}.`,
        'search',
      );
    }
  }
}

function depthOf(node: SimpleQueryNode): number {
  if (node.kind === 'not') return 1 + depthOf(node.operand);
  if (node.kind !== 'sequence') return 0;
  let depth = depthOf(node.first);
  let changes = 0;
  let previous: SimpleOperator | null = null;
  for (const { operator, operand } of node.rest) {
    if (previous !== null && operator !== previous) changes++;
    previous = operator;
    depth = Math.max(depth, depthOf(operand));
  }
  return 1 + changes + depth;
}

/** Removes escaping backslashes (`\x` → `x`; a trailing `\` disappears). */
function unescape(text: string): string {
  return text.replace(/\\([\s\S]?)/g, '$1');
}

/** Lucene's analysed query: nothing, one term, or (several tokens) a multi-term or a phrase. */
function termOrPhrase(tokens: readonly string[], kind: 'term' | 'phrase'): SimpleQueryNode | null {
  if (tokens.length === 0) return null;
  if (tokens.length === 1 || kind === 'term') return { kind: 'term', tokens };
  return { kind: 'phrase', tokens };
}

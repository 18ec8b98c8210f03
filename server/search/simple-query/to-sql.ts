import { sql, type SQL } from 'drizzle-orm';
import { tsvectorColumnOf, type IndexDefinition } from '../index-definition';
import { isMatchablePrefix } from './analyze';
import { resolveSearchFields, type SimpleSearchOptions } from './fields';
import type { SimpleQuery, SimpleQueryNode } from './parse';

/**
 * Translates a parsed simple query into SQL over the `${field}_tsv` columns of the searched
 * fields (unqualified, so the caller's FROM decides the table): `where` is a boolean (never NULL),
 * `score` a float8 for @search.score. Every operand is one bound tsquery parameter built from
 * analysed tokens only. Throws SearchRequestError for bad searchFields.
 */
export function simpleQueryToSql(
  query: SimpleQuery,
  index: IndexDefinition,
  options: SimpleSearchOptions,
): { readonly where: SQL; readonly score: SQL } {
  const columns = resolveSearchFields(index, options.searchFields).map(
    (f) => sql`${sql.identifier(tsvectorColumnOf(f.name))}`,
  );
  const mode = options.searchMode;
  const where = toWhere(query.root, mode, columns);

  const ranked = positiveOperands(query.root)
    .map((node) => tsquery(node, mode))
    .filter((q) => q !== null);
  // Azure: prefix-only and match-all queries score 1.0 (constant-score); so do queries whose
  // only positive operands are prefixes or that have none (`-x`).
  const score =
    ranked.length === 0 || columns.length === 0
      ? sql`1::float8`
      : rankSum(columns, ranked.map((q) => `(${q})`).join(' | '));
  return { where, score };
}

function rankSum(columns: readonly SQL[], query: string): SQL {
  const ranks = columns.map((c) => sql`coalesce(ts_rank(${c}, ${query}::tsquery), 0)`);
  return sql`(${sql.join(ranks, sql` + `)})::float8`;
}

/**
 * The boolean SQL of a node, as a flat list of small fragments: drizzle renders nested `sql`
 * recursively, and a 1,024-clause query with alternating operators would nest as deep.
 */
function toWhere(node: SimpleQueryNode, mode: 'any' | 'all', columns: readonly SQL[]): SQL {
  const out: SQL[] = [];
  emit(node, mode, columns, out);
  return sql.join(out, sql.raw(''));
}

function emit(node: SimpleQueryNode, mode: 'any' | 'all', columns: readonly SQL[], out: SQL[]) {
  switch (node.kind) {
    case 'matchAll':
      out.push(sql.raw('true'));
      return;
    case 'matchNone':
      out.push(sql.raw('false'));
      return;
    case 'not':
      out.push(sql.raw('(not '));
      emit(node.operand, mode, columns, out);
      out.push(sql.raw(')'));
      return;
    case 'term':
    case 'phrase':
    case 'prefix': {
      const query = tsquery(node, mode);
      if (query === null || columns.length === 0) {
        out.push(sql.raw('false'));
        return;
      }
      // The tsvector columns are never NULL (generated from coalesce(text, '')), so `not` stays
      // two-valued without a coalesce here, and a bare `@@` lets the planner use the GIN index.
      const tests = columns.map((c) => sql`${c} @@ ${query}::tsquery`);
      out.push(sql`(${sql.join(tests, sql` or `)})`);
      return;
    }
    case 'sequence': {
      // Lucene's tree: consecutive operands joined by the same operator share one n-ary node,
      // and a change of operator wraps everything so far (no precedence, textual order). The
      // opening parentheses are only known at the end: count them, then prepend.
      const body: SQL[] = [];
      emit(node.first, mode, columns, body);
      let current: 'and' | 'or' | null = null;
      let opened = 1;
      for (const { operator, operand } of node.rest) {
        const op = operator === 'default' ? (mode === 'all' ? 'and' : 'or') : operator;
        if (current !== null && op !== current) {
          body.push(sql.raw(')'));
          opened++;
        }
        current = op;
        body.push(sql.raw(op === 'and' ? ' and ' : ' or '));
        emit(operand, mode, columns, body);
      }
      out.push(sql.raw('('.repeat(opened)), ...body, sql.raw(')'));
      return;
    }
  }
}

/** The term, phrase and prefix operands outside any negation: those that rank a document. */
function positiveOperands(node: SimpleQueryNode): SimpleQueryNode[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return [node];
    case 'sequence':
      return [node.first, ...node.rest.map((r) => r.operand)].flatMap(positiveOperands);
    default:
      // Prefix hits are constant-score in Azure; negated operands don't rank.
      return [];
  }
}

/**
 * The tsquery text of an operand, built only from analysed tokens (letters, marks, digits and
 * inner dots) and quoted as lexemes, so no user text can become a tsquery operator. Null when
 * the operand can match no token (a prefix with characters no token has).
 */
function tsquery(node: SimpleQueryNode, mode: 'any' | 'all'): string | null {
  switch (node.kind) {
    case 'term':
      return node.tokens.map((t) => lexeme(t, '')).join(mode === 'any' ? ' | ' : ' & ');
    case 'phrase':
      return node.tokens.map((t) => lexeme(t, '')).join(' <-> ');
    case 'prefix':
      return isMatchablePrefix(node.prefix) ? lexeme(node.prefix, ':*') : null;
    default:
      return null;
  }
}

/**
 * A quoted lexeme. PostgreSQL's parser keeps a sign glued to a number (`covid-19` → 'covid',
 * '-19'), where the standard analyzer (and analyze()) drop it: a number also matches its signed
 * forms.
 */
function lexeme(token: string, suffix: string): string {
  const quoted = (t: string) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${suffix}`;
  if (!/^[0-9]/.test(token)) return quoted(token);
  return `( ${quoted(token)} | ${quoted(`-${token}`)} | ${quoted(`+${token}`)} )`;
}

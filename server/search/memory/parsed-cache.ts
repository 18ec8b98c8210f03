import type { IndexDefinition } from '../index-definition';
import { Recent } from '../recent';
import { parseAndCheckFilter } from '../odata';
import type { FilterExpression } from '../odata/ast';
import { parseSimpleQuery } from '../simple-query';
import type { SimpleQueryNode } from '../simple-query/parse';
import { assertFilterSupported } from './filter';

/** A top-level `$filter` conjunct and its match-cache key. */
export interface Conjunct {
  readonly node: FilterExpression;
  readonly key: string;
}

/**
 * The parsed `search` and `$filter` texts of recent requests: a parse depends on the text and the
 * index definition only (never on the documents), so it is kept as long as there is room. The
 * browser repeats the same few texts (a result list, its count, the related articles), and for a
 * one-match answer the parse was a fifth of the engine's time. Texts that fail to parse, or that
 * the engine does not support, throw every time and are not kept.
 */
export class ParsedCache {
  private readonly queries: Recent<SimpleQueryNode>;
  private readonly filters: Recent<readonly Conjunct[]>;

  constructor(
    private readonly index: IndexDefinition,
    limit = 256,
  ) {
    this.queries = new Recent(limit);
    this.filters = new Recent(limit);
  }

  /** The simple-query syntax tree of a `search` text. */
  query(text: string): SimpleQueryNode {
    return this.queries.get(text, () => parseSimpleQuery(text).root);
  }

  clear(): void {
    this.queries.clear();
    this.filters.clear();
  }

  /** A `$filter`'s top-level conjuncts (the whole filter when it is not an `and`). */
  filter(text: string): readonly Conjunct[] {
    return this.filters.get(text, () => {
      const ast = parseAndCheckFilter(text, this.index);
      assertFilterSupported(ast, this.index);
      return (ast.kind === 'and' ? ast.operands : [ast]).map((node) => ({
        node,
        key: `filter\u0000${filterKey(node)}`,
      }));
    });
  }
}

/** A filter expression's text for the match cache: its syntax tree without source positions. */
export function filterKey(node: FilterExpression): string {
  return JSON.stringify(node, (name, value: unknown) =>
    name === 'position'
      ? undefined
      : typeof value === 'number' && !Number.isFinite(value)
        ? String(value)
        : value,
  );
}

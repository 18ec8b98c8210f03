import { SearchRequestError } from '../errors';
import { fieldOf, type FieldDefinition, type IndexDefinition } from '../index-definition';

/** What a simple query is run with: the `searchFields` and `searchMode` request parameters. */
export interface SimpleSearchOptions {
  /** Fields to search; empty means every searchable field of the index. */
  readonly searchFields: readonly string[];
  /** Whether unmarked operands are ORed (`any`, Azure's default) or ANDed (`all`). */
  readonly searchMode: 'any' | 'all';
}

/**
 * The searchable fields a query runs against, in the order given (duplicates dropped).
 * Throws SearchRequestError (parameter `searchFields`) for an unknown or non-searchable field.
 */
export function resolveSearchFields(
  index: IndexDefinition,
  searchFields: readonly string[],
): readonly FieldDefinition[] {
  if (searchFields.length === 0) return index.fields.filter((f) => f.searchable);
  const resolved: FieldDefinition[] = [];
  for (const raw of searchFields) {
    const name = raw.trim();
    const field = fieldOf(index, name);
    if (field === undefined) {
      throw new SearchRequestError(`Unknown field '${name}' in search field list.`, 'searchFields');
    }
    if (!field.searchable) {
      throw new SearchRequestError(
        `The field '${name}' in the search field list is not searchable.`,
        'searchFields',
      );
    }
    if (!resolved.includes(field)) resolved.push(field);
  }
  return resolved;
}

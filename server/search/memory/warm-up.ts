import type { FieldDefinition, IndexDefinition } from '../index-definition';
import type { RawSearchParameters } from '../request';

/**
 * Requests that take each of the engine's paths once, built from documents of the copy itself so
 * that every loop runs over real postings, columns and orderings (issue 18). A fresh process's
 * first thousand answers ran at 1.5× the time of the same requests later (the JIT compiling as
 * it goes); the engine runs these when its first copy loads, before it answers, and then forgets
 * what they left. A request the engine refuses is skipped (the warm-up test holds them valid).
 */
export function warmUpRequests(
  index: IndexDefinition,
  documents: readonly Readonly<Record<string, unknown>>[],
): RawSearchParameters[] {
  const requests: RawSearchParameters[] = [];
  const filters: string[] = [];
  for (const document of documents) {
    for (const field of index.fields) {
      if (field.filterable) filters.push(...filtersOn(field, document[field.name]));
    }
  }
  for (const filter of filters) requests.push({ filter, top: 10, count: true });
  // Conjunctions and a disjunction of them: intersections, and the sparse path (a key set).
  for (let i = 0; i + 2 < filters.length; i += 3) {
    const [a, b, c] = filters.slice(i, i + 3);
    requests.push({ filter: `${a} and ${b} and ${c}`, top: 100, count: true });
    requests.push({ filter: `(${a} or ${b}) and not (${c})`, top: 100 });
  }
  for (const search of searchesOf(index, documents)) {
    requests.push({ search, top: 100, count: true });
    requests.push({ search, searchMode: 'all', top: 10 });
    const orderby = index.presortedOrderBy?.[0];
    if (orderby !== undefined) requests.push({ search, orderby, top: 100, count: true });
  }
  for (const orderby of index.presortedOrderBy ?? []) {
    requests.push({ orderby, top: 100, count: true });
    requests.push({ orderby, top: 100, skip: 1000, filter: filters[0] });
  }
  requests.push({ top: 0, count: true });
  return requests;
}

/** An OData literal of a document's value, or undefined for one with no literal here. */
function literal(field: FieldDefinition, value: unknown): string | undefined {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  // Dates are written as their JSON (ISO 8601), a DateTimeOffset literal as it is.
  return field.type === 'Edm.DateTimeOffset' ? value : `'${value.replaceAll("'", "''")}'`;
}

/** Pipe lists for search.in: a value holding the separator cannot be listed. */
const listOf = (values: readonly string[]) =>
  `'${values
    .filter((v) => !v.includes('|'))
    .join('|')
    .replaceAll("'", "''")}'`;

function filtersOn(field: FieldDefinition, value: unknown): string[] {
  const name = field.name;
  if (field.type === 'Collection(Edm.String)') {
    const values = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : [];
    const filters = [`${name}/any()`, `not ${name}/any()`];
    if (values.length === 0) return filters;
    const list = listOf(values.slice(0, 3));
    filters.push(
      `${name}/any(x: x eq ${literal(field, values[0])})`,
      `${name}/any(x: search.in(x, ${list}, '|'))`,
      `${name}/all(x: not search.in(x, ${list}, '|'))`,
    );
    return filters;
  }
  const filters = [`${name} ne null`];
  const text = literal(field, value);
  if (text === undefined) return [...filters, `${name} eq null`];
  filters.push(`${name} eq ${text}`);
  if (field.type === 'Edm.Boolean') filters.push(`${name} ne ${text}`);
  else if (field.type === 'Edm.String' && typeof value === 'string') {
    filters.push(`search.in(${name}, ${listOf([value, `${value}-other`])}, '|')`);
    if (field.key || field.sortable) filters.push(`${name} gt ${text}`);
  } else filters.push(`${name} ge ${text}`, `${name} lt ${text}`);
  return filters;
}

/** Words of the documents' searchable text: a word, two words, a phrase, a prefix, an exclusion. */
function searchesOf(
  index: IndexDefinition,
  documents: readonly Readonly<Record<string, unknown>>[],
): string[] {
  const searches: string[] = [];
  for (const document of documents) {
    const words = index.fields
      .filter((f) => f.searchable && !f.key && f.type === 'Edm.String')
      .flatMap((f) => {
        const value = document[f.name];
        return typeof value === 'string' ? value.toLowerCase().split(/[^\p{L}\p{N}]+/u) : [];
      });
    // Two adjacent words (a phrase of the text), long enough to make a prefix of.
    const at = words.findIndex((word, i) => word.length >= 4 && (words[i + 1]?.length ?? 0) >= 2);
    const a = words[at];
    const b = words[at + 1];
    if (at < 0 || a === undefined || b === undefined) continue;
    searches.push(a, `${a} ${b}`, `"${a} ${b}"`, `${a.slice(0, 3)}*`, `${a} -${b}`, `${a} | ${b}`);
  }
  return searches;
}

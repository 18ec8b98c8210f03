import type { SearchClient, SearchOptions } from '@azure/search-documents';
import type { QueryParameters } from '@domain/article-search/query';

/**
 * The GET parameters a query builder made, as the official SDK's search options: what an Azure
 * AI Search index is sent for the same query. A parameter the SDK has no option for fails the
 * test, so a builder cannot send something only our service understands.
 */
export function sdkSearchOf<T extends object>(
  parameters: QueryParameters,
): { searchText: string | undefined; options: SearchOptions<T> } {
  const list = (value: string) => value.split(',').map((s) => s.trim());
  let searchText: string | undefined;
  const options: Record<string, unknown> = {};
  for (const [name, value] of parameters) {
    switch (name) {
      case 'search':
        searchText = value;
        break;
      case 'queryType':
        if (value !== 'simple') throw new Error(`queryType ${value}`);
        options['queryType'] = 'simple';
        break;
      case 'searchFields':
        options['searchFields'] = list(value);
        break;
      case '$filter':
        options['filter'] = value;
        break;
      case '$orderby':
        options['orderBy'] = list(value);
        break;
      case '$select':
        options['select'] = list(value);
        break;
      case '$top':
        options['top'] = Number(value);
        break;
      default:
        throw new Error(`No SDK option for ${name}`);
    }
  }
  return { searchText, options: options as SearchOptions<T> };
}

/** Runs a builder's query through the SDK and collects the documents (scores left out). */
export async function sdkSearch<T extends object>(
  client: SearchClient<T>,
  parameters: QueryParameters,
): Promise<T[]> {
  const { searchText, options } = sdkSearchOf<T>(parameters);
  const response = await client.search(searchText, options);
  const documents: T[] = [];
  for await (const result of response.results) {
    documents.push(
      Object.fromEntries(
        Object.entries(result.document).filter(([k]) => !k.startsWith('@search.')),
      ) as T,
    );
  }
  return documents;
}

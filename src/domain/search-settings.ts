import { Schema } from 'effect';

/**
 * GET /api/searchSettings: how the signed-in browser authenticates to the search service. Not in
 * /config.json, which anyone can read (docs/decisions/0005-no-public-search-key.md).
 * - `searchApiKey: null`: the embedded search service; send the analyst's bearer token.
 * - a string: a real Azure AI Search service; send this query key as the `api-key` header.
 */
export const SearchSettings = Schema.Struct({
  searchApiKey: Schema.NullOr(Schema.String),
});
export type SearchSettings = typeof SearchSettings.Type;

/**
 * Azure AI Search's simple query syntax (`queryType=simple`) for the embedded search service:
 * parse once, then run as SQL over the tsvector columns or evaluate in TypeScript.
 */
export { analyze } from './analyze';
export { matchesSimpleQuery } from './evaluate';
export type { SimpleSearchOptions } from './fields';
export { parseSimpleQuery } from './parse';
export type { SimpleOperator, SimpleQuery, SimpleQueryNode } from './parse';
export { simpleQueryToSql } from './to-sql';

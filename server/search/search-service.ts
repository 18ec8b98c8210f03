import type { Db } from '../db/client';
import type { IndexingResult, ValidatedAction } from './batch';
import { applyIndexBatch } from './batch';
import { corsOptionsOf, storeCorsOptions } from './cors';
import type { CountStrategy, SearchDocument, SearchResult } from './execute';
import { countDocuments, executeSearch, lookupDocument } from './execute';
import type { CorsOptions, FieldDefinition, IndexDefinition } from './index-definition';
import { articlesIndex } from './index-definition';
import { MemoryEngine } from './memory/engine';
import type { SearchRequest } from './request';

/** Which executor answers searches (config.searchEngine, SEARCH_ENGINE). */
export type SearchEngine = 'sql' | 'memory';

/**
 * Every index operation the embedded service's routes (http.ts) ask for, whatever answers it:
 * the routes parse, check the key and write the answer; which executor runs a request is decided
 * here alone.
 */
export interface SearchService {
  /** One page of results (and the count when asked). */
  search(index: IndexDefinition, request: SearchRequest): Promise<SearchResult>;
  /** The number of documents (docs/$count). */
  count(index: IndexDefinition): Promise<number>;
  /**
   * A document by key under select: its JSON as UTF-8 bytes, or as an object; undefined when no
   * document has the key.
   */
  lookup(
    index: IndexDefinition,
    key: string,
    select: readonly FieldDefinition[],
  ): Promise<Buffer | SearchDocument | undefined>;
  /** Applies a parsed docs/index batch (batch.ts parseIndexBatch), an answer per action. */
  applyBatch(index: IndexDefinition, batch: readonly ValidatedAction[]): Promise<IndexingResult[]>;
  /** The index's corsOptions (a PUT /indexes/{name} gave them), undefined when none. */
  corsOptions(indexName: string): Promise<CorsOptions | undefined>;
  storeCorsOptions(indexName: string, cors: CorsOptions | undefined): Promise<void>;
  /** Stops what runs in the background (the in-memory copy's load and its change following). */
  close(): Promise<void>;
}

export interface SearchServiceOptions {
  readonly db: Db;
  /**
   * `memory`: the `articles` index is also loaded in process (memory/engine.ts) and answers what
   * it can once loaded, SQL the rest; `sql` (the default here; the server's configuration
   * defaults to `memory`): every request is SQL.
   */
  readonly engine?: SearchEngine | undefined;
  /** How @odata.count is computed by SQL; the executor's bounded count when absent. */
  readonly count?: CountStrategy | undefined;
  /** Told how long each search took and which engine answered it (the /metrics histogram). */
  readonly observeSearch?: ((engine: SearchEngine, seconds: number) => void) | undefined;
  readonly log?: ((message: string) => void) | undefined;
  /** What an operator should act on (the temporary folder filling up); log when absent. */
  readonly warn?: ((message: string) => void) | undefined;
}

/**
 * The embedded service over PostgreSQL: the SQL executor (execute.ts) for every index, and with
 * `engine: 'memory'` the in-memory copy of `articles` first. The copy loads in the background and
 * answers nothing until it is in, nor while it is out of step, nor what it cannot answer exactly
 * (search.ismatchscoring): SQL does, per request.
 */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const { db } = options;
  const memory =
    options.engine === 'memory'
      ? MemoryEngine.open(db, articlesIndex, {
          ...(options.log === undefined ? {} : { log: options.log }),
          ...(options.warn === undefined ? {} : { warn: options.warn }),
        })
      : undefined;
  /** The in-memory copy when it holds the index, else undefined: SQL answers. */
  const memoryOf = (index: IndexDefinition) => (index === articlesIndex ? memory : undefined);
  return {
    async search(index, request) {
      const started = performance.now();
      const fromMemory = await memoryOf(index)?.search(request);
      const result =
        fromMemory ?? (await executeSearch(db, index, request, { count: options.count }));
      options.observeSearch?.(
        fromMemory === undefined ? 'sql' : 'memory',
        (performance.now() - started) / 1000,
      );
      return result;
    },
    async count(index) {
      return memoryOf(index)?.documentCount ?? (await countDocuments(db, index));
    },
    async lookup(index, key, select) {
      // The copy never answers "not found": a key with no live document there is SQL's 404.
      return memoryOf(index)?.lookup(key, select) ?? (await lookupDocument(db, index, key, select));
    },
    applyBatch: (index, batch) => applyIndexBatch(db, index, batch),
    corsOptions: (indexName) => corsOptionsOf(db, indexName),
    storeCorsOptions: (indexName, cors) => storeCorsOptions(db, indexName, cors),
    async close() {
      memory?.close();
    },
  };
}

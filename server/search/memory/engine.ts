import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchResult } from '../execute';
import type { IndexDefinition } from '../index-definition';
import type { SearchRequest } from '../request';
import { normaliseSearchRequest } from '../request';
import { hasBit } from './bitset';
import { followingStarted, onIndexChanged, type IndexChange } from './changes';
import { documentAlias, fetchCopyRows, textArrayLiteral } from './copy-rows';
import { DocumentFile } from './document-file';
import { footprintOf } from './footprint';
import { KeptScores } from './kept-scores';
import { MatchCache } from './match-cache';
import { Orderings } from './orderings';
import { pageOf, projected } from './page';
import { ParsedCache } from './parsed-cache';
import { planSearch, type Plan } from './plan';
import { spillSpaceWarning } from './spill-file';
import { Store, type StoreRow } from './store';
import { PhraseCache, Unsupported } from './text-query';
import { warmUpRequests } from './warm-up';
import { nextTurn, slicedPause } from '../../db/next-turn';

/**
 * Rows per round trip when loading: streamed by key, so memory stays flat on the database side;
 * small enough that a request waits at most about 0.1 s for a batch to be indexed.
 */
const loadBatch = 500;
/** Documents fetched at once when writes are followed (applyKeys). */
const applySlice = 50;
/** Dead slots (replaced or deleted documents) tolerated before a full reload compacts them. */
const compactAfter = (store: Store) => store.deadCount > Math.max(10_000, store.size / 4);

export interface MemoryEngineOptions {
  readonly log?: (message: string) => void;
  /** What an operator should act on (the temporary folder filling up); log when absent. */
  readonly warn?: (message: string) => void;
}

/** How the last full load went. */
export interface LoadReport {
  readonly documents: number;
  readonly milliseconds: number;
  /** Growth of the V8 heap plus array buffers over the load (an estimate of the index's size). */
  readonly bytes: number;
}

/**
 * The in-memory search engine of one index (issue 3): the documents of its table loaded at
 * start, kept in step through changes.ts, and searched with bitsets, postings and BM25. A
 * request it cannot answer exactly (phrases, search.ismatchscoring) gets undefined: the caller
 * runs the SQL executor. Pages are fetched from the table by key.
 */
const opened = new WeakMap<Db, Map<string, MemoryEngine>>();

export class MemoryEngine {
  private store: Store;
  private queue: Promise<void> = Promise.resolve();
  /** False until the first full load is in: until then every request goes to SQL. */
  private ready = false;
  private failed = false;
  private firstLoadFailed = false;
  /** Keys written while a full load runs: applied to the new copy before it takes over. */
  private changedDuringLoad: Set<string> | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private closed = false;
  private readonly firstLoad: Promise<void>;
  /** The orderings of the copy that answers (presorted at load, sorted after first use). */
  private readonly orderings: Orderings;
  /** Match bitsets of recent `search` expressions and `$filter` conjuncts (match-cache.ts). */
  private readonly matches = new MatchCache(256, 8 * 2 ** 20);
  /** Parsed `search` and `$filter` texts (they depend on the text alone). */
  private readonly parsed: ParsedCache;
  private phrases: PhraseCache;
  /** Each copy's documents under the full `$select`, in a file (document-file.ts). */
  private readonly files = new WeakMap<Store, DocumentFile>();
  /** The full `$select`: every retrievable field, in the index's order (request.ts parseSelect). */
  private readonly fullSelect: IndexDefinition['fields'];
  /** BM25 scores of recent searches, while the copy is unchanged. */
  private readonly scores = new KeptScores();
  private readonly unsubscribe: () => void;
  lastLoad: LoadReport | undefined;

  private constructor(
    private readonly db: Db,
    readonly index: IndexDefinition,
    private readonly log: (message: string) => void,
    private readonly warn: (message: string) => void,
  ) {
    this.store = new Store(index);
    this.fullSelect = index.fields.filter((f) => f.retrievable);
    this.orderings = new Orderings(index, () => this.store);
    this.parsed = new ParsedCache(index);
    this.phrases = new PhraseCache(this.store);
    this.unsubscribe = onIndexChanged(
      db,
      (name, change) => (name === index.name ? this.changed(change) : Promise.resolve()),
      log,
    );
    this.firstLoad = this.reload();
  }

  /**
   * Starts loading every document of the index's table in the background and follows its
   * writes from now on; requests go to SQL (search returns undefined) until the load is in.
   */
  static open(db: Db, index: IndexDefinition, options: MemoryEngineOptions = {}): MemoryEngine {
    const log = options.log ?? (() => {});
    const engine = new MemoryEngine(db, index, log, options.warn ?? log);
    let byIndex = opened.get(db);
    if (byIndex === undefined) opened.set(db, (byIndex = new Map()));
    byIndex.set(index.name, engine);
    return engine;
  }

  /** The engine opened on db for an index, if any (the bench waits for its load). */
  static of(db: Db, index: IndexDefinition): MemoryEngine | undefined {
    return opened.get(db)?.get(index.name);
  }

  /** Resolves when the first full load is in (or failed: then SQL keeps answering). */
  loaded(): Promise<void> {
    return this.firstLoad;
  }

  get isReady(): boolean {
    return this.ready && !this.failed;
  }

  /**
   * For /readyz: `loading` until the first full load is in; `sql-fallback` when the copy is
   * not in step (a load or a change failed): SQL answers every search then.
   */
  get state(): 'loading' | 'ready' | 'sql-fallback' {
    if (this.isReady) return 'ready';
    return this.failed || this.firstLoadFailed ? 'sql-fallback' : 'loading';
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.drop(this.store);
    this.dropUnloaded();
    if (opened.get(this.db)?.get(this.index.name) === this)
      opened.get(this.db)?.delete(this.index.name);
  }

  /** The number of documents (docs/$count), or undefined while the copy is not in step. */
  get documentCount(): number | undefined {
    return this.isReady ? this.store.liveCount : undefined;
  }

  /**
   * A document by key (docs('key')) under select, as lookupDocument and JSON.stringify write it:
   * from the copy's document file, no database round trip (a primary-key read from PGlite took
   * 4 ms at 1,000,000 documents, 22 ms at p95). Undefined when SQL must answer: the copy is not
   * in step, the file lacks the document, or no live document has the key (a 404 is SQL's to
   * give, so a lookup never answers "not found" from memory alone).
   */
  lookup(key: string, select: IndexDefinition['fields']): Buffer | undefined {
    if (!this.isReady) return undefined;
    const slot = this.store.keys.slotOf(key);
    if (slot === undefined) return undefined;
    const text = this.files.get(this.store)?.get(slot);
    if (text === undefined) return undefined;
    return select.length === this.fullSelect.length ? text : projected(text, select);
  }

  /** Resolves once the changes notified so far are applied. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** A write committed (changes.ts): resolves when searches from memory see it. */
  private changed(change: IndexChange): Promise<void> {
    if (change === 'all') {
      void this.reload();
      return Promise.resolve();
    }
    if (this.changedDuringLoad !== null) for (const key of change) this.changedDuringLoad.add(key);
    // Not answering yet: the load in progress will see the write, or replay it.
    if (!this.ready) return Promise.resolve();
    return this.enqueue(async () => {
      await this.applyKeys(this.store, change);
      if (compactAfter(this.store)) void this.reload();
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(() =>
      step().catch((error: unknown) => {
        // Out of step: answer nothing from memory until a full reload succeeds.
        this.failed = true;
        this.log(`memory search: applying a change to ${this.index.name} failed: ${String(error)}`);
        void this.reload();
      }),
    );
    return this.queue;
  }

  /**
   * Puts or removes the documents of keys in store, as the table has them now: a slice of keys
   * at a time, yielding between slices, so a 1,000-document batch of 16 KB titles does not hold
   * every request for the seconds its fetch and tokenising take (issue 30).
   */
  private async applyKeys(store: Store, keys: readonly string[]): Promise<void> {
    const pause = slicedPause();
    for (let at = 0; at < keys.length; at += applySlice) {
      const slice = keys.slice(at, at + applySlice);
      const rows = await fetchCopyRows(
        this.db,
        this.index,
        this.fullSelect,
        sql`${sql.identifier(this.index.key)} = any(${textArrayLiteral(slice)}::text[])`,
      );
      const found = new Map(rows.map((row) => [String(row[this.index.key]), row]));
      for (const key of slice) {
        const row = found.get(key);
        if (row === undefined) store.remove(key);
        else this.put(store, row);
        await pause();
      }
      await nextTurn();
    }
  }

  /**
   * A full load into a new copy, off the request path: the current copy (if ready) keeps
   * answering and following writes; the writes made meanwhile are replayed on the new one,
   * which then takes over.
   */
  private reload(): Promise<void> {
    if (this.reloading !== null) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      for (;;) {
        this.reloadAgain = false;
        this.changedDuringLoad = new Set();
        try {
          const store = await this.loadAll();
          // Sorted before the copy takes over, in slices: the old copy keeps answering.
          const orderings = await this.orderings.presort(store);
          await this.enqueue(async () => {
            const changed = this.changedDuringLoad ?? new Set<string>();
            // Replacing a copy that answers: writes from now on are queued behind this step and
            // applied to the new copy. The first copy answers nothing yet, so writes notified
            // until it does (during the replay, the warm-up) are only recorded, below.
            if (this.ready) this.changedDuringLoad = null;
            const keys = [...changed];
            changed.clear();
            await this.applyKeys(store, keys);
            const replaced = this.store;
            this.store = store;
            this.loading.delete(store);
            // Every request reads a file synchronously with the copy it planned on: none is
            // left reading the replaced copy's.
            this.drop(replaced);
            this.orderings.replace(orderings);
            if (!this.ready) {
              await this.warmUp();
              while (changed.size > 0) {
                const more = [...changed];
                changed.clear();
                await this.applyKeys(store, more);
              }
              this.changedDuringLoad = null;
            }
            this.ready = true;
            this.failed = false;
          });
        } catch (error) {
          this.changedDuringLoad = null;
          this.dropUnloaded();
          this.log(`memory search: loading ${this.index.name} failed: ${String(error)}`);
          if (!this.ready) this.firstLoadFailed = true;
          return;
        }
        if (!this.reloadAgain || this.closed) return;
      }
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async loadAll(): Promise<Store> {
    const t0 = performance.now();
    // Every change committed after the change log's start position is replayed: reading the
    // table after it was taken means no write falls between the two.
    await followingStarted(this.db);
    const before = heapBytes();
    const store = new Store(this.index, 1024);
    const file = new DocumentFile();
    this.files.set(store, file);
    this.loading.add(store);
    let last: string | undefined;
    const pause = slicedPause();
    for (;;) {
      if (this.closed) throw new Error('closed');
      const after =
        last === undefined ? sql`true` : sql`${sql.identifier(this.index.key)} > ${last}::text`;
      const rows = await fetchCopyRows(this.db, this.index, this.fullSelect, after, loadBatch);
      for (const row of rows) {
        this.put(store, row);
        await pause();
      }
      file.flush();
      // PGlite answers in microtasks: without this the load would never let a request in.
      await nextTurn();
      if (rows.length < loadBatch) break;
      last = String(rows[rows.length - 1]?.[this.index.key]);
    }
    store.trim();
    file.trim(store.size);
    const milliseconds = Math.round(performance.now() - t0);
    this.lastLoad = { documents: store.liveCount, milliseconds, bytes: heapBytes() - before };
    this.log(
      `memory search: ${this.index.name} loaded, ${store.liveCount} documents in ${(milliseconds / 1000).toFixed(1)} s, about ${Math.round(this.lastLoad.bytes / 2 ** 20)} MB (their JSON: ${Math.round(file.fileBytes / 2 ** 20)} MB on disk)`,
    );
    const warning = spillSpaceWarning(file.fileBytes + store.spilledBytes, file.directory);
    if (warning !== undefined) this.warn(warning);
    return store;
  }

  /** Puts a row in a copy, and its document in the copy's file. */
  private put(store: Store, row: StoreRow): void {
    store.put(row);
    const document = row[documentAlias];
    if (typeof document === 'string') this.files.get(store)?.put(store.size - 1, document);
  }

  /** Copies being loaded: dropped when their load fails or the engine closes. */
  private readonly loading = new Set<Store>();

  /** Deletes a copy's files (its documents, its positions): it no longer answers. */
  private drop(store: Store): void {
    this.files.get(store)?.close();
    store.close();
  }

  private dropUnloaded(): void {
    for (const store of this.loading) this.drop(store);
    this.loading.clear();
  }

  /**
   * Answers a search request, or undefined when it must go to SQL. Counts are exact (bitset
   * cardinality); scores are BM25 (the SQL executor's are ts_rank).
   */
  async search(request: SearchRequest): Promise<SearchResult | undefined> {
    if (!this.isReady) return undefined;
    let plan: Plan;
    try {
      plan = this.plan(request);
    } catch (error) {
      if (error instanceof Unsupported) return undefined;
      throw error;
    }
    const store = this.store;
    return pageOf(
      this.db,
      this.index,
      store,
      this.files.get(store),
      this.fullSelect,
      request,
      plan,
    );
  }

  /** How the warm-up before the first answer went (warm-up.ts). */
  lastWarmUp: { requests: number; refused: number; milliseconds: number } | undefined;

  /**
   * Runs warm-up.ts's requests on the copy before it first answers, built from three of its
   * documents, then forgets what they kept: the first analysts after a start get answers at the
   * speed of later ones, not the JIT's first ones. Yields between requests.
   */
  private async warmUp(): Promise<void> {
    const t0 = performance.now();
    this.log(`memory search: ${this.index.name} warming up`);
    const store = this.store;
    const file = this.files.get(store);
    const documents: Record<string, unknown>[] = [];
    for (const at of [0.25, 0.5, 0.75]) {
      let slot = Math.floor(store.size * at);
      while (slot < store.size && !hasBit(store.live, slot)) slot += 1;
      const text = slot < store.size ? file?.get(slot) : undefined;
      if (text !== undefined) {
        documents.push(JSON.parse(text.toString('utf8')) as Record<string, unknown>);
      }
    }
    let requests = 0;
    let refused = 0;
    for (const raw of warmUpRequests(this.index, documents)) {
      if (this.closed) return;
      requests += 1;
      try {
        const { slots } = this.plan(normaliseSearchRequest(raw, this.index));
        for (const slot of slots) file?.get(slot);
      } catch {
        // SQL's to answer (Unsupported) or not a request: nothing of the engine's to warm.
        refused += 1;
      }
      await nextTurn();
    }
    this.forget();
    const milliseconds = Math.round(performance.now() - t0);
    this.lastWarmUp = { requests, refused, milliseconds };
    this.log(
      `memory search: ${this.index.name} warmed up, ${requests} requests (${refused} refused) in ${(milliseconds / 1000).toFixed(1)} s`,
    );
  }

  /**
   * Drops every kept answer (matches, phrase hits, scores, documents, parses, and the orderings
   * sorted after first use) so that the next request computes everything: the bench times the
   * engine's work this way as well. What the load builds stays (postings, columns, equality
   * indexes, the presorted orderings): it is the index, not a kept answer.
   */
  forget(): void {
    this.scores.forget();
    this.matches.clear();
    this.phrases = new PhraseCache(this.store);
    this.parsed.clear();
    this.orderings.forget();
  }

  /**
   * Where the copy's memory goes, in bytes (footprint.ts), with the orderings and what is kept
   * between requests.
   */
  footprint(): Record<string, number> {
    const parts = footprintOf(this.store);
    this.orderings.footprint(parts);
    parts['kept scores'] = this.scores.bytes;
    parts['kept match bitsets'] = this.matches.bytes;
    parts['kept phrase hits'] = this.phrases.bytes.hits;
    parts['kept decoded postings'] = this.phrases.bytes.decoded;
    // In memory: the offsets; the file itself is on disk (its hot part in the page cache).
    parts['document file offsets'] = this.files.get(this.store)?.bytes ?? 0;
    // On disk, in the page cache when used: not resident in the process.
    parts['on disk: documents'] = this.files.get(this.store)?.fileBytes ?? 0;
    parts['on disk: positions'] = this.store.spilledBytes;
    return parts;
  }

  /** The synchronous part (plan.ts): matches, count, the page's slots and scores. */
  private plan(request: SearchRequest): Plan {
    const store = this.store;
    if (this.phrases.store !== store) this.phrases = new PhraseCache(store);
    const { index, parsed, matches, phrases, orderings, scores } = this;
    return planSearch({ index, store, parsed, matches, phrases, orderings, scores }, request);
  }
}

function heapBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

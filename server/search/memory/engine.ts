import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchResult } from '../execute';
import { rowsOf } from '../../db/rows';
import { documentJsonSql } from '../execute';
import type { IndexDefinition } from '../index-definition';
import type { SearchRequest } from '../request';
import { maxPageSize, maxSkip, normaliseSearchRequest, parseOrderBy } from '../request';
import type { Bitset } from './bitset';
import { andInto, cardinality, copyOf, hasBit, recycle, toSlots } from './bitset';
import { followingStarted, onIndexChanged, type IndexChange } from './changes';
import { matchFilter, rangeCheckpoints, textFields, type SortedSlots } from './filter';
import {
  comparatorOf,
  sortInSlices,
  topSlots,
  walkPermutation,
  type Walkable,
  walkPermutationThenOrder,
  type SortKey,
} from './order';
import { DocumentFile } from './document-file';
import { spillSpaceWarning } from './spill-file';
import { footprintOf } from './footprint';
import { MatchCache } from './match-cache';
import { ParsedCache } from './parsed-cache';
import { permutationBy, type FieldSortKey } from './rank-sort';
import { intersectSparse } from './sparse';
import { Store, tsvAlias, type StoreRow } from './store';
import { bm25, matchQuery, PhraseCache, rankedOperands, Unsupported } from './text-query';
import { warmUpRequests } from './warm-up';
import type { SimpleQueryNode } from '../simple-query/parse';

/**
 * Rows per round trip when loading: streamed by key, so memory stays flat on the database side;
 * small enough that a request waits at most about 0.1 s for a batch to be indexed.
 */
const loadBatch = 500;
/** Dead slots (replaced or deleted documents) tolerated before a full reload compacts them. */
const compactAfter = (store: Store) => store.deadCount > Math.max(10_000, store.size / 4);
/** Slots appended since a presort that are merged per request before it is sorted anew. */
const resortAfter = 10_000;
/** Score arrays kept (8 bytes a slot each): at most 4, and 8 MB (1 at 1,000,000 slots). */
const keptScores = 4;
const keptScoreBytes = 8 * 2 ** 20;
/**
 * Orderings presorted on load besides the index's own (IndexDefinition.presortedOrderBy): key
 * order, and the dates descending. Each also serves its field's range filters (filter.ts
 * SortedSlots): the date filters and the keyset page's `articleId gt …`. Others are sorted after
 * first use.
 */
const presortedAlways = ['', 'insertedDate desc', 'publishedDate desc'];
/** The orderings whose field's range filters are common (the article filters' dates). */
const rangeOrderings = ['insertedDate desc', 'publishedDate desc'];

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
 * The live slots of a copy sorted by an ordering, as of when the copy had `size` slots: `slots`
 * as they are, or the runs of their first key reversed (order.ts Walkable) when they are the
 * mirror ordering's (`X desc, rest` of `X asc, rest`).
 */
interface Permutation extends Walkable, SortedSlots {
  readonly store: Store;
  readonly size: number;
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
  private readonly permutations = new Map<string, Permutation>();
  /** Orderings to sort in the background, by signature (the timer that will). */
  private readonly pendingSorts = new Map<string, NodeJS.Timeout | 'sorting'>();
  /** Match bitsets of recent `search` expressions and `$filter` conjuncts (match-cache.ts). */
  private readonly matches = new MatchCache(256, 8 * 2 ** 20);
  /** Parsed `search` and `$filter` texts (they depend on the text alone). */
  private readonly parsed: ParsedCache;
  private phrases: PhraseCache;
  /** Each copy's documents under the full `$select`, in a file (document-file.ts). */
  private readonly files = new WeakMap<Store, DocumentFile>();
  /** The full `$select`: every retrievable field, in the index's order (request.ts parseSelect). */
  private readonly fullSelect: IndexDefinition['fields'];
  /** The signatures of the orderings sorted when a copy loads (kept by forget()). */
  private readonly presorted: readonly string[];
  /**
   * BM25 scores of recent searches: they depend on every live document (idf, average length),
   * so they are kept only while the copy has not changed.
   */
  private readonly scores = new Map<
    string,
    { store: Store; version: number; scores: Float64Array }
  >();
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
    this.presorted = [
      ...new Set([
        ...presortedAlways,
        ...(index.presortedOrderBy ?? []).map((text) =>
          signatureOf(leadingKeys(index, parseOrderBy(text, index), false)),
        ),
      ]),
    ];
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

  /** Puts or removes the documents of keys in store, as the table has them now. */
  private async applyKeys(store: Store, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const rows = await this.fetchRows(
      sql`${sql.identifier(this.index.key)} = any(${textArrayLiteral(keys)}::text[])`,
    );
    const found = new Map(rows.map((row) => [String(row[this.index.key]), row]));
    for (const key of keys) {
      const row = found.get(key);
      if (row === undefined) store.remove(key);
      else this.put(store, row);
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
          const orderings = new Map<string, Permutation>();
          for (const signature of this.presorted) {
            orderings.set(signature, await this.sortedPermutation(store, signature, orderings));
            await new Promise((resolve) => setImmediate(resolve));
          }
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
            this.permutations.clear();
            for (const [signature, permutation] of orderings) {
              this.permutations.set(signature, permutation);
            }
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
    for (;;) {
      if (this.closed) throw new Error('closed');
      const after =
        last === undefined ? sql`true` : sql`${sql.identifier(this.index.key)} > ${last}::text`;
      const rows = await this.fetchRows(after, loadBatch);
      for (const row of rows) this.put(store, row);
      file.flush();
      // PGlite answers in microtasks: without this the load would never let a request in.
      await new Promise((resolve) => setImmediate(resolve));
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
   * Rows for the store: columns (dates as epoch ms), tsvectors as text, and the document's JSON
   * under the full `$select` (as the page fetch builds it), in key order.
   */
  private async fetchRows(where: SQL, limit?: number): Promise<StoreRow[]> {
    const parts: SQL[] = [
      sql`${documentJsonSql(this.fullSelect)} as ${sql.identifier(documentAlias)}`,
    ];
    for (const field of this.index.fields) {
      const column = sql.identifier(field.name);
      if (field.filterable || field.sortable || field.key) {
        parts.push(
          field.type === 'Edm.DateTimeOffset'
            ? sql`(extract(epoch from ${column}) * 1000)::float8 as ${column}`
            : sql`${column}`,
        );
      }
      if (field.searchable) {
        parts.push(
          sql`${sql.identifier(`${field.name}_tsv`)}::text as ${sql.identifier(tsvAlias(field.name))}`,
        );
      }
    }
    const key = sql.identifier(this.index.key);
    const table = sql.identifier(this.index.table);
    const tail = limit === undefined ? sql`` : sql` order by ${key} limit ${limit}`;
    return rowsOf(
      await this.db.execute(
        sql`select ${sql.join(parts, sql`, `)} from ${table} where ${where}${tail}`,
      ),
    );
  }

  /**
   * The live slots sorted by a field, for its range filters: the key ascending (''), a number
   * field descending (`field desc`), when that ordering is kept for the current copy.
   */
  private readonly sortedSlots = (field: string): SortedSlots | undefined => {
    const found = this.permutations.get(field === this.index.key ? '' : `${field} desc`);
    // A mirror walked run by run is no sorted array to search.
    return found !== undefined && found.store === this.store && found.reversedGroups === undefined
      ? found
      : undefined;
  };

  /**
   * The live slots of store sorted by a field ordering (signature: `field dir,field dir`). Key
   * order ('') by comparing keys' bytes, in slices that let requests through (order.ts
   * sortInSlices); any other from it, a stable rank pass per field (rank-sort.ts), or one pass
   * over the ordering of the fields after the first when `kept` has it for this copy as it is.
   */
  private async sortedPermutation(
    store: Store,
    signature: string,
    kept: ReadonlyMap<string, Permutation>,
  ): Promise<Permutation> {
    const permutation = await this.sortedPermutationOnly(store, signature, kept);
    // The dates' range filters start from checkpoints of their ordering (filter.ts).
    return rangeOrderings.includes(signature)
      ? { ...permutation, checkpoints: rangeCheckpoints(permutation.slots, store.capacity) }
      : permutation;
  }

  private async sortedPermutationOnly(
    store: Store,
    signature: string,
    kept: ReadonlyMap<string, Permutation>,
  ): Promise<Permutation> {
    const size = store.size;
    if (signature === '') {
      const compare = comparatorOf(store, [], null);
      return { store, size, slots: await sortInSlices(liveSlots(store), compare) };
    }
    const keys = sortKeysOf(this.index, signature);
    const [first] = keys;
    const usable = (p: Permutation | undefined): p is Permutation =>
      p !== undefined && p.store === store && p.size === size && p.reversedGroups === undefined;
    if (first !== undefined) {
      // The other direction's ordering, walked run by run from its end.
      const mirror = kept.get(
        signatureOf([{ ...first, descending: !first.descending }, ...keys.slice(1)]),
      );
      if (usable(mirror)) {
        return {
          store,
          size,
          slots: mirror.slots,
          reversedGroups: comparatorOf(store, [first], null, false),
        };
      }
    }
    const rest = kept.get(signatureOf(keys.slice(1)));
    if (usable(rest) && first !== undefined) {
      return { store, size, slots: permutationBy(store, keys.slice(0, 1), rest.slots) };
    }
    return { store, size, slots: permutationBy(store, keys, this.keyOrder(store, kept.get(''))) };
  }

  /** The live slots of store in key order: from its kept key ordering and the slots since. */
  private keyOrder(store: Store, kept: Permutation | undefined): Uint32Array {
    const compare = comparatorOf(store, [], null);
    if (kept === undefined || kept.store !== store) return liveSlots(store).sort(compare);
    if (kept.size === store.size) return kept.slots;
    const appended = liveSlots(store, kept.size).sort(compare);
    const merged = new Uint32Array(kept.slots.length + appended.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < kept.slots.length || j < appended.length) {
      const a = kept.slots[i];
      const b = appended[j];
      if (b === undefined || (a !== undefined && compare(a, b) <= 0)) {
        merged[n++] = a ?? 0;
        i++;
      } else {
        merged[n++] = b;
        j++;
      }
    }
    return merged;
  }

  /**
   * Orderings kept beyond the presorted ones: 4 bytes a live document each, 32 MB in all (8 at
   * 1,000,000 documents), at most 13.
   */
  private keptOrderings(): number {
    const each = 4 * Math.max(1, this.store.liveCount);
    return this.presorted.length + Math.max(2, Math.min(13, Math.floor((32 * 2 ** 20) / each)));
  }

  /**
   * The permutation for the signature, or undefined (then one is made in the background). Writes
   * do not invalidate it: a dead slot never matches, and slots appended since are merged in per
   * request (sorted anew in the background once they are many).
   */
  private permutationFor(signature: string): Permutation | undefined {
    const found = this.permutations.get(signature);
    const fresh = found !== undefined && found.store === this.store;
    if (fresh && this.store.size - found.size <= resortAfter) return found;
    if (!this.pendingSorts.has(signature) && this.permutations.size < this.keptOrderings()) {
      // Off the request path: this request uses the heap; the next ones walk the permutation.
      const timer = setTimeout(() => {
        this.pendingSorts.set(signature, 'sorting');
        void this.sortedPermutation(this.store, signature, this.permutations)
          .then((permutation) => {
            if (this.pendingSorts.get(signature) !== 'sorting') return;
            this.permutations.set(signature, permutation);
          })
          .finally(() => {
            if (this.pendingSorts.get(signature) === 'sorting') this.pendingSorts.delete(signature);
          });
      }, 200).unref();
      this.pendingSorts.set(signature, timer);
    }
    return fresh ? found : undefined;
  }

  /**
   * Answers a search request, or undefined when it must go to SQL. Counts are exact (bitset
   * cardinality); scores are BM25 (the SQL executor's are ts_rank).
   */
  async search(request: SearchRequest): Promise<SearchResult | undefined> {
    if (!this.isReady) return undefined;
    let plan: ReturnType<MemoryEngine['plan']>;
    try {
      plan = this.plan(request);
    } catch (error) {
      if (error instanceof Unsupported) return undefined;
      throw error;
    }
    const { count, slots, scores } = plan;
    const store = this.store;
    const file = this.files.get(store);
    const full = request.select.length === this.fullSelect.length;
    // From the copy's file: as is under the full `$select` (every browser query), else the
    // selected members of the same text.
    const texts = Array.from(slots, (slot) => {
      const text = file?.get(slot);
      return text === undefined || full ? text : projected(text, request.select);
    });
    // A slot the file lacks (the file failed, or closed under a reload): from the table by key.
    const missing = slots.filter((_, i) => texts[i] === undefined);
    if (missing.length > 0) {
      const keys = Array.from(missing, (s) => store.keys.keyOf(s));
      const rows = rowsOf(
        await this.db.execute(
          sql`select ${sql.identifier(this.index.key)} as "__key", ${documentJsonSql(request.select)} as "__json" from ${sql.identifier(this.index.table)} where ${sql.identifier(this.index.key)} = any(${textArrayLiteral(keys)}::text[])`,
        ),
      );
      const byKey = new Map(rows.map((row) => [String(row['__key']), String(row['__json'])]));
      slots.forEach((slot, i) => {
        if (texts[i] !== undefined) return;
        const json = byKey.get(store.keys.keyOf(slot));
        // Deleted between planning and fetching: gone from the page, as from SQL's.
        if (json !== undefined) texts[i] = Buffer.from(json);
      });
    }
    const documents: Buffer[] = [];
    const documentScores: number[] = [];
    texts.forEach((text, i) => {
      if (text === undefined) return;
      documents.push(text);
      documentScores.push(scores[i] ?? 1);
    });
    let value: SearchResult['value'] | undefined;
    const pageSize = Math.min(request.top, maxPageSize);
    const nextSkip = request.skip + pageSize;
    const more =
      request.top > maxPageSize && slots.length === pageSize && nextSkip <= maxSkip
        ? { skip: nextSkip, top: request.top - pageSize }
        : undefined;
    return {
      ...(request.count ? { count: { value: count, approximate: false } } : {}),
      serialised: { documents, scores: documentScores },
      // Parsed only for callers other than the HTTP route (tests), which sends the bytes.
      get value() {
        return (value ??= documents.map(
          (text, i) =>
            JSON.parse(
              withScore(documentScores[i] ?? 1, text.toString('utf8')),
            ) as SearchResult['value'][number],
        ));
      },
      ...(more === undefined ? {} : { next: more }),
    };
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
      await new Promise((resolve) => setImmediate(resolve));
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
    // A score array is scratch memory once forgotten (it is cleared before it is filled again).
    for (const kept of this.scores.values()) this.spareScores = kept.scores;
    this.matches.clear();
    this.phrases = new PhraseCache(this.store);
    this.scores.clear();
    this.parsed.clear();
    for (const timer of this.pendingSorts.values()) {
      if (timer !== 'sorting') clearTimeout(timer);
    }
    // A sort under way finds its mark gone and keeps nothing.
    this.pendingSorts.clear();
    for (const signature of this.permutations.keys()) {
      if (!this.presorted.includes(signature)) this.permutations.delete(signature);
    }
  }

  /**
   * Where the copy's memory goes, in bytes (footprint.ts), with the orderings and what is kept
   * between requests.
   */
  footprint(): Record<string, number> {
    const parts = footprintOf(this.store);
    let orderings = 0;
    const arrays = new Set(Array.from(this.permutations.values(), (p) => p.slots));
    for (const slots of arrays) orderings += slots.byteLength;
    let checkpoints = 0;
    for (const { checkpoints: kept } of this.permutations.values()) {
      for (const prefix of kept?.prefixes ?? []) checkpoints += prefix.byteLength;
    }
    parts['range checkpoints'] = checkpoints;
    parts[`orderings (${this.permutations.size}, ${arrays.size} arrays)`] = orderings;
    let scores = 0;
    for (const kept of this.scores.values()) scores += kept.scores.byteLength;
    parts['kept scores'] = scores;
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

  /**
   * A forgotten score array (forget()), filled again by the next search instead of a new one:
   * 8 MB at 1,000,000 slots per ranked search made the garbage collector run often.
   */
  private spareScores: Float64Array | null = null;

  private scoresOf(
    key: string,
    compute: (into: Float64Array | undefined) => Float64Array,
  ): Float64Array {
    const { store } = this;
    const kept = this.scores.get(key);
    this.scores.delete(key);
    if (kept !== undefined && kept.store === store && kept.version === store.version) {
      this.scores.set(key, kept);
      return kept.scores;
    }
    const limit = Math.max(1, Math.min(keptScores, Math.floor(keptScoreBytes / (8 * store.size))));
    // At the budget: the oldest kept array is evicted first and filled again (nothing else holds
    // it: a plan copies the page's scores out before it returns), so the budget is all there is.
    let spare = this.spareScores;
    this.spareScores = null;
    for (const [oldest, evicted] of this.scores) {
      if (this.scores.size < limit) break;
      this.scores.delete(oldest);
      spare = evicted.scores;
    }
    const scores = compute(spare?.length === store.size ? spare : undefined);
    this.scores.set(key, { store, version: store.version, scores });
    return scores;
  }

  /** The synchronous part: matches, count, the page's slots and scores. */
  private plan(request: SearchRequest): {
    count: number;
    slots: Uint32Array;
    scores: Float64Array;
  } {
    const store = this.store;
    if (this.phrases.store !== store) this.phrases = new PhraseCache(store);
    const phrases = this.phrases;
    // The kept match bitsets of the search and of each top-level $filter conjunct: intersected
    // below by the slots of a sparse one when there is one, else word by word.
    const sets: Bitset[] = [];
    let ranked: readonly SimpleQueryNode[] = [];
    let searched: ReturnType<typeof textFields> = [];
    let searchKey = '';
    if (request.search !== undefined) {
      const root = this.parsed.query(request.search);
      searched = textFields(store, request.searchFields ?? []);
      searchKey = `search\u0000${request.searchMode}\u0000${searched.map((f) => f.field.name).join(',')}\u0000${request.search}`;
      sets.push(
        this.matches.get(store, searchKey, (from) =>
          matchQuery(store, root, request.searchMode, searched, phrases, from),
        ),
      );
      ranked = rankedOperands(root);
    }
    if (request.filter !== undefined) {
      // Per top-level conjunct: the browser's filters share `articleType eq 3` and each chip, so a
      // new combination is mostly kept bitsets ANDed together.
      for (const { node, key } of this.parsed.filter(request.filter)) {
        sets.push(
          this.matches.get(store, key, (from) => matchFilter(store, node, from, this.sortedSlots)),
        );
      }
    }
    const sparse = intersectSparse(store.live, sets);
    let match: Bitset | undefined;
    if (sparse === undefined) {
      match = copyOf(store.live);
      for (const set of sets) andInto(match, set);
    }
    // The kept bitsets are read no further: those evicted meanwhile can be reused.
    this.matches.recycleEvicted();
    const count = sparse?.length ?? cardinality(match ?? store.live);
    const pageSize = Math.min(request.top, maxPageSize);
    const k = request.skip + pageSize;
    if (pageSize === 0 || count <= request.skip) {
      if (match !== undefined) recycle(match);
      return { count, slots: new Uint32Array(0), scores: new Float64Array(0) };
    }
    // Prefix-only, match-all and negation-only queries score 1 (Azure: constant score).
    const scored = ranked.length > 0 && searched.length > 0;
    const keys = leadingKeys(this.index, request.orderBy, scored);
    // Every match's score only when the order needs it; else the page's alone, once it is known
    // (the browser's searches are ordered by a field).
    const byScore = keys.some((key) => key.kind === 'score');
    const scores =
      scored && byScore
        ? this.scoresOf(searchKey, (into) => bm25(store, ranked, searched, phrases, into))
        : null;

    let top: Uint32Array | undefined;
    if (match === undefined) {
      // Few matches (a sparse conjunct): sorting them is the whole work.
      top = (sparse ?? new Uint32Array(0))
        .slice()
        .sort(comparatorOf(store, keys, scores))
        .subarray(0, k);
    } else {
      // The leading field keys: a permutation presorted by them (then the key) serves the request
      // alone when nothing ranks, and with the scores for ties when the score follows them (the
      // browser's insertedDate desc over a search).
      const firstScore = keys.findIndex((key) => key.kind === 'score');
      const leading = firstScore === -1 ? keys : keys.slice(0, firstScore);
      const signature = leading.length > 0 || !scored ? signatureOf(leading) : undefined;
      const permutation = signature === undefined ? undefined : this.permutationFor(signature);
      // Walking the permutation visits about k · size / count slots; the heap visits every match.
      if (permutation !== undefined && (k * store.size) / count < count * 2) {
        const compare = comparatorOf(store, leading, null);
        const appended = toSlots(match.subarray(permutation.size >>> 5)).map(
          (s) => s + (permutation.size & ~31),
        );
        const extras = appended.filter((s) => s >= permutation.size).sort(compare);
        top =
          leading.length === keys.length
            ? walkPermutation(match, permutation, k, extras, compare)
            : walkPermutationThenOrder(
                match,
                permutation,
                k,
                extras,
                { compare, tie: comparatorOf(store, leading, null, false) },
                comparatorOf(store, keys, scores),
              );
      }
      const scoreFirst = keys[0]?.kind === 'score' && keys[0].descending && scores !== null;
      top ??= topSlots(
        match,
        count,
        k,
        comparatorOf(store, keys, scores),
        scoreFirst ? scores : undefined,
      );
    }
    const slots = top.slice(request.skip, k);
    // The match set is this request's alone: nothing below reads it.
    if (match !== undefined) recycle(match);
    let pageScores: Float64Array;
    if (scored && scores === null) {
      pageScores = bm25(store, ranked, searched, phrases, undefined, slots);
    } else {
      pageScores = new Float64Array(slots.length);
      slots.forEach((s, i) => (pageScores[i] = scores === null ? 1 : (scores[s] ?? 0)));
    }
    return { count, slots, scores: pageScores };
  }
}

/**
 * The members of select, in its order, of a document's JSON under the full `$select`: the same
 * values as the table's JSON under select (documentJsonSql builds each member alike).
 */
function projected(text: Buffer, select: IndexDefinition['fields']): Buffer {
  const document = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of select) picked[field.name] = document[field.name] ?? null;
  return Buffer.from(JSON.stringify(picked));
}

/** A document's JSON text with its score as the first member, as Azure writes it. */
function withScore(score: number, document: string): string {
  const head = `{"@search.score":${JSON.stringify(score)}`;
  return document === '{}' ? `${head}}` : `${head},${document.slice(1)}`;
}

/**
 * The sort keys of an `$orderby`: the score only when the search ranks (else every score is 1),
 * and once; nothing after the key field (it is unique), nor the key ascending as the last key
 * (every ordering ends with it); the score last when a ranked search names none.
 */
function leadingKeys(
  index: IndexDefinition,
  orderBy: SearchRequest['orderBy'],
  scored: boolean,
): SortKey[] {
  const keys: SortKey[] = [];
  let scoreOrdered = false;
  for (const clause of orderBy) {
    if (clause.kind === 'field') {
      if (clause.field.name === index.key) {
        if (clause.descending) keys.push(clause);
        return keys;
      }
      keys.push(clause);
    } else if (!scoreOrdered) {
      scoreOrdered = true;
      if (scored) keys.push(clause);
    }
  }
  if (scored && !scoreOrdered) keys.push({ kind: 'score', descending: true });
  return keys;
}

/** The live slots of store from `from` on, in slot order. */
function liveSlots(store: Store, from = 0): Uint32Array {
  const slots = new Uint32Array(store.liveCount);
  let n = 0;
  for (let s = from; s < store.size; s++) {
    if ((((store.live[s >>> 5] ?? 0) >>> (s & 31)) & 1) === 1) slots[n++] = s;
  }
  return slots.subarray(0, n);
}

function signatureOf(keys: readonly SortKey[]): string {
  return keys
    .map((k) => (k.kind === 'field' ? `${k.field.name} ${k.descending ? 'desc' : 'asc'}` : 'score'))
    .join(',');
}

function sortKeysOf(index: IndexDefinition, signature: string): FieldSortKey[] {
  if (signature === '') return [];
  return signature.split(',').map((part) => {
    const [name, direction] = part.split(' ');
    const field = index.fields.find((f) => f.name === name);
    if (field === undefined) throw new Error(`memory search: unknown sort field ${name ?? ''}`);
    return { kind: 'field', field, descending: direction === 'desc' };
  });
}

/**
 * A PostgreSQL array literal of keys, bound as one text parameter: `= any($1::text[])` keeps the
 * primary-key index (an IN over jsonb_array_elements_text made PGlite scan the table), and the
 * drivers disagree on binding JS arrays.
 */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The document's JSON column in the rows fetched for a copy (no field is named so). */
const documentAlias = '__document';

function heapBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { canonicalUrl } from '@domain/feeds/canonical-url';
import { StoryClusters } from '@domain/feeds/clustering';
import { storableText } from '@domain/request-text';
import { Tagger } from '@domain/feeds/tagger';
import type { Db } from '../db/client';
import { feedSources } from '../db/schema';
import {
  claimDueSources,
  claimSource,
  extendClaims,
  releaseClaim,
} from '../db/repositories/feed-claims';
import { rowsOf } from '../db/rows';
import { reindexArticles } from '../search/indexer';
import type { DiseaseCountry } from '../db/repositories/suggested-actions';
import { refreshSuggestedActions } from '../db/repositories/suggested-actions';
import { loadTaggingDictionary } from './dictionary';
import { fetchFeed } from './fetch-feed';
import { parseFeedEntries } from './parse-feed';
import type { PreparedArticle } from './prepare-articles';
import { prepareArticles } from './prepare-articles';
import type { ArticleOrigin, StoredArticles, StoreTimings } from './store-articles';
import { storedCanonicalUrls, storeFeedArticles } from './store-articles';

/** What one poll of one source did. */
export type PollOutcome =
  | { readonly sourceId: number; readonly status: 'ok'; readonly added: number }
  | { readonly sourceId: number; readonly status: 'not-modified' }
  | { readonly sourceId: number; readonly status: 'failed'; readonly error: string };

export interface IngestionOptions {
  /** A source that has not answered by then fails this poll (the others go on). */
  readonly timeoutMs: number;
  /** How often the job looks for sources due a poll. */
  readonly tickMs: number;
  /** Days of earlier articles a new one may join the story of. */
  readonly clusterWindowDays: number;
  /**
   * How long a poll claim holds without being extended (db/repositories/feed-claims.ts): a
   * server killed mid-poll delays its sources by at most this.
   */
  readonly claimSeconds: number;
  /** This server's name on its claims. */
  readonly owner: string;
  readonly log: (message: string) => void;
}

/**
 * Milliseconds spent in each stage since the job began (the bench reports them): fetch, parse,
 * the look-up of URLs already stored, tagging (within prepare: tag, canonical URL, signature,
 * content type), the store's look-up, clustering and insert, the search index (its in-process
 * copies' catch-up included) and the suggested actions.
 */
export interface IngestionTimings extends StoreTimings {
  fetchMs: number;
  parseMs: number;
  dedupeMs: number;
  tagMs: number;
  prepareMs: number;
  indexMs: number;
  suggestMs: number;
}

/** Articles stored (and clustered) per statement and commit. */
export const storeBatchSize = 100;

/** Another server's commit of the same URL, or a deadlock the database broke: store again. */
const isRetryable = (error: unknown) => {
  const code = databaseCode(error);
  return code === '23505' || code === '40P01' || code === '40001';
};

/**
 * The database refused the data itself (class 22: a value out of range or malformed; 54000: a
 * value too long for an index; 23: a constraint other than the unique race): one item's fault.
 */
const isRefusedData = (error: unknown) => {
  const code = databaseCode(error) ?? '';
  return code.startsWith('22') || code === '54000' || (code.startsWith('23') && code !== '23505');
};

/** The SQLSTATE of a database error (drizzle wraps the driver's in `cause`). */
function databaseCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const messageOf = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

/** The tagger, its time added up by `spent`. */
function timedTagger(tagger: Tagger, spent: (ms: number) => void): Tagger {
  const timed = Object.create(tagger) as Tagger;
  timed.tag = (title, text) => {
    const t0 = performance.now();
    const tags = tagger.tag(title, text);
    spent(performance.now() - t0);
    return tags;
  };
  return timed;
}

export const defaultIngestionOptions: IngestionOptions = {
  timeoutMs: 20_000,
  tickMs: 15_000,
  clusterWindowDays: 7,
  claimSeconds: 60,
  owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  log: () => {},
};

/**
 * The ingestion job (issue 8): polls every enabled source when its interval has passed, each
 * independently (one failing, hanging or serving broken XML is recorded on its own row and the
 * others go on), stores new articles, re-indexes them for search and refreshes the suggested
 * actions. Off unless started (main.ts starts it when sources exist; tests call pollDue).
 */
export class FeedIngestion {
  private readonly options: IngestionOptions;
  private clusters: Promise<StoryClusters> | undefined;
  private dictionary: { tagger: Promise<Tagger>; loadedAt: number } | undefined;
  private readonly inFlight = new Map<number, Promise<PollOutcome>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> = Promise.resolve();
  private refreshing: Promise<void> = Promise.resolve();
  /** Pairs ingested since the suggested actions were last refreshed. */
  private readonly dirtyPairs = new Map<string, DiseaseCountry>();
  private readonly pollListeners = new Set<(outcome: PollOutcome) => void>();
  /** Where ingestion time went (the bench reports it). */
  readonly timings: IngestionTimings = {
    fetchMs: 0,
    parseMs: 0,
    dedupeMs: 0,
    tagMs: 0,
    prepareMs: 0,
    lookupMs: 0,
    clusterMs: 0,
    insertMs: 0,
    indexMs: 0,
    suggestMs: 0,
  };
  /** The store of the batch before (batches are stored one at a time). */
  private storing: Promise<unknown> = Promise.resolve();
  /** The search index write before, and the articles waiting for the next. */
  private indexing: Promise<unknown> = Promise.resolve();
  private readonly toIndex: number[] = [];

  constructor(
    private readonly db: Db,
    options: Partial<IngestionOptions> = {},
  ) {
    this.options = { ...defaultIngestionOptions, ...options };
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.ticking = this.pollDue().catch((error: unknown) =>
        this.options.log(`feeds: poll failed: ${String(error)}`),
      );
    };
    tick();
    this.timer = setInterval(tick, this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    await Promise.allSettled(this.inFlight.values());
  }

  /** Calls `listener` with the outcome of every poll this server makes (/metrics counts them). */
  onPoll(listener: (outcome: PollOutcome) => void): () => void {
    this.pollListeners.add(listener);
    return () => this.pollListeners.delete(listener);
  }

  /**
   * Polls every enabled source whose interval has passed since its last poll and that no other
   * server is polling: it claims them first, so of several servers each due source is polled
   * once.
   */
  async pollDue(now = new Date()): Promise<PollOutcome[]> {
    const { owner, claimSeconds } = this.options;
    const claimed = await claimDueSources(this.db, owner, claimSeconds, now);
    return Promise.all(claimed.map((id) => this.pollSource(id, true)));
  }

  /**
   * Polls one source now (a poll already running here is shared, not repeated). Unless the
   * caller claimed it, it is claimed first, waiting while another server polls it.
   */
  pollSource(sourceId: number, claimed = false): Promise<PollOutcome> {
    const running = this.inFlight.get(sourceId);
    if (running) return running;
    const { owner, claimSeconds } = this.options;
    const poll = (async () => {
      if (!claimed) await this.claimWaiting(sourceId);
      // Keeps the claim while the poll runs longer than the claim holds.
      const beat = setInterval(
        () =>
          void extendClaims(this.db, owner, [sourceId], claimSeconds).catch((error: unknown) =>
            this.options.log(`feeds: claim on source ${sourceId} not extended: ${String(error)}`),
          ),
        (claimSeconds * 1000) / 3,
      );
      try {
        const outcome = await this.poll(sourceId);
        for (const listener of this.pollListeners) listener(outcome);
        if (outcome.status === 'ok' && outcome.added > 0) await this.refreshSuggestions();
        return outcome;
      } finally {
        clearInterval(beat);
        await releaseClaim(this.db, owner, sourceId);
      }
    })().finally(() => this.inFlight.delete(sourceId));
    this.inFlight.set(sourceId, poll);
    return poll;
  }

  /** Claims a source, waiting (at most one claim's time) while another server polls it. */
  private async claimWaiting(sourceId: number): Promise<void> {
    const { owner, claimSeconds } = this.options;
    const until = Date.now() + claimSeconds * 1000;
    while (!(await claimSource(this.db, owner, sourceId, claimSeconds)) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async poll(sourceId: number): Promise<PollOutcome> {
    const [source] = await this.db.select().from(feedSources).where(eq(feedSources.id, sourceId));
    if (!source) return { sourceId, status: 'failed', error: 'no such source' };
    try {
      const f0 = performance.now();
      const fetched = await fetchFeed(
        source.url,
        { etag: source.etag, lastModified: source.lastModified },
        this.options.timeoutMs,
      );
      if (fetched.status === 'not-modified') {
        await this.recordSuccess(sourceId, {});
        return { sourceId, status: 'not-modified' };
      }
      const f1 = performance.now();
      this.timings.fetchMs += f1 - f0;
      const entries = parseFeedEntries(fetched.body, (entry) =>
        this.options.log(
          `feeds: source ${sourceId}: item ${entry.url}: removed NUL or broken characters (lone surrogates) PostgreSQL cannot store`,
        ),
      );
      this.timings.parseMs += performance.now() - f1;
      const added = await this.ingest(sourceId, source.feedId, entries);
      await this.recordSuccess(sourceId, fetched.validators);
      return { sourceId, status: 'ok', added };
    } catch (error) {
      // A database error's own words, not drizzle's wrapping (the statement and its rows).
      const message = messageOf(error);
      this.options.log(`feeds: source ${sourceId} (${source.url}) failed: ${message}`);
      await this.db
        .update(feedSources)
        .set({
          lastPolledAt: sql`now()`,
          lastErrorAt: sql`now()`,
          // Storable: a message may quote the feed, and a cut may halve a character pair.
          lastError: storableText(message.slice(0, 1000)),
          consecutiveFailures: sql`${feedSources.consecutiveFailures} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(feedSources.id, sourceId));
      return { sourceId, status: 'failed', error: message };
    }
  }

  /**
   * Stores parsed entries: those already stored (by canonical URL) are dropped first, so only
   * new ones are tagged; the rest are tagged, signed, then clustered, stored and indexed in
   * batches of {@link storeBatchSize}, each committed on its own (a poll killed midway keeps
   * what was committed, and its feed's validators are only recorded after the last batch, so
   * the next poll fetches the rest). Returns how many articles are new; their suggested actions
   * follow on {@link refreshSuggestions} (a poll calls it). An item the database refuses (a
   * URL too long for its index…) is logged and left out; the others are stored.
   */
  async ingest(
    sourceId: number | null,
    feedId: number,
    entries: Parameters<typeof prepareArticles>[0],
  ): Promise<number> {
    const t0 = performance.now();
    const known = await storedCanonicalUrls(
      this.db,
      entries.flatMap((e) => canonicalUrl(e.url) ?? []),
    );
    const unknown = entries.filter((e) => !known.has(canonicalUrl(e.url) ?? ''));
    const t1 = performance.now();
    this.timings.dedupeMs += t1 - t0;
    if (unknown.length === 0) return 0;
    const tagger = timedTagger(await this.tagger(), (ms) => (this.timings.tagMs += ms));
    const prepared = prepareArticles(unknown, tagger);
    this.timings.prepareMs += performance.now() - t1;
    const origin = { feedSourceId: sourceId, feedId };
    let added = 0;
    for (let i = 0; i < prepared.length; i += storeBatchSize) {
      const batch = prepared.slice(i, i + storeBatchSize);
      const stored = await this.storeBatch(origin, batch);
      if (stored.articleIds.length === 0) continue;
      added += stored.articleIds.length;
      await this.index([...stored.articleIds, ...stored.touchedParentIds]);
      for (const article of stored.stored) {
        for (const diseaseId of article.tags.diseaseIds) {
          for (const countryId of article.tags.countryIds) {
            this.dirtyPairs.set(`${diseaseId}:${countryId}`, { diseaseId, countryId });
          }
        }
      }
    }
    return added;
  }

  /**
   * Rebuilds the search documents of `articleIds`, with those of every batch stored meanwhile
   * (by any poll here) in one transaction: index writes queue on one row lock (the change
   * log's version), so concurrent ones only wait, and fewer, larger ones cost less. A write
   * that fails leaves its articles marked owed; the search upkeep rebuilds them.
   */
  private index(articleIds: readonly number[]): Promise<void> {
    this.toIndex.push(...articleIds);
    const run = this.indexing.then(async () => {
      const ids = this.toIndex.splice(0);
      if (ids.length === 0) return;
      const t0 = performance.now();
      await reindexArticles(this.db, ids);
      this.timings.indexMs += performance.now() - t0;
    });
    this.indexing = run.catch(() => undefined);
    return run;
  }

  /**
   * Stores one batch, one batch at a time in this process (the clusters then follow the commit
   * order). When the database refuses its data, its items are stored one by one, so a bad item
   * loses only itself (logged).
   */
  private storeBatch(origin: ArticleOrigin, batch: readonly PreparedArticle[]) {
    const run = this.storing.then(async (): Promise<StoredArticles> => {
      try {
        return await this.storeRetrying(origin, batch);
      } catch (error) {
        if (!isRefusedData(error)) throw error;
        if (batch.length === 1) return this.refused(origin, batch[0], error);
      }
      const parts: StoredArticles[] = [];
      for (const article of batch) {
        try {
          parts.push(await this.storeRetrying(origin, [article]));
        } catch (error) {
          if (!isRefusedData(error)) throw error;
          parts.push(this.refused(origin, article, error));
        }
      }
      return {
        articleIds: parts.flatMap((p) => p.articleIds),
        touchedParentIds: [...new Set(parts.flatMap((p) => p.touchedParentIds))],
        stored: parts.flatMap((p) => p.stored),
      };
    });
    this.storing = run.catch(() => undefined);
    return run;
  }

  private refused(
    origin: ArticleOrigin,
    article: PreparedArticle | undefined,
    error: unknown,
  ): StoredArticles {
    this.options.log(
      `feeds: source ${origin.feedSourceId ?? '-'}: item ${article?.entry.url.slice(0, 200) ?? ''} not stored: ${messageOf(error)}`,
    );
    return { articleIds: [], touchedParentIds: [], stored: [] };
  }

  /**
   * Stores a batch, again when another server stored one of its URLs at the same moment (the
   * look-up then finds it stored) or the database broke a deadlock.
   */
  private async storeRetrying(
    origin: ArticleOrigin,
    batch: readonly PreparedArticle[],
  ): Promise<StoredArticles> {
    for (let attempt = 1; ; attempt += 1) {
      const t0 = performance.now();
      const clusters = await this.loadClusters();
      this.timings.clusterMs += performance.now() - t0;
      try {
        return await storeFeedArticles(this.db, origin, batch, clusters, this.timings);
      } catch (error) {
        // The clusters remembered articles the failed statement did not keep.
        this.clusters = undefined;
        if (attempt >= 3 || !isRetryable(error)) throw error;
      }
    }
  }

  /**
   * Brings the suggested actions of every disease and country ingested since the last call in
   * step, once (a poll ends with it; many documents ingested in a row share one). Runs one at a
   * time, so two polls never write the same pair's suggestion at once.
   */
  refreshSuggestions(): Promise<void> {
    const run = this.refreshing.then(async () => {
      if (this.dirtyPairs.size === 0) return;
      const pairs = [...this.dirtyPairs.values()];
      this.dirtyPairs.clear();
      const t0 = performance.now();
      await refreshSuggestedActions(this.db, pairs);
      this.timings.suggestMs += performance.now() - t0;
    });
    this.refreshing = run.catch((error: unknown) =>
      this.options.log(`feeds: suggested actions not refreshed: ${String(error)}`),
    );
    return run;
  }

  private recordSuccess(
    sourceId: number,
    validators: { etag?: string | null; lastModified?: string | null },
  ) {
    return this.db
      .update(feedSources)
      .set({
        lastPolledAt: sql`now()`,
        lastSuccessAt: sql`now()`,
        consecutiveFailures: 0,
        updatedAt: sql`now()`,
        ...(validators.etag !== undefined ? { etag: validators.etag } : {}),
        ...(validators.lastModified !== undefined ? { lastModified: validators.lastModified } : {}),
      })
      .where(eq(feedSources.id, sourceId));
  }

  /** The tagger, its dictionary re-read from the lookups and gazetteer every 10 minutes. */
  private tagger(): Promise<Tagger> {
    const now = Date.now();
    if (!this.dictionary || now - this.dictionary.loadedAt > 600_000) {
      this.dictionary = {
        tagger: loadTaggingDictionary(this.db).then((d) => new Tagger(d)),
        loadedAt: now,
      };
    }
    return this.dictionary.tagger;
  }

  /** Recent feed articles, so a new one can join a story told earlier by another source. */
  private loadClusters(): Promise<StoryClusters> {
    this.clusters ??= (async () => {
      const clusters = new StoryClusters();
      const rows = rowsOf(
        await this.db.execute(sql`
          select f.article_id, f.signature, a.cluster_id, a.is_child,
            coalesce(a.published_date, a.inserted_date) as published,
            coalesce((select array_agg(ad.disease_id) from article_diseases ad where ad.article_id = f.article_id), '{}') as disease_ids,
            coalesce((select array_agg(distinct coalesce(l.country_id, l.id)) from article_locations al
              join locations l on l.id = al.location_id where al.article_id = f.article_id), '{}') as country_ids
          from feed_items f join articles a on a.article_id = f.article_id
          where f.fetched_at > now() - make_interval(days => ${this.options.clusterWindowDays})
          order by f.article_id`),
      );
      for (const row of rows) {
        const articleId = Number(row['article_id']);
        clusters.remember(
          {
            articleId,
            signature: Int32Array.from(row['signature'] as number[]),
            diseaseIds: (row['disease_ids'] as number[]).map(Number),
            countryIds: (row['country_ids'] as number[]).map(Number),
            publishedAt: new Date(String(row['published'])).getTime(),
          },
          { clusterId: Number(row['cluster_id'] ?? articleId), isChild: row['is_child'] === true },
        );
      }
      return clusters;
    })();
    return this.clusters;
  }
}

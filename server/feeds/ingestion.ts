import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { StoryClusters } from '../../src/domain/feeds/clustering';
import { storableText } from '../../src/domain/request-text';
import { Tagger } from '../../src/domain/feeds/tagger';
import type { Db } from '../db/client';
import { feedSources } from '../db/schema';
import {
  claimDueSources,
  claimSource,
  extendClaims,
  releaseClaim,
} from '../db/repositories/feed-claims';
import { rowsOf } from '../search/execute';
import { reindexArticles } from '../search/indexer';
import type { DiseaseCountry } from '../db/repositories/suggested-actions';
import { refreshSuggestedActions } from '../db/repositories/suggested-actions';
import { loadTaggingDictionary } from './dictionary';
import { fetchFeed } from './fetch-feed';
import { parseFeedEntries } from './parse-feed';
import { prepareArticles } from './prepare-articles';
import { storeFeedArticles } from './store-articles';

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

/** Milliseconds spent in each stage by {@link FeedIngestion.ingest} since the job began. */
export interface IngestionTimings {
  prepareMs: number;
  storeMs: number;
  indexMs: number;
  suggestMs: number;
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
  readonly timings: IngestionTimings = { prepareMs: 0, storeMs: 0, indexMs: 0, suggestMs: 0 };

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
      const fetched = await fetchFeed(
        source.url,
        { etag: source.etag, lastModified: source.lastModified },
        this.options.timeoutMs,
      );
      if (fetched.status === 'not-modified') {
        await this.recordSuccess(sourceId, {});
        return { sourceId, status: 'not-modified' };
      }
      const entries = parseFeedEntries(fetched.body, (entry) =>
        this.options.log(
          `feeds: source ${sourceId}: item ${entry.url}: removed NUL or broken characters (lone surrogates) PostgreSQL cannot store`,
        ),
      );
      const added = await this.ingest(sourceId, source.feedId, entries);
      await this.recordSuccess(sourceId, fetched.validators);
      return { sourceId, status: 'ok', added };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
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
   * Tags, clusters, stores and indexes parsed entries; returns how many articles are new. Their
   * suggested actions follow on {@link refreshSuggestions} (a poll calls it).
   */
  async ingest(
    sourceId: number | null,
    feedId: number,
    entries: Parameters<typeof prepareArticles>[0],
  ): Promise<number> {
    const t0 = performance.now();
    const tagger = await this.tagger();
    const prepared = prepareArticles(entries, tagger);
    const clusters = await this.loadClusters();
    const t1 = performance.now();
    this.timings.prepareMs += t1 - t0;
    let stored;
    try {
      stored = await storeFeedArticles(
        this.db,
        { feedSourceId: sourceId, feedId },
        prepared,
        clusters,
      );
    } catch (error) {
      // The clusters remembered articles the rolled-back transaction did not keep.
      this.clusters = undefined;
      throw error;
    }
    const t2 = performance.now();
    this.timings.storeMs += t2 - t1;
    if (stored.articleIds.length > 0) {
      await reindexArticles(this.db, [...stored.articleIds, ...stored.touchedParentIds]);
      this.timings.indexMs += performance.now() - t2;
      for (const article of prepared) {
        for (const diseaseId of article.tags.diseaseIds) {
          for (const countryId of article.tags.countryIds) {
            this.dirtyPairs.set(`${diseaseId}:${countryId}`, { diseaseId, countryId });
          }
        }
      }
    }
    return stored.articleIds.length;
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
            signature: (row['signature'] as number[]).map(Number),
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

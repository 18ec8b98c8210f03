import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { reindexArticles } from './indexer';

/** Articles rebuilt per transaction by a sweep or a repair. */
const repairBatch = 1_000;

/** What a reconciliation found and repaired. */
export interface ReconcileReport {
  readonly articles: number;
  readonly documents: number;
  /** Articles marked owed (a writer died between its commit and its reindex), rebuilt. */
  readonly owed: number;
  /** Articles with no document, indexed. */
  readonly missing: number;
  /** Documents of API articles that no longer exist, removed. */
  readonly orphaned: number;
}

/**
 * Rebuilds the documents of articles marked owed for at least `olderThanSeconds` (the writer's
 * own reindex normally clears its mark within milliseconds of its commit); returns how many.
 */
export async function sweepOwedArticles(db: Db, olderThanSeconds: number): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = rowsOf(
      await db.execute(sql`
        select distinct article_id as id from search_articles_owed
        where marked_at <= now() - make_interval(secs => ${olderThanSeconds})
        limit ${repairBatch}`),
    ).map((r) => Number(r['id']));
    if (ids.length === 0) return total;
    await reindexArticles(db, ids);
    total += ids.length;
  }
}

/** API article documents: numeric keys, not from the second data store. */
const apiDocument = sql`s."articleId" ~ '^[0-9]{1,9}$' and s."isCosmosDbArticle" is not true`;
/**
 * Documents the indexer wrote (never one uploaded through docs/index, whatever its key): the
 * only ones the repair may prove orphaned and remove (issue 30).
 */
const indexerDocument = sql`${apiDocument} and not s."uploaded"`;

/**
 * Brings the articles index in line with the tables (run at start): the owed marks first, then
 * counts, then keys both ways (an article without a document is indexed; a document the
 * indexer wrote for an article that is gone is removed). Documents that came through docs/index
 * stay, numeric keys or not (search_articles.uploaded).
 */
export async function reconcileSearchIndex(
  db: Db,
  log: (message: string) => void = () => {},
): Promise<ReconcileReport> {
  const owed = await sweepOwedArticles(db, 0);
  const counts = rowsOf(
    await db.execute(sql`
      select (select count(*) from articles)::int as articles,
        (select count(*) from search_articles s where ${apiDocument})::int as documents`),
  )[0];
  const articles = Number(counts?.['articles'] ?? 0);
  const documents = Number(counts?.['documents'] ?? 0);
  const missing = await repair(
    db,
    sql`select a.article_id as id from articles a
      where not exists (select 1 from search_articles s where s."articleId" = a.article_id::text)`,
  );
  const orphaned = await repair(
    db,
    sql`select s."articleId"::int as id from search_articles s
      where ${indexerDocument}
        and not exists (select 1 from articles a where a.article_id::text = s."articleId")`,
  );
  const report = { articles, documents, owed, missing, orphaned };
  const repaired = owed + missing + orphaned;
  log(
    repaired === 0
      ? `search: reconciled, nothing to repair: each of the ${articles} articles has its document`
      : `search: reconciled, ${articles} articles and ${documents} documents: repaired ${owed} owed, ${missing} missing, ${orphaned} orphaned`,
  );
  return report;
}

/** Reindexes the articles `select` names (a query of `id`s), in batches; returns how many. */
async function repair(db: Db, select: ReturnType<typeof sql>): Promise<number> {
  const ids = rowsOf(await db.execute(select)).map((r) => Number(r['id']));
  for (let i = 0; i < ids.length; i += repairBatch) {
    await reindexArticles(db, ids.slice(i, i + repairBatch));
  }
  return ids.length;
}

/** How often, and after how long, a mark left behind is swept. */
const sweepEverySeconds = 10;

/**
 * Reconciles once in the background, then sweeps marks older than 10 s every 10 s (a writer
 * that died after its commit, on this server or another); returns the stop.
 */
export function startSearchUpkeep(db: Db, log: (message: string) => void): () => Promise<void> {
  let stopped = false;
  const run = (step: () => Promise<unknown>) =>
    step().catch((error: unknown) => {
      if (!stopped) log(`search: upkeep failed: ${String(error)}`);
    });
  let running = run(() => reconcileSearchIndex(db, log));
  const timer = setInterval(() => {
    running = running.then(() =>
      run(async () => {
        const swept = await sweepOwedArticles(db, sweepEverySeconds);
        if (swept > 0) log(`search: rebuilt ${swept} owed article documents`);
      }),
    );
  }, sweepEverySeconds * 1000);
  timer.unref();
  // Stopping waits for a step in flight, so the pool is not ended under it.
  return () => {
    stopped = true;
    clearInterval(timer);
    return running.then(() => undefined);
  };
}

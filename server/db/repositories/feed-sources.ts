import { eq, sql } from 'drizzle-orm';
import type { FeedSource, FeedSourceInput, FeedSourceUpdate } from '@domain/feeds/feed-sources-api';
import { rowsOf } from '../rows';
import type { Db } from '../client';
import { feedSources, feeds } from '../schema';
import { recordAudit } from './audit';

/** Feed sources with their ingestion health (articles today: fetched since 00:00 UTC). */
export async function listFeedSources(db: Db, id?: number): Promise<FeedSource[]> {
  const iso = (v: unknown) =>
    v === null || v === undefined ? null : new Date(String(v)).toISOString();
  const rows = rowsOf(
    await db.execute(sql`
      select s.id, s.name, s.feed_id, f.name as feed_name, s.url, s.polling_interval_seconds,
        s.enabled, s.last_polled_at, s.last_success_at, s.last_error_at, s.last_error,
        s.consecutive_failures,
        (select count(*) from feed_items i where i.feed_source_id = s.id
           and i.fetched_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as articles_today,
        (select count(*) from feed_items i where i.feed_source_id = s.id)::int as articles_total
      from feed_sources s join feeds f on f.id = s.feed_id
      where (${id ?? null}::int is null or s.id = ${id ?? null}::int)
      order by s.name, s.id`),
  );
  return rows.map((r) => ({
    id: Number(r['id']),
    name: String(r['name']),
    feedId: Number(r['feed_id']),
    feedName: String(r['feed_name']),
    url: String(r['url']),
    pollingIntervalSeconds: Number(r['polling_interval_seconds']),
    enabled: r['enabled'] === true,
    lastPolledAt: iso(r['last_polled_at']),
    lastSuccessAt: iso(r['last_success_at']),
    lastErrorAt: iso(r['last_error_at']),
    lastError: r['last_error'] === null ? null : String(r['last_error']),
    consecutiveFailures: Number(r['consecutive_failures']),
    articlesToday: Number(r['articles_today']),
    articlesTotal: Number(r['articles_total']),
  }));
}

/** Why a source write is refused (the messages the form shows). */
export async function feedSourceProblems(
  db: Db,
  input: { feedId?: number | undefined; url?: string | undefined },
  exceptId?: number,
): Promise<string[]> {
  const problems: string[] = [];
  if (input.feedId !== undefined) {
    const found = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.id, input.feedId));
    if (found.length === 0) problems.push(`Unknown feed ${input.feedId}.`);
  }
  if (input.url !== undefined) {
    const same = await db
      .select({ id: feedSources.id })
      .from(feedSources)
      .where(eq(feedSources.url, input.url));
    if (same.some((s) => s.id !== exceptId))
      problems.push('A feed source with this URL already exists.');
  }
  return problems;
}

export async function createFeedSource(db: Db, input: FeedSourceInput, userId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(feedSources).values(input).returning({ id: feedSources.id });
    if (!row) throw new Error('feed source insert returned nothing');
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'feedSource',
      entityId: row.id,
      detail: { ...input },
    });
    return row.id;
  });
}

/** Applies an update; false when there is no such source. A new URL forgets the validators. */
export async function updateFeedSource(
  db: Db,
  id: number,
  update: FeedSourceUpdate,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(feedSources)
      .set({
        ...update,
        ...(update.url !== undefined ? { etag: null, lastModified: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(feedSources.id, id))
      .returning({ id: feedSources.id });
    if (changed.length === 0) return false;
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'feedSource',
      entityId: id,
      detail: { ...update },
    });
    return true;
  });
}

/** Deletes a source (its articles stay, their origin row loses the source); false when absent. */
export async function deleteFeedSource(db: Db, id: number, userId: number) {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(feedSources)
      .where(eq(feedSources.id, id))
      .returning({ id: feedSources.id });
    if (gone.length === 0) return false;
    await recordAudit(tx, { userId, action: 'delete', entity: 'feedSource', entityId: id });
    return true;
  });
}

import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from '../rows';

/**
 * Poll claims on feed sources (issue 17): of several servers on one database, each due source
 * is polled by the one server that claimed it. A claim is a row lock taken with SKIP LOCKED
 * (two servers looking at once split the due sources, never share one) and a time it holds
 * until (`claimed_until`), extended while the poll runs; a claim left by a killed server lapses
 * and the next server that looks takes the source.
 */

/** Claims every enabled source due a poll at `now` that no live claim holds; their ids. */
export async function claimDueSources(
  db: Db,
  owner: string,
  claimSeconds: number,
  now: Date,
): Promise<number[]> {
  const rows = rowsOf(
    await db.execute(sql`
      update feed_sources set claimed_by = ${owner},
        claimed_until = now() + make_interval(secs => ${claimSeconds})
      where id in (
        select id from feed_sources
        where enabled
          and (last_polled_at is null
            or last_polled_at + make_interval(secs => polling_interval_seconds) <= ${now.toISOString()}::timestamptz)
          and (claimed_until is null or claimed_until < now())
        order by id
        for update skip locked)
      returning id`),
  );
  return rows.map((r) => Number(r['id']));
}

/** Claims one source whatever its schedule ("Poll now"); false while another server holds it. */
export async function claimSource(
  db: Db,
  owner: string,
  sourceId: number,
  claimSeconds: number,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update feed_sources set claimed_by = ${owner},
        claimed_until = now() + make_interval(secs => ${claimSeconds})
      where id = ${sourceId}
        and (claimed_until is null or claimed_until < now() or claimed_by = ${owner})
      returning id`),
  );
  return rows.length > 0;
}

/** Extends this server's claims on sources it is still polling. */
export async function extendClaims(
  db: Db,
  owner: string,
  sourceIds: readonly number[],
  claimSeconds: number,
): Promise<void> {
  if (sourceIds.length === 0) return;
  await db.execute(sql`
    update feed_sources set claimed_until = now() + make_interval(secs => ${claimSeconds})
    where claimed_by = ${owner} and id in (${sql.join(
      sourceIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Lets go of this server's claim on a source (its poll is recorded). */
export async function releaseClaim(db: Db, owner: string, sourceId: number): Promise<void> {
  await db.execute(sql`
    update feed_sources set claimed_by = null, claimed_until = null
    where id = ${sourceId} and claimed_by = ${owner}`);
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listenOf } from '../../db/notifications';
import { rowsOf } from '../../db/rows';
import { articlesIndex, locationsIndex } from '../index-definition';

/** The keys of an index whose documents were written (upserted or deleted), or 'all'. */
export type IndexChange = readonly string[] | 'all';

/** Hands one index's changes to the in-process copies; resolves when they have them. */
export type Dispatch = (index: string, change: IndexChange) => Promise<void>;

/** The channel the change log's trigger notifies (migration 0014). */
export const changesChannel = 'ist_search_changes';
/** How often a follower records its position, catches up (a missed NOTIFY) and trims. */
export const heartbeatMs = 2_000;
/** A follower whose heartbeat is older than this is dead: the log no longer waits for it. */
export const expirySeconds = 30;

/** This process's name in search_followers: host, pid and a random part (pids repeat). */
export const processName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Follows the search change log (migration 0014) for one server's in-process copies: from the
 * version current when it starts, every change committed after is dispatched, in version order,
 * exactly when told (LISTEN), when a writer in this process asks (read-your-writes), and on a
 * heartbeat (a NOTIFY lost while the listening connection was down). Its position is recorded
 * with the heartbeat; the log is trimmed up to the least position of the live followers.
 */
export class ChangeFollower {
  private applied = 0;
  private tail: Promise<void> = Promise.resolve();
  /** A pass queued behind the running one: callers until it starts can share it. */
  private queued: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly followerId = `copy:${processName}`;
  /** Resolves when the start position is read (a full load must begin after it). */
  readonly started: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly dispatch: Dispatch,
    private readonly log: (message: string) => void = () => {},
    /** False: no LISTEN, heartbeats only (a test's stand-in for a server that stopped hearing). */
    private readonly listening = true,
  ) {
    this.started = this.start();
  }

  /** The version applied so far (tests, metrics). */
  get appliedVersion(): number {
    return this.applied;
  }

  private async start(): Promise<void> {
    this.applied = (await readVersion(this.db)).version;
    await this.beat();
    const listen = listenOf(this.db);
    if (listen !== undefined && this.listening && !this.stopped) {
      this.stopListening = await listen(
        changesChannel,
        () => void this.catchUp(),
        () => void this.catchUp(),
      );
    }
    this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  /**
   * Applies every change committed before this call: resolves once the in-process copies have
   * them. Passes run one at a time; a call while one runs joins the next.
   */
  catchUp(): Promise<void> {
    if (this.queued !== null) return this.queued;
    const pass = this.tail.then(() => {
      this.queued = null;
      return this.pass();
    });
    this.queued = pass;
    this.tail = pass.catch((error: unknown) => {
      this.log(`search change log: catching up failed: ${String(error)}`);
    });
    return pass;
  }

  private async pass(): Promise<void> {
    await this.started;
    if (this.stopped) return;
    const { version, prunedThrough } = await readVersion(this.db);
    if (version <= this.applied) return;
    if (prunedThrough > this.applied) {
      // Trimmed past us (we were taken for dead): what we missed is unknown, so reload whole.
      this.log(
        `search change log: behind the trimmed log (applied ${this.applied}, trimmed through ${prunedThrough}): reloading`,
      );
      await Promise.all(
        [articlesIndex.name, locationsIndex.name].map((name) => this.dispatch(name, 'all')),
      );
      this.applied = version;
      return;
    }
    const rows = rowsOf(
      await this.db.execute(sql`
        select index_name as "index", keys from search_changes
        where version > ${this.applied} and version <= ${version} order by version`),
    );
    for (const [index, change] of collect(rows)) await this.dispatch(index, change);
    this.applied = version;
  }

  /** Catches up, records its position and trims the log (every heartbeatMs; tests call it). */
  async heartbeat(): Promise<void> {
    try {
      await this.catchUp();
      await this.beat();
      await trimChangeLog(this.db);
    } catch (error) {
      this.log(`search change log: heartbeat failed: ${String(error)}`);
    }
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    await this.db.execute(sql`
      insert into search_followers (follower_id, applied, heartbeat_at)
      values (${this.followerId}, ${this.applied}, now())
      on conflict (follower_id) do update set applied = excluded.applied, heartbeat_at = now()`);
  }

  /** Stops listening and beating; its row is removed so the log need not wait for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.started.catch(() => {});
    await this.stopListening?.().catch(() => {});
    await this.tail;
    await this.db
      .execute(sql`delete from search_followers where follower_id = ${this.followerId}`)
      .catch(() => {});
  }
}

/** The log's current version and how far it was trimmed. */
export async function readVersion(
  db: Pick<Db, 'execute'>,
): Promise<{ version: number; prunedThrough: number }> {
  const row = rowsOf(
    await db.execute(
      sql`select version, pruned_through as "prunedThrough" from search_change_version`,
    ),
  )[0];
  return {
    version: Number(row?.['version'] ?? 0),
    prunedThrough: Number(row?.['prunedThrough'] ?? 0),
  };
}

/** Logged changes folded per index: the union of their keys, or 'all' if any listed none. */
export function collect(rows: readonly Record<string, unknown>[]): Map<string, IndexChange> {
  const byIndex = new Map<string, Set<string> | 'all'>();
  for (const row of rows) {
    const index = String(row['index']);
    const keys = row['keys'];
    const known = byIndex.get(index);
    if (known === 'all') continue;
    if (!Array.isArray(keys)) {
      byIndex.set(index, 'all');
      continue;
    }
    const set = known ?? new Set<string>();
    for (const key of keys) set.add(String(key));
    byIndex.set(index, set);
  }
  return new Map([...byIndex].map(([index, keys]) => [index, keys === 'all' ? 'all' : [...keys]]));
}

/**
 * Forgets followers whose heartbeat stopped (a server's copy; a pusher's position is kept, it
 * stays behind the trim and re-pushes whole when it returns) and deletes the changes every live
 * follower has applied.
 */
export async function trimChangeLog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from search_followers
      where follower_id like 'copy:%'
        and heartbeat_at < now() - make_interval(secs => ${expirySeconds})`);
    const row = rowsOf(
      await tx.execute(sql`
        select min(applied) as through from search_followers
        where heartbeat_at >= now() - make_interval(secs => ${expirySeconds})`),
    )[0];
    const through = row?.['through'];
    if (through === null || through === undefined) return;
    await tx.execute(sql`delete from search_changes where version <= ${Number(through)}`);
    await tx.execute(
      sql`update search_change_version set pruned_through = ${Number(through)} where pruned_through < ${Number(through)}`,
    );
  });
}

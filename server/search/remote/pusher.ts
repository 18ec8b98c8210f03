import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listenOf } from '../../db/notifications';
import { changesChannel, collect, processName, readVersion } from '../change-log/follower';
import { documentOf, rowsOf, selectList } from '../execute';
import type { IndexDefinition } from '../index-definition';
import { articlesIndex, feedsIndex, locationsIndex } from '../index-definition';
import type { PushAction, RemoteSearchService } from './service';
import { maxActions } from './service';

/**
 * The indexes pushed to the configured service: the search tables, and `feeds`, the view of
 * the data sources (its changes are logged by triggers on data_sources and its lookups,
 * migration 0019).
 */
export const pushedIndexes: readonly IndexDefinition[] = [
  articlesIndex,
  locationsIndex,
  feedsIndex,
];

/** How long a pusher's lease holds unrenewed (a killed server's lapses, another takes it). */
export const leaseSeconds = 15;
/** How often the pusher renews its lease, looks for changes a NOTIFY missed and retries. */
export const tickMs = 1_000;

/** The change log's row for the pusher to one service (its position survives restarts). */
export const pusherIdOf = (service: RemoteSearchService) => `push:${service.url}`;

/** What one pass pushed. */
export interface PushReport {
  readonly through: number;
  readonly upserted: number;
  readonly deleted: number;
  readonly refused: number;
}

/**
 * Feeds a remote search service from the change log (migration 0014): of all the servers with
 * SEARCH_URL set, the one holding the lease on the pusher's search_followers row reads the
 * changes after the row's position, pushes the documents from the local tables (mergeOrUpload
 * for the keys still there, delete for the others) and only then moves the position, so a
 * change is pushed at least once whatever stops (this server, the service, the database).
 * The row's heartbeat keeps the log from being trimmed past it while the service is away.
 */
export class ChangePusher {
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private busy = false;
  private stopped = false;
  private lastFailure = '';
  private readonly pusherId: string;
  private readonly me = `pusher:${processName}`;
  private ensured = false;
  /**
   * Whether this server pushed the views (`feeds`) whole since it took the lease: a view's rows
   * written with triggers off (the seed's bulk load) or before migration 0019 were never logged,
   * so the first pass sends every document (a hundred or so), the log the rest.
   */
  private viewsPushed = false;
  /** The log's version pushed so far, as last read or written by this server (metrics). */
  pushedVersion = 0;
  /** The log's version when last looked (metrics: the lag is this less pushedVersion). */
  seenVersion = 0;

  constructor(
    private readonly db: Db,
    private readonly service: RemoteSearchService,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.pusherId = pusherIdOf(service);
  }

  /** Starts pushing: now, on every NOTIFY of the change log and every tickMs. */
  async start(): Promise<void> {
    const listen = listenOf(this.db);
    if (listen !== undefined) {
      this.stopListening = await listen(
        changesChannel,
        () => this.kick(),
        () => this.kick(),
      );
    }
    this.timer = setInterval(() => this.kick(), tickMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now, or right after the one running. */
  kick(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass().catch((error: unknown) => this.failed(error));
      } while (this.again && !this.stopped);
      this.busy = false;
    })();
  }

  private failed(error: unknown): void {
    const message = String(error);
    // Once per kind of failure, not every second while the service is away.
    if (message !== this.lastFailure) this.log(`search push: ${message} (retrying)`);
    this.lastFailure = message;
  }

  /** Takes or renews the lease; the position to push from when this server holds it. */
  private async lease(): Promise<number | undefined> {
    await this.db.execute(sql`
      insert into search_followers (follower_id, applied, heartbeat_at)
      values (${this.pusherId}, 0, now()) on conflict (follower_id) do nothing`);
    const row = rowsOf(
      await this.db.execute(sql`
        update search_followers
        set leased_by = ${this.me}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
          heartbeat_at = now()
        where follower_id = ${this.pusherId}
          and (leased_by is null or leased_by = ${this.me} or lease_until < now())
        returning applied`),
    )[0];
    return row === undefined ? undefined : Number(row['applied']);
  }

  /** One pass: lease, then everything logged after the position, pushed; the position moved. */
  async pass(): Promise<PushReport | undefined> {
    const applied = await this.lease();
    if (applied === undefined) {
      // Another server pushes: if this one takes over later, it starts with the views whole.
      this.viewsPushed = false;
      return undefined;
    }
    if (!this.ensured) {
      for (const index of pushedIndexes) {
        if (await this.service.ensureIndex(index)) {
          this.log(`search push: created the index '${index.name}' on ${this.service.url}`);
        }
      }
      this.ensured = true;
    }
    this.pushedVersion = applied;
    const { version, prunedThrough } = await readVersion(this.db);
    this.seenVersion = version;
    const views = this.viewsPushed ? [] : pushedIndexes.filter((i) => i.readOnly === true);
    if (version <= applied && views.length === 0) {
      return { through: applied, upserted: 0, deleted: 0, refused: 0 };
    }
    let changes: Map<string, readonly string[] | 'all'>;
    if (version <= applied) {
      changes = new Map();
    } else if (prunedThrough > applied) {
      // The log was trimmed past us (no server pushed for a while): push every document.
      this.log(`search push: behind the trimmed log (at ${applied}): pushing every document`);
      changes = new Map(pushedIndexes.map((i) => [i.name, 'all']));
    } else {
      changes = collect(
        rowsOf(
          await this.db.execute(sql`
            select index_name as "index", keys from search_changes
            where version > ${applied} and version <= ${version} order by version`),
        ),
      );
    }
    for (const view of views) changes.set(view.name, 'all');
    let upserted = 0;
    let deleted = 0;
    let refused = 0;
    for (const [name, keys] of changes) {
      const index = pushedIndexes.find((i) => i.name === name);
      if (index === undefined) continue;
      const report =
        keys === 'all'
          ? await pushAll(this.db, this.service, index)
          : await pushKeys(this.db, this.service, index, keys);
      upserted += report.upserted;
      deleted += report.deleted;
      refused += report.refused;
    }
    this.viewsPushed = true;
    // Only the lease holder moves the position (a pass overtaken by a lapse pushed twice: fine).
    const through = Math.max(version, applied);
    await this.db.execute(sql`
      update search_followers set applied = greatest(applied, ${through}), heartbeat_at = now()
      where follower_id = ${this.pusherId} and leased_by = ${this.me}`);
    this.pushedVersion = through;
    if (this.lastFailure !== '') this.log('search push: the service answers again');
    this.lastFailure = '';
    return { through, upserted, deleted, refused };
  }

  /** Stops the timer and the LISTEN, waits for a pass in progress, gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.stopListening?.().catch(() => {});
    await this.running;
    await this.db
      .execute(
        sql`update search_followers set leased_by = null, lease_until = null
          where follower_id = ${this.pusherId} and leased_by = ${this.me}`,
      )
      .catch(() => {});
  }
}

interface Pushed {
  readonly upserted: number;
  readonly deleted: number;
  readonly refused: number;
}

const keyList = (keys: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

/** The documents of these keys from the local table: mergeOrUpload those found, delete the rest. */
export async function pushKeys(
  db: Db,
  service: RemoteSearchService,
  index: IndexDefinition,
  keys: readonly string[],
): Promise<Pushed> {
  let upserted = 0;
  let deleted = 0;
  let refused = 0;
  for (let i = 0; i < keys.length; i += maxActions) {
    const slice = keys.slice(i, i + maxActions);
    const rows = rowsOf(
      await db.execute(sql`
        select ${selectList(index.fields)} from ${sql.identifier(index.table)}
        where ${sql.identifier(index.key)} = any(${keyList(slice)})`),
    );
    const found = new Set(rows.map((r) => String(r[index.key])));
    const actions: PushAction[] = [
      ...rows.map((row) => upload(index, row)),
      ...slice
        .filter((key) => !found.has(key))
        .map((key): PushAction => ({ '@search.action': 'delete', [index.key]: key })),
    ];
    const outcome = await service.push(index, actions);
    upserted += rows.length;
    deleted += slice.length - rows.length;
    refused += outcome.refused.length;
  }
  return { upserted, deleted, refused };
}

/**
 * Every document of the local table, in key order, 1,000 a batch. Documents only the service
 * has stay there (`npm run search:reindex` rebuilds the service's index from empty), except
 * for a view (`feeds`, a hundred or so documents): its service keys are read back and those the
 * view no longer has are deleted, so a whole push leaves the service exactly as the view.
 */
export async function pushAll(
  db: Db,
  service: RemoteSearchService,
  index: IndexDefinition,
  progress: (done: number, total: number) => void = () => {},
): Promise<Pushed> {
  const total = Number(
    rowsOf(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(index.table)}`),
    )[0]?.['n'] ?? 0,
  );
  const key = sql.identifier(index.key);
  let after: string | undefined;
  let upserted = 0;
  let refused = 0;
  const local = new Set<string>();
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        select ${selectList(index.fields)} from ${sql.identifier(index.table)}
        ${after === undefined ? sql.empty() : sql`where ${key} collate "C" > ${after}`}
        order by ${key} collate "C" limit ${maxActions}`),
    );
    if (rows.length === 0) break;
    const outcome = await service.push(
      index,
      rows.map((row) => upload(index, row)),
    );
    upserted += rows.length;
    refused += outcome.refused.length;
    progress(upserted, total);
    after = String(rows[rows.length - 1]?.[index.key]);
    if (index.readOnly === true) for (const row of rows) local.add(String(row[index.key]));
  }
  if (index.readOnly !== true) return { upserted, deleted: 0, refused };
  const gone = (await service.keys(index)).filter((key) => !local.has(key));
  for (let i = 0; i < gone.length; i += maxActions) {
    const outcome = await service.push(
      index,
      gone
        .slice(i, i + maxActions)
        .map((key): PushAction => ({ '@search.action': 'delete', [index.key]: key })),
    );
    refused += outcome.refused.length;
  }
  return { upserted, deleted: gone.length, refused };
}

const upload = (index: IndexDefinition, row: Record<string, unknown>): PushAction => ({
  '@search.action': 'mergeOrUpload',
  ...documentOf(row, index.fields),
});

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listenOf } from '../../db/notifications';
import type { IndexChange } from '../change-log/follower';
import { changesChannel, collect, processName, readVersion } from '../change-log/follower';
import { rowsOf } from '../../db/rows';
import { documentOf, selectList } from '../execute';
import type { IndexDefinition } from '../index-definition';
import { articlesIndex, feedsIndex, locationsIndex } from '../index-definition';
import type { PushAction, PushOutcome, RemoteSearchService } from './service';
import { clearRefused, recordRefused } from './refusals';
import { maxActions, PushStopped, RemoteSearchError } from './service';

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

/** How a batch the service refuses for good (a 4xx) is retried before it is set aside. */
export interface RefusalPolicy {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** Five tries over about 15 s: a definition being fixed meanwhile lets the batch through. */
export const defaultRefusal: RefusalPolicy = {
  attempts: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 8_000,
};

/** One index's pushing: its own position, so a refused index holds none of the others back. */
interface Lane {
  readonly index: IndexDefinition;
  busy: boolean;
  again: boolean;
  running: Promise<void>;
  ensured: boolean;
  /** A view (`feeds`) pushed whole since this server took the lease (see wholePushed below). */
  wholePushed: boolean;
  lastFailure: string;
  /** The status of the last batch set aside this pass: the next refused the same way goes at once. */
  setAsideStatus: number | undefined;
}

/**
 * Feeds a remote search service from the change log (migration 0014): of all the servers with
 * SEARCH_URL set, the one holding the lease on the pusher's search_followers row pushes. Each
 * index is pushed on its own (a lane): its position in search_push_indexes (migration 0022)
 * moves only after its documents, read from the local tables by the logged keys
 * (mergeOrUpload for the keys still there, delete for the others), were sent, so a change is
 * pushed at least once whatever stops. A batch the service refuses for good (a 4xx) is
 * retried with back-off, then set aside (search_push_refused, the log, /metrics, /readyz),
 * and the lane goes on; items a 207 refuses are set aside at once. The follower row keeps the
 * least lane position (the log is trimmed up to it) and heartbeats while the service is away.
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
  private readonly lanes: readonly Lane[];
  private readonly refusal: RefusalPolicy;
  /** The log's version when last looked (metrics: the lag is this less pushedVersion). */
  seenVersion = 0;

  constructor(
    private readonly db: Db,
    private readonly service: RemoteSearchService,
    private readonly log: (message: string) => void = () => {},
    options: { readonly refusal?: RefusalPolicy } = {},
  ) {
    this.pusherId = pusherIdOf(service);
    this.refusal = options.refusal ?? defaultRefusal;
    this.lanes = pushedIndexes.map((index) => ({
      index,
      busy: false,
      again: false,
      running: Promise.resolve(),
      ensured: false,
      wholePushed: false,
      lastFailure: '',
      setAsideStatus: undefined,
    }));
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

  private failed(error: unknown, lane?: Lane): void {
    if (error instanceof PushStopped) return;
    const message = String(error);
    const last = lane === undefined ? this.lastFailure : lane.lastFailure;
    // Once per kind of failure, not every second while the service is away.
    if (message !== last) {
      this.log(
        `search push${lane === undefined ? '' : ` (${lane.index.name})`}: ${message} (retrying)`,
      );
    }
    if (lane === undefined) this.lastFailure = message;
    else lane.lastFailure = message;
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

  /**
   * One pass: the lease, then each lane not already running is started on the changes up to
   * the log's version (lanes run side by side: one backing off waits alone), and the follower
   * row takes the least lane position.
   */
  async pass(): Promise<void> {
    const applied = await this.lease();
    if (applied === undefined) {
      // Another server pushes: if this one takes over later, it starts with the views whole.
      for (const lane of this.lanes) lane.wholePushed = false;
      return;
    }
    const { version, prunedThrough } = await readVersion(this.db);
    this.seenVersion = version;
    // A lane without a row starts where the whole pusher was (a database from before 0022).
    await this.db.execute(sql`
      insert into search_push_indexes (service, index_name, applied)
      select ${this.service.url}, name, ${applied}
      from unnest(${keyList(this.lanes.map((l) => l.index.name))}) as name
      on conflict (service, index_name) do nothing`);
    for (const lane of this.lanes) this.runLane(lane, version, prunedThrough);
    await this.db.execute(sql`
      update search_followers set applied = greatest(applied, coalesce((
          select min(applied) from search_push_indexes where service = ${this.service.url}), 0)),
        heartbeat_at = now()
      where follower_id = ${this.pusherId} and leased_by = ${this.me}`);
    if (this.lastFailure !== '' && this.lanes.every((l) => l.lastFailure === '')) {
      this.log('search push: the service answers again');
      this.lastFailure = '';
    }
  }

  /** Starts a lane's pass unless one is running (it then runs again after). */
  private runLane(lane: Lane, version: number, prunedThrough: number): void {
    if (this.stopped) return;
    if (lane.busy) {
      lane.again = true;
      return;
    }
    lane.busy = true;
    lane.running = (async () => {
      try {
        await this.lanePass(lane, version, prunedThrough);
        if (lane.lastFailure !== '') {
          this.lastFailure = lane.lastFailure;
          lane.lastFailure = '';
        }
      } catch (error) {
        this.failed(error, lane);
      } finally {
        lane.busy = false;
      }
      // Changes logged while it ran: the next tick (or NOTIFY) starts it again.
      if (lane.again && !this.stopped) {
        lane.again = false;
        this.kick();
      }
    })();
  }

  /** A lane's pass: its changes after its position pushed, then its position moved. */
  private async lanePass(lane: Lane, version: number, prunedThrough: number): Promise<void> {
    const { index } = lane;
    if (!lane.ensured) {
      const ensured = await this.service.ensureIndex(index);
      if (ensured !== 'unchanged') {
        this.log(`search push: ${ensured} the index '${index.name}' on ${this.service.url}`);
      }
      lane.ensured = true;
    }
    const row = rowsOf(
      await this.db.execute(sql`
        select applied from search_push_indexes
        where service = ${this.service.url} and index_name = ${index.name}`),
    )[0];
    const applied = Number(row?.['applied'] ?? 0);
    const whole = index.readOnly === true && !lane.wholePushed;
    if (version <= applied && !whole) return;
    let keys: IndexChange;
    if (whole || version <= applied) keys = 'all';
    else if (prunedThrough > applied) {
      this.log(
        `search push: ${index.name}: behind the trimmed log (at ${applied}): pushing every document`,
      );
      keys = 'all';
    } else {
      keys =
        collect(
          rowsOf(
            await this.db.execute(sql`
              select index_name as "index", keys from search_changes
              where index_name = ${index.name} and version > ${applied} and version <= ${version}
              order by version`),
          ),
        ).get(index.name) ?? [];
    }
    lane.setAsideStatus = undefined;
    const context: PushContext = {
      stopped: () => this.stopped,
      send: (actions) => this.sendIsolated(lane, actions),
    };
    const pushed =
      keys === 'all'
        ? await pushAll(this.db, this.service, index, () => {}, context)
        : await pushKeys(this.db, this.service, index, keys, context);
    if (pushed.stopped) return;
    lane.wholePushed = true;
    // Only the lease holder moves a position (a pass overtaken by a lapse pushed twice: fine).
    await this.db.execute(sql`
      update search_push_indexes
      set applied = greatest(applied, ${version}), failures = 0, updated_at = now()
      where service = ${this.service.url} and index_name = ${index.name}
        and exists (select 1 from search_followers
          where follower_id = ${this.pusherId} and leased_by = ${this.me})`);
  }

  /**
   * One batch, isolated: accepted items clear their earlier refusals; items the service
   * refuses for good (a 207) are set aside at once; a batch refused whole (a 4xx) is tried
   * again after a doubling back-off, `refusal.attempts` times in all, then set aside, so the
   * lane goes on. Anything else (the service unreachable, 5xx past the retries) throws: the
   * lane keeps its position and tries again on the next tick.
   */
  private async sendIsolated(lane: Lane, actions: readonly PushAction[]): Promise<PushOutcome> {
    const { index } = lane;
    let delayMs = this.refusal.firstDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.service.push(index, actions);
        const refusedKeys = new Set(outcome.refused.map((r) => r.key));
        await clearRefused(
          this.db,
          this.service.url,
          index.name,
          actions.map((a) => String(a[index.key])).filter((k) => !refusedKeys.has(k)),
        );
        if (outcome.refused.length > 0) {
          await recordRefused(this.db, this.service.url, index.name, outcome.refused);
          const first = outcome.refused[0];
          this.log(
            `search push: ${index.name}: the service refused ${outcome.refused.length} of ${actions.length} documents (${first?.statusCode ?? ''} ${first?.errorMessage ?? ''}; keys ${[...refusedKeys].slice(0, 10).join(', ')}${refusedKeys.size > 10 ? ', …' : ''}): set aside`,
          );
        }
        if (attempt > 1) await this.recordFailures(index, 0, null);
        lane.setAsideStatus = undefined;
        return outcome;
      } catch (error) {
        if (!(error instanceof RemoteSearchError)) throw error;
        await this.recordFailures(index, attempt, error.message);
        const attempts = lane.setAsideStatus === error.status ? 1 : this.refusal.attempts;
        if (attempt >= attempts) {
          const refused = actions.map((a) => ({
            key: String(a[index.key]),
            statusCode: error.status,
            errorMessage: error.message,
          }));
          await recordRefused(this.db, this.service.url, index.name, refused);
          lane.setAsideStatus = error.status;
          await this.recordFailures(index, 0, null);
          this.log(
            `search push: ${index.name}: the service refused a batch of ${actions.length} documents ${attempt} times (${error.message}): set aside, the other documents go on`,
          );
          return { indexed: 0, refused };
        }
        if (attempt === 1) {
          this.log(
            `search push: ${index.name}: the service refused a batch of ${actions.length} documents (${error.message}): retrying with back-off`,
          );
        }
        await this.service.wait(delayMs);
        delayMs = Math.min(delayMs * 2, this.refusal.maxDelayMs);
      }
    }
  }

  private async recordFailures(
    index: IndexDefinition,
    failures: number,
    error: string | null,
  ): Promise<void> {
    await this.db.execute(sql`
      update search_push_indexes
      set failures = ${failures}, last_error = coalesce(${error}, last_error), updated_at = now()
      where service = ${this.service.url} and index_name = ${index.name}`);
  }

  /**
   * Stops at a batch boundary: no new pass or batch starts, a back-off wait ends now, a batch
   * in flight gets `graceMs` to be answered (then it is cut off; its position was not moved, so
   * it is sent again later), and the lease is given up.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.stopListening?.().catch(() => {});
    const cutOff = setTimeout(() => this.service.abort(), graceMs);
    this.service.abortWaits();
    await this.running;
    await Promise.all(this.lanes.map((lane) => lane.running));
    clearTimeout(cutOff);
    await this.db
      .execute(
        sql`update search_followers set leased_by = null, lease_until = null
          where follower_id = ${this.pusherId} and leased_by = ${this.me}`,
      )
      .catch(() => {});
  }
}

/** What the pusher lends pushAll and pushKeys: its stop flag and its isolated sending. */
export interface PushContext {
  /** True once the pusher stops: the push ends before its next batch. */
  readonly stopped: () => boolean;
  readonly send: (actions: readonly PushAction[]) => Promise<PushOutcome>;
}

interface Pushed {
  readonly upserted: number;
  readonly deleted: number;
  readonly refused: number;
  /** The pusher stopped before the last batch: the caller keeps its position. */
  readonly stopped: boolean;
}

const keyList = (keys: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

/** Sending without a pusher (`npm run search:reindex`): straight to the service, never stopped. */
const direct = (service: RemoteSearchService, index: IndexDefinition): PushContext => ({
  stopped: () => false,
  send: (actions) => service.push(index, actions),
});

/** The documents of these keys from the local table: mergeOrUpload those found, delete the rest. */
export async function pushKeys(
  db: Db,
  service: RemoteSearchService,
  index: IndexDefinition,
  keys: readonly string[],
  context: PushContext = direct(service, index),
): Promise<Pushed> {
  let upserted = 0;
  let deleted = 0;
  let refused = 0;
  for (let i = 0; i < keys.length; i += maxActions) {
    if (context.stopped()) return { upserted, deleted, refused, stopped: true };
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
    const outcome = await context.send(actions);
    upserted += rows.length;
    deleted += slice.length - rows.length;
    refused += outcome.refused.length;
  }
  return { upserted, deleted, refused, stopped: false };
}

/**
 * Every document of the local table, in key order, 1,000 a batch. Documents only the service
 * has stay there unless `prune` (always for a view, `feeds`, a hundred or so documents; for
 * `npm run search:reindex` when the service keeps its index rather than delete it): the
 * service's keys are then read back and those the table no longer has are deleted, so a whole
 * push leaves the service exactly as the table.
 */
export async function pushAll(
  db: Db,
  service: RemoteSearchService,
  index: IndexDefinition,
  progress: (done: number, total: number) => void = () => {},
  context: PushContext = direct(service, index),
  prune = index.readOnly === true,
): Promise<Pushed & { readonly refusedKeys: readonly string[] }> {
  const total = Number(
    rowsOf(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(index.table)}`),
    )[0]?.['n'] ?? 0,
  );
  const key = sql.identifier(index.key);
  let after: string | undefined;
  let upserted = 0;
  const refusedKeys: string[] = [];
  const local = new Set<string>();
  for (;;) {
    if (context.stopped()) {
      return { upserted, deleted: 0, refused: refusedKeys.length, refusedKeys, stopped: true };
    }
    const rows = rowsOf(
      await db.execute(sql`
        select ${selectList(index.fields)} from ${sql.identifier(index.table)}
        ${after === undefined ? sql.empty() : sql`where ${key} collate "C" > ${after}`}
        order by ${key} collate "C" limit ${maxActions}`),
    );
    if (rows.length === 0) break;
    const outcome = await context.send(rows.map((row) => upload(index, row)));
    upserted += rows.length;
    for (const r of outcome.refused) refusedKeys.push(r.key);
    progress(upserted, total);
    after = String(rows[rows.length - 1]?.[index.key]);
    if (prune) for (const row of rows) local.add(String(row[index.key]));
  }
  if (!prune)
    return { upserted, deleted: 0, refused: refusedKeys.length, refusedKeys, stopped: false };
  const gone = (await service.keys(index)).filter((key) => !local.has(key));
  for (let i = 0; i < gone.length; i += maxActions) {
    if (context.stopped()) {
      return { upserted, deleted: i, refused: refusedKeys.length, refusedKeys, stopped: true };
    }
    const outcome = await context.send(
      gone
        .slice(i, i + maxActions)
        .map((key): PushAction => ({ '@search.action': 'delete', [index.key]: key })),
    );
    for (const r of outcome.refused) refusedKeys.push(r.key);
  }
  return {
    upserted,
    deleted: gone.length,
    refused: refusedKeys.length,
    refusedKeys,
    stopped: false,
  };
}

const upload = (index: IndexDefinition, row: Record<string, unknown>): PushAction => ({
  '@search.action': 'mergeOrUpload',
  ...documentOf(row, index.fields),
});

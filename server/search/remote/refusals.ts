import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { PushOutcome } from './service';

/**
 * Documents a remote search service refused for good, set aside by the pusher or
 * `npm run search:reindex` (search_push_refused, migration 0022): kept in the database so every
 * server's /metrics and /readyz show them, whichever server pushed.
 */

const keyList = (keys: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;

/** Records refused documents with the service's status and message (the latest kept). */
export async function recordRefused(
  db: Db,
  service: string,
  index: string,
  refused: PushOutcome['refused'],
): Promise<void> {
  if (refused.length === 0) return;
  await db.execute(sql`
    insert into search_push_refused (service, index_name, doc_key, status_code, error)
    select ${service}, ${index}, r.key, r.status, r.error
    from jsonb_to_recordset(${JSON.stringify(
      refused.map((r) => ({
        key: r.key,
        status: r.statusCode,
        error: r.errorMessage.slice(0, 1000),
      })),
    )}::jsonb) as r(key text, status int, error text)
    on conflict (service, index_name, doc_key) do update
      set status_code = excluded.status_code, error = excluded.error, refused_at = now()`);
}

/** Keys the service took (or every key of the index: a rebuild): their refusals are over. */
export async function clearRefused(
  db: Db,
  service: string,
  index: string,
  keys: readonly string[] | 'all',
): Promise<void> {
  if (keys !== 'all' && keys.length === 0) return;
  await db.execute(sql`
    delete from search_push_refused
    where service = ${service} and index_name = ${index}
      ${keys === 'all' ? sql.empty() : sql`and doc_key = any(${keyList(keys)})`}`);
}

/** How pushing to one service stands, per index (/metrics, /readyz). */
export interface PushIndexStatus {
  readonly index: string;
  /** Change-log entries this index has not pushed yet. */
  readonly lag: number;
  /** Consecutive refusals of the batch being retried (0: none). */
  readonly failures: number;
  /** Documents set aside, by the service's status code. */
  readonly refused: Readonly<Record<string, number>>;
}

/**
 * Where a pusher whose heartbeat is this recent counts as current: a SEARCH_URL no server has
 * pushed to for longer (the configuration moved on) leaves /metrics.
 */
export const currentPusherSeconds = 600;

/** Every current service's per-index status (services keyed by URL). */
export async function pushStatus(db: Db): Promise<Map<string, PushIndexStatus[]>> {
  const rows = rowsOf(
    await db.execute(sql`
      select i.service, i.index_name as "index", greatest(v.version - i.applied, 0) as lag,
        i.failures,
        coalesce((select jsonb_object_agg(s.status_code::text, s.n) from (
          select r.status_code, count(*)::int as n from search_push_refused r
          where r.service = i.service and r.index_name = i.index_name
          group by r.status_code) s), '{}'::jsonb) as refused
      from search_push_indexes i
      join search_followers f on f.follower_id = 'push:' || i.service
      cross join search_change_version v
      where f.heartbeat_at >= now() - make_interval(secs => ${currentPusherSeconds})
      order by i.service, i.index_name`),
  );
  const byService = new Map<string, PushIndexStatus[]>();
  for (const row of rows) {
    const service = String(row['service']);
    const refusedValue = row['refused'];
    const refused =
      typeof refusedValue === 'string'
        ? (JSON.parse(refusedValue) as Record<string, number>)
        : ((refusedValue ?? {}) as Record<string, number>);
    const list = byService.get(service) ?? [];
    list.push({
      index: String(row['index']),
      lag: Number(row['lag']),
      failures: Number(row['failures']),
      refused,
    });
    byService.set(service, list);
  }
  return byService;
}

/** /readyz's word on pushing to the configured service (no URL, key or error text). */
export interface PushReadiness {
  /** `pushing`: all well; `retrying`: a batch is being refused; `set-aside`: documents were. */
  readonly state: 'pushing' | 'retrying' | 'set-aside';
  readonly indexes: Readonly<
    Record<string, { readonly lag: number; readonly refusals: number; readonly setAside: number }>
  >;
}

/** How pushing to `service` stands (undefined until a pusher has recorded anything). */
export async function pushReadiness(db: Db, service: string): Promise<PushReadiness | undefined> {
  const statuses = (await pushStatus(db)).get(service);
  if (statuses === undefined) return undefined;
  const indexes = Object.fromEntries(
    statuses.map((s) => [
      s.index,
      {
        lag: s.lag,
        refusals: s.failures,
        setAside: Object.values(s.refused).reduce((a, b) => a + b, 0),
      },
    ]),
  );
  const all = Object.values(indexes);
  const state = all.some((i) => i.refusals > 0)
    ? 'retrying'
    : all.some((i) => i.setAside > 0)
      ? 'set-aside'
      : 'pushing';
  return { state, indexes };
}

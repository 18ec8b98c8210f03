/**
 * The validate and commit calls over real HTTP at activity scale (issue 6): an in-process server
 * (buildApp, PGlite in memory, or PostgreSQL with DATABASE_URL) holding an activity of
 * ENTRIES_HTTP_LOCATIONS places × ENTRIES_HTTP_DAYS days of committed case entries and Daily
 * Totals; then POST …/reports/false/validate with one case entry per place, and commits of one
 * case entry per place on successive days. Reports p50 / p95 in milliseconds.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { createTestIdentity } from '../support/test-identity';
import { startTestServer } from '../support/test-server';

const countryId = 6251999;
const firstPlace = 90_000_000;
const start = '2024-01-01';

export interface EntriesHttpResult {
  readonly locations: number;
  readonly days: number;
  readonly backend: 'pglite' | 'postgres';
  readonly loadSeconds: number;
  /** The machine's 1-minute load average before and after the timed calls (it is shared). */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly validate: { readonly p50: number; readonly p95: number; readonly runs: number };
  /** GET …/reports/committedTimeline (gzip), and the 304 re-read of an unchanged activity. */
  readonly timeline: { readonly p50: number; readonly notModifiedP50: number; readonly mb: number };
  readonly commit: { readonly p50: number; readonly p95: number; readonly runs: number };
}

/** One committed collection per day; per place and day a case entry and its Daily Total. */
export async function insertHistory(db: Db, locations: number, days: number): Promise<number> {
  await insertLookupFixtures(db);
  await db.execute(sql`
    insert into locations (id, name, location_type, country_id, population, display_name)
    values (${countryId}, 'Canada', 6, ${countryId}, 0, 'Canada')`);
  await db.execute(sql`
    insert into locations (id, name, location_type, parent_id, country_id, population, display_name)
    select ${firstPlace} + i, 'Place ' || i, 2, ${countryId}, ${countryId}, 1000, 'Place ' || i
    from generate_series(0, ${locations - 1}) as i`);
  const [activity] = await db
    .insert(t.diseaseActivities)
    .values({ diseaseId: 1, countryId, speciesId: 1 })
    .returning({ id: t.diseaseActivities.diseaseActivityId });
  if (activity === undefined) throw new Error('no activity');
  const id = activity.id;
  await db.execute(sql`
    insert into disease_activity_countries (disease_activity_id, country_id, risk_model_id, total_count_start_date, allowed_days_gap)
    values (${id}, ${countryId}, 1, ${start}, 14)`);
  await db.execute(sql`
    insert into reporting_periods (disease_activity_id, start_date, reporting_period_type)
    values (${id}, ${start}, 'NewOutbreak')`);
  await db.execute(sql`
    insert into report_collections (disease_activity_id, country_id, commit_date)
    select ${id}, ${countryId}, (${start}::date + d) + time '12:00'
    from generate_series(0, ${days - 1}) as d`);
  // Reported new cases 1 a day: cumulative = day number + 1.
  for (const type of [0, 4]) {
    await db.execute(sql`
      insert into reports (report_collection_id, disease_activity_id, location_id, type, reported_on,
        report_status, user_entries_count, reported_cumulative, reported_new_cases, reported_user_entered)
      select c.id, ${id}, ${firstPlace} + i, ${type}, (c.commit_date at time zone 'UTC')::date, 2, 1,
        ((c.commit_date at time zone 'UTC')::date - ${start}::date) + 1, 1,
        ${type === 0 ? 'newCases' : null}
      from report_collections c, generate_series(0, ${locations - 1}) as i
      where c.disease_activity_id = ${id}`);
  }
  await db.execute(sql`select activity_summaries_refresh(array[${id}]::int[])`);
  return id;
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function benchEntriesHttp(
  // 200 by default: at 1,000 × 365 the load alone takes minutes on PGlite (set it to measure).
  locations = Number(process.env['ENTRIES_HTTP_LOCATIONS'] ?? 200),
  days = Number(process.env['ENTRIES_HTTP_DAYS'] ?? 365),
): Promise<EntriesHttpResult> {
  const backend = process.env['DATABASE_URL'] ? 'postgres' : 'pglite';
  const issuer = await createTestIdentity();
  let activityId = 0;
  const t0 = performance.now();
  const server = await startTestServer({
    backend,
    identity: issuer.identity,
    prepare: async (db) => {
      activityId = await insertHistory(db, locations, days);
    },
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  const token = await issuer.token({
    sub: 'bench',
    givenName: 'Bench',
    familyName: 'Analyst',
    expiresIn: 4 * 3600,
  });
  const base = `${server.baseUrl}/api/diseaseactivities/${activityId}/countries/${countryId}`;
  const call = async (method: string, path: string, body: unknown, etag?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(etag === undefined ? {} : { 'if-match': etag }),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300)
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return res;
  };
  const entriesOn = (day: string) => ({
    cases: Array.from({ length: locations }, (_, i) => ({
      locationId: firstPlace + i,
      reportedOn: day,
      reportedCases: { newCases: 1, userEntered: 'newCases' },
    })),
  });
  try {
    const lastDay = addDays(start, days - 1);
    const loadBefore = loadavg()[0] ?? 0;
    const read: number[] = [];
    const notModified: number[] = [];
    let timelineEtag = '';
    let mb = 0;
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/reports/committedTimeline`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      });
      mb = (await res.text()).length / 2 ** 20;
      if (i >= 1) read.push(performance.now() - t);
      timelineEtag = res.headers.get('etag') ?? '';
      const t2 = performance.now();
      const again = await fetch(`${base}/reports/committedTimeline`, {
        headers: { authorization: `Bearer ${token}`, 'if-none-match': timelineEtag },
      });
      if (again.status !== 304) throw new Error(`committedTimeline re-read: ${again.status}`);
      notModified.push(performance.now() - t2);
    }
    const validate: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      await call('POST', '/reports/false/validate', entriesOn(addDays(lastDay, 1)));
      if (i >= 2) validate.push(performance.now() - t);
    }
    const commit: number[] = [];
    let etag =
      (
        await fetch(`${base}/numDays/5`, { headers: { authorization: `Bearer ${token}` } })
      ).headers.get('etag') ?? '';
    for (let i = 0; i < 11; i++) {
      const t = performance.now();
      const res = await call(
        'POST',
        '/reports/propagate',
        { commitChanges: true, ...entriesOn(addDays(lastDay, i + 1)) },
        etag,
      );
      if (i >= 1) commit.push(performance.now() - t);
      etag = res.headers.get('etag') ?? '';
    }
    return {
      locations,
      days,
      backend,
      loadSeconds,
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
      timeline: { p50: quantile(read, 0.5), notModifiedP50: quantile(notModified, 0.5), mb },
      validate: {
        p50: quantile(validate, 0.5),
        p95: quantile(validate, 0.95),
        runs: validate.length,
      },
      commit: { p50: quantile(commit, 0.5), p95: quantile(commit, 0.95), runs: commit.length },
    };
  } finally {
    await server.close();
  }
}

if (process.argv[1]?.endsWith('entries-http.ts')) {
  const r = await benchEntriesHttp();
  console.log(
    `${r.backend}, ${r.locations} places × ${r.days} days (loaded in ${r.loadSeconds.toFixed(0)} s): validate p50 ${r.validate.p50.toFixed(0)} ms p95 ${r.validate.p95.toFixed(0)} ms (${r.validate.runs} runs); commit p50 ${r.commit.p50.toFixed(0)} ms p95 ${r.commit.p95.toFixed(0)} ms (${r.commit.runs} runs); committedTimeline (${r.timeline.mb.toFixed(1)} MB JSON) p50 ${r.timeline.p50.toFixed(0)} ms, 304 re-read p50 ${r.timeline.notModifiedP50.toFixed(1)} ms; load average ${r.loadAverage.before.toFixed(1)} -> ${r.loadAverage.after.toFixed(1)}`,
  );
}

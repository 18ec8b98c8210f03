import { describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const DAY = 86_400_000;
/** A UTC day relative to today, as the test computes it (not the code under test). */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/**
 * GET /api/diseaseactivities/newCases (issue 19): new cases per day per activity for the map and
 * the index's sparklines, the day-to-day change of the activity's cumulative by the one rule
 * (issue 31: the larger of the country's own and its places' sum), in one call; the
 * query validated (400 with the problem), the bearer token checked (401).
 */
describe.each(backends)('New cases per day on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, anonymous } = api;
  let prepared = false;

  /** Entries of the fixture activity dated around today: what counts and what must not. */
  async function prepare() {
    if (prepared) return;
    prepared = true;
    const db = api.server.db;
    const { activityId, place, periodId } = api.fx;
    const [committed, saved] = await db
      .insert(t.reportCollections)
      .values([
        { diseaseActivityId: activityId, countryId: place.canada, commitDate: new Date() },
        { diseaseActivityId: activityId, countryId: place.canada, commitDate: null },
      ])
      .returning({ id: t.reportCollections.id });
    if (committed === undefined || saved === undefined) throw new Error('no collections');
    // Cumulatives, as committed Daily Totals carry them; the fixture's Toronto already stands
    // at 20 (2024-01-10), so the country's figure is 20 before these.
    const total = (collection: number, locationId: number, day: string, cumulative: number) => ({
      diseaseActivityId: activityId,
      reportCollectionId: collection,
      locationId,
      type: 4,
      reportedOn: day,
      reportStatus: collection === saved.id ? 1 : 2,
      reportingPeriodId: periodId,
      reportedCumulative: cumulative,
      // Deliberately not the change in cumulative: new cases are read from the cumulatives.
      reportedNewCases: 1,
    });
    await db.insert(t.reports).values([
      total(committed.id, place.canada, daysAgo(2), 43),
      total(committed.id, place.canada, daysAgo(1), 46),
      total(committed.id, place.canada, daysAgo(10), 38),
      // Outside a 30-day window: 20 → 31.
      total(committed.id, place.canada, daysAgo(40), 31),
      // A city's Daily Total below the country's own: the country's already includes it.
      total(committed.id, place.toronto, daysAgo(1), 30),
      // Not committed.
      total(saved.id, place.canada, daysAgo(0), 500),
    ]);
  }

  const expected30 = () => {
    const s = new Array<number>(30).fill(0);
    s[29 - 2] = 5;
    s[29 - 1] = 3;
    s[29 - 10] = 7;
    return s;
  };

  it('answers a page of activities in one call, zeros for days without entries', async () => {
    await prepare();
    const { activityId, lockedActivityId } = api.fx;
    const res = await amara(
      'GET',
      `/api/diseaseactivities/newCases?days=30&ids=${activityId},${lockedActivityId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: daysAgo(29),
      to: daysAgo(0),
      series: [
        { diseaseActivityId: activityId, newCases: expected30() },
        { diseaseActivityId: lockedActivityId, newCases: new Array<number>(30).fill(0) },
      ].sort((a, b) => a.diseaseActivityId - b.diseaseActivityId),
    });
  });

  it('without ids lists every activity with entries in the window; days sets the window', async () => {
    await prepare();
    const res = await amara('GET', '/api/diseaseactivities/newCases?days=60');
    expect(res.status).toBe(200);
    const body = res.body as { from: string; series: { newCases: number[] }[] };
    expect(body.from).toBe(daysAgo(59));
    expect(body.series).toHaveLength(1);
    expect(body.series[0]?.newCases.reduce((a, b) => a + b, 0)).toBe(5 + 3 + 7 + 11);
    const week = await amara('GET', '/api/diseaseactivities/newCases?days=7');
    expect((week.body as { series: { newCases: number[] }[] }).series[0]?.newCases).toEqual([
      0, 0, 0, 0, 5, 3, 0,
    ]);
  });

  it.each([
    ['days=0', 'days'],
    ['days=366', 'days'],
    ['days=abc', 'days'],
    ['ids=1,x', 'ids'],
    ['ids=', 'ids'],
    [`ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, 'ids'],
  ])('refuses %s with a 400 naming the parameter', async (query, name) => {
    const res = await amara('GET', `/api/diseaseactivities/newCases?${query}`);
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: string[] }).errors;
    expect(errors.join(' ')).toContain(name);
  });

  it('refuses a request without a valid bearer token', async () => {
    const res = await anonymous('GET', '/api/diseaseactivities/newCases');
    expect(res.status).toBe(401);
  });
});

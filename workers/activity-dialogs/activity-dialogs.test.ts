import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { curveSeries } from '@domain/entries/epi-curve';
import { messages } from '@domain/messages';
import { insertEntriesFixtures, type EntriesFixtures } from '../../tests/api/entries-fixtures';
import { startFixtureServer, type TestServer } from '../../tests/support/test-server';
import { createEngine } from '../engine';
import type { EngineApi } from '../engine-contract';

/**
 * The dialogs' engine calls against the REAL server (buildApp on PGlite over HTTP, a signed
 * bearer token, the entries fixtures): the overview write and its stale and refused answers,
 * an entry's audit history, nesting, a description report, and a failed article link, each
 * with the alert spec 000 §8 / 001 §8 asks for (or none).
 */

let server: TestServer;
let fx: EntriesFixtures;
let engine: EngineApi;
const alerts: string[] = [];
let token = '';

beforeAll(async () => {
  const started = await startFixtureServer('pglite', insertEntriesFixtures);
  server = started.server;
  fx = started.fx;
  token = await started.issuer.token({
    sub: 'amara',
    givenName: 'Amara',
    familyName: 'Okafor',
    email: 'amara@ist.example',
  });
  engine = createEngine();
  await engine.init(
    { apiUrl: `${server.baseUrl}/api` },
    { onUnauthorized: vi.fn(), onApiError: (text) => void alerts.push(text) },
  );
  await engine.setAccessToken(token);
});
afterAll(() => server.close());

const key = () => ({ diseaseActivityId: fx.activityId, countryId: fx.place.canada });

/** The activity's version now (its ETag), as the details screen would hold it. */
async function currentVersion(): Promise<number> {
  const res = await fetch(
    `${server.baseUrl}/api/diseaseactivities/${fx.activityId}/countries/${fx.place.canada}/numDays/5`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return Number((res.headers.get('etag') ?? '').replaceAll('"', ''));
}
const overview = {
  riskModelId: 1,
  publiclyVisible: false,
  daysNeededForUpdate: 30,
  allowedDaysGap: 7,
  notes: 'Weekly figures.',
};

describe('activity dialogs in the engine (real server)', () => {
  it('saves the overview, then answers stale for the old version and refused for bad fields', async () => {
    alerts.length = 0;
    const version = await currentVersion();
    const saved = await engine.updateActivityOverview(key(), version, overview);
    expect(saved.status).toBe('saved');
    if (saved.status !== 'saved') return;
    expect(saved.value.activity.countryDetails).toMatchObject(overview);
    expect(saved.value.version).toBeGreaterThan(version);

    const stale = await engine.updateActivityOverview(key(), version, overview);
    expect(stale).toEqual({ status: 'stale', message: messages.staleVersion });

    const refused = await engine.updateActivityOverview(key(), saved.value.version, {
      ...overview,
      daysNeededForUpdate: 0,
    });
    expect(refused).toEqual({ status: 'refused', errors: [messages.daysNeededForUpdateMin] });
    expect(alerts).toEqual([]);
  });

  it("links an article to a committed entry, then answers that entry's audit rows only", async () => {
    alerts.length = 0;
    const linked = await engine.linkArticlesToReports({
      cases: [{ reportId: fx.linkedCaseId, articleIds: [fx.article] }],
    });
    expect(linked).toEqual({
      status: 'linked',
      value: { reports: [{ reportId: fx.linkedCaseId, articleIds: [fx.article] }] },
    });
    const rows = await engine.getEntryHistory(fx.activityId, fx.linkedCaseId);
    expect(rows.map((r) => [r.entity, r.entityId, r.action, r.userName])).toEqual([
      ['report', String(fx.linkedCaseId), 'link', 'Amara Okafor'],
    ]);
    // The overview edit above is the activity's, not this entry's.
    expect(await engine.getEntryHistory(fx.activityId, 999_999)).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it("answers the curve data: every committed Daily Total, drawn as the country's curve", async () => {
    const data = await engine.getActivityCurveData(key());
    expect(
      data.totals.map((t) => [t.locationId, t.reportedOn, t.cumulative.reportedCases]),
    ).toEqual(
      expect.arrayContaining([
        [fx.place.toronto, '2024-01-05', 10],
        [fx.place.toronto, '2024-01-10', 20],
      ]),
    );
    const series = curveSeries(fx.place.canada, data.places, data.totals, data.periods);
    expect(series.cumulative.reportedCases).toEqual([10, 20]);
    expect(series.newCases.reportedCases).toEqual([10, 10]);
  });

  it('answers the nesting of the country on a day', async () => {
    const answer = await engine.getNesting(key(), fx.place.canada, '2024-01-10');
    expect(answer.nesting.locationName).toBe('Canada');
    expect(answer.nesting.cumulativeCases.reportedCases).toBe(20);
    expect(answer.nesting.isNestingEntry).toBe(true);
  });

  it('rejects an unknown description report (404: logged, no alert; the dialog shows it)', async () => {
    alerts.length = 0;
    await expect(engine.getDescriptionReport(key(), 999_999)).rejects.toMatchObject({
      _tag: 'ApiError',
      status: 404,
    });
    expect(alerts).toEqual([]);
  });

  it('answers a failed link with its message and no IST Error alert', async () => {
    alerts.length = 0;
    const result = await engine.linkArticlesToReports({
      cases: [{ reportId: 999_999, articleIds: [fx.article] }],
    });
    expect(result).toEqual({ status: 'failed', message: messages.reportNotFound(999_999) });
    expect(alerts).toEqual([]);
  });
});

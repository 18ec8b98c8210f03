import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { ActivityDetailJson, SaveAnswerJson } from '@domain/entries/entries-api';
import { AutoSurveillanceReview, EntryType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeDetail = Schema.decodeUnknownSync(ActivityDetailJson, strict);
const decodeSave = Schema.decodeUnknownSync(SaveAnswerJson, strict);

describe.each(backends)('Auto-surveillance ingestion on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, anonymous } = api;

  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const detail = async () => {
    const res = await amara('GET', `${base()}/numDays/5`);
    return { detail: decodeDetail(res.body), etag: res.headers.get('etag') ?? '' };
  };
  const ingest = (json: unknown, headers: Record<string, string> = {}, api = amara) =>
    api('POST', `${base()}/autoSurveillance`, { json, headers });
  const delivery = (caseId: string, reported: number, reportedOn = '2024-01-12') => ({
    sourceId: 'AS-CA-1',
    cases: [
      {
        locationId: api.fx.place.toronto,
        reportedOn,
        autoSurveillanceCaseId: caseId,
        reportedCases: reported,
        deaths: 1,
      },
    ],
  });

  it('stores a delivery as saved auto-surveillance entries that lock manual entry', async () => {
    const before = await detail();
    expect(before.detail.readOnly).toBe(false);
    const res = await ingest(delivery('ASC-100', 26));
    expect(res.status).toBe(201);
    const saved = decodeSave(res.body);
    expect(saved.committed).toBe(false);
    expect(res.headers.get('etag')).toBe(`"${saved.version}"`);

    const after = await detail();
    expect(after.detail.version).toBe(saved.version);
    expect(after.detail.readOnly).toBe(true);
    // Dated in 2024, past the auto-commit window: an analyst must commit it.
    expect(after.detail.asReviewStatus).toBe(AutoSurveillanceReview.AutoCommitFailed);
    expect(after.detail.reports.find((r) => r.id === saved.reportIds.cases[0])).toMatchObject({
      type: EntryType.AUTO_SURVEILLANCE,
      reportStatus: ReportStatus.Saved,
      sourceId: 'AS-CA-1',
      autoSurveillanceCaseId: 'ASC-100',
      reportedCases: { cumulative: 26, newCases: 6, userEntered: 'cumulative' },
    });

    // Manual entries are refused with the banner's words while it waits.
    const manual = await amara('POST', `${base()}/reports/propagate`, {
      json: {
        cases: [
          {
            locationId: api.fx.place.toronto,
            reportedOn: '2024-01-13',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      },
      headers: { 'if-match': after.etag },
    });
    expect(manual.status).toBe(400);
    expect((manual.body as { errors: string[] }).errors).toContain(
      messages.pendingAutoSurveillanceBanner,
    );

    // An analyst commits the collection: the lock lifts and the Daily Total is written.
    const commit = await amara('PUT', `${base()}/reports/${saved.reportCollectionId}/propagate`, {
      json: { commitChanges: true, warningsAccepted: true },
      headers: { 'if-match': after.etag },
    });
    expect(commit.status).toBe(200);
    const committed = decodeSave(commit.body);
    expect(committed.processedReportIds).toHaveLength(1);
    const unlocked = await detail();
    expect(unlocked.detail.readOnly).toBe(false);
    expect(
      unlocked.detail.reports.find((r) => r.id === committed.processedReportIds[0]),
    ).toMatchObject({
      type: EntryType.PROCESSED,
      reportedCases: { cumulative: 26, newCases: 6 },
      autoSurveillanceCaseId: 'ASC-100',
    });
  });

  it('a case id already received is 409; repeated in one delivery is 400', async () => {
    expect(await ingest(delivery('ASC-100', 30, '2024-01-14'))).toMatchObject({
      status: 409,
      body: { errors: [messages.autoSurveillanceCaseExists('ASC-100')] },
    });
    const twice = delivery('ASC-200', 30, '2024-01-14');
    expect(await ingest({ ...twice, cases: [...twice.cases, ...twice.cases] })).toMatchObject({
      status: 400,
      body: { errors: [messages.autoSurveillanceCaseRepeated('ASC-200')] },
    });
  });

  it('re-validates like any save: errors in the spec words, nothing written', async () => {
    const { detail: d } = await detail();
    const bad = await ingest({
      sourceId: 'AS-CA-1',
      cases: [
        {
          locationId: api.fx.place.toronto,
          reportedOn: '2024-01-15',
          autoSurveillanceCaseId: 'ASC-300',
          reportedCases: 5,
          deaths: 9,
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: string[] }).errors).toContain(messages.deathsAboveReported);
    // A sourced entry must change some cumulative figure.
    const same = await ingest(delivery('ASC-301', 26, '2024-01-15'));
    expect(same.status).toBe(400);
    expect((same.body as { errors: string[] }).errors).toContain(messages.sourcedEntryUnchanged);
    const outside = await ingest({
      sourceId: 'AS-CA-1',
      cases: [
        {
          locationId: api.fx.place.paris,
          reportedOn: '2024-01-15',
          autoSurveillanceCaseId: 'ASC-302',
          reportedCases: 40,
        },
      ],
    });
    expect((outside.body as { errors: string[] }).errors).toContain(messages.locationNotInActivity);
    expect((await detail()).detail.version).toBe(d.version);
  });

  it('400 for a body of the wrong shape, 412 for a stale If-Match, 404, 401', async () => {
    for (const body of [
      {},
      { sourceId: 'AS', cases: [] },
      { sourceId: '', cases: delivery('x', 1).cases },
      { sourceId: 'AS', cases: [{ locationId: api.fx.place.toronto, reportedOn: '2024-13-01' }] },
    ]) {
      expect((await ingest(body)).status).toBe(400);
    }
    const stale = await ingest(delivery('ASC-400', 40, '2024-01-16'), { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect((stale.body as { errors: string[] }).errors).toEqual([messages.staleVersion]);
    const { etag } = await detail();
    expect((await ingest(delivery('ASC-400', 40, '2024-01-16'), { 'if-match': etag })).status).toBe(
      201,
    );
    expect(
      (
        await amara(
          'POST',
          `/api/diseaseactivities/999999/countries/${api.fx.place.canada}/autoSurveillance`,
          {
            json: delivery('ASC-500', 50),
          },
        )
      ).status,
    ).toBe(404);
    expect((await ingest(delivery('ASC-600', 60), {}, anonymous)).status).toBe(401);
  });
});

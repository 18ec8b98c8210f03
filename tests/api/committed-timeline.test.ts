import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { CommittedTimelineJson, decodeCommittedTimeline } from '@domain/entries/committed-timeline';
import { ActivityDetailJson, SaveAnswerJson } from '@domain/entries/entries-api';
import { EntryType } from '@domain/enums';
import { committedArithmeticRows } from '@server/db/repositories/entries-read';
import { sourceOfRow } from '@server/db/repositories/entries-submission';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeTimeline = Schema.decodeUnknownSync(CommittedTimelineJson, strict);
const decodeDetail = Schema.decodeUnknownSync(ActivityDetailJson);
const decodeSave = Schema.decodeUnknownSync(SaveAnswerJson);

/**
 * GET …/countries/{countryId}/reports/committedTimeline (issue 6: the worker runs the entries
 * rules itself): the committed history as columns, its ETag the activity's version, 304 for a
 * re-read of an unchanged activity, 401 without a token, 404 for an unknown activity.
 */
describe.each(backends)('Committed timeline on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, anonymous } = api;

  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const path = () => `${base()}/reports/committedTimeline`;

  it('answers the committed entries the rules walk, with the periods and the ETag of the detail', async () => {
    const detail = await amara('GET', `${base()}/numDays/5`);
    const res = await amara('GET', path());
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(detail.headers.get('etag'));
    const json = decodeTimeline(res.body);
    expect(json.version).toBe(decodeDetail(detail.body).version);
    expect(json.periods).toEqual([{ startDate: '2024-01-01', endDate: null }]);
    // Period entry, then Toronto's two case entries and their Daily Totals, in id order.
    const entries = decodeCommittedTimeline(json);
    expect(entries.map((e) => [e.type, e.locationId, e.reportedOn])).toEqual([
      [EntryType.NEW_REPORTING_PERIOD, api.fx.place.canada, '2024-01-01'],
      [EntryType.CASE_DATA, api.fx.place.toronto, '2024-01-05'],
      [EntryType.PROCESSED, api.fx.place.toronto, '2024-01-05'],
      [EntryType.CASE_DATA, api.fx.place.toronto, '2024-01-10'],
      [EntryType.PROCESSED, api.fx.place.toronto, '2024-01-10'],
    ]);
    expect(entries[3]?.counts?.reportedCases).toMatchObject({ cumulative: 20 });
    expect(entries[3]?.counts?.deaths).toMatchObject({ cumulative: 1 });
    expect(entries[0]?.counts).toBeNull();
    // No entry of the other activity (the locked one's auto-surveillance entry).
    expect(entries.some((e) => e.autoSurveillanceCaseId === 'ASC-1')).toBe(false);
  });

  it('answers, entry for entry, what the check of the server reads (committedArithmeticRows, sourceOfRow)', async () => {
    const res = await amara('GET', path());
    const rows = await committedArithmeticRows(api.server.db, api.fx.activityId);
    expect(rows.length).toBeGreaterThan(0);
    // Articles aside: the timeline sends none (see src/domain/entries/committed-timeline.ts).
    expect(decodeCommittedTimeline(decodeTimeline(res.body))).toEqual(
      // toEqual passes over a property that is undefined.
      rows.map((r) => ({ ...sourceOfRow(r, []), articles: undefined })),
    );
  });

  it('answers 304 to a re-read naming the current version, 200 once a commit moved it on', async () => {
    const first = await amara('GET', path());
    const etag = first.headers.get('etag') ?? '';
    const again = await amara('GET', path(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);

    const saved = await amara('POST', `${base()}/reports/propagate?propagate=false`, {
      headers: { 'if-match': etag },
      json: {
        commitChanges: true,
        cases: [
          {
            locationId: api.fx.place.toronto,
            reportedOn: '2024-01-12',
            reportedCases: { newCases: 5, userEntered: 'newCases' },
          },
        ],
      },
    });
    expect(saved.status).toBe(201);
    const version = decodeSave(saved.body).version;
    const moved = await amara('GET', path(), { headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).toBe(`"${version}"`);
    const entries = decodeCommittedTimeline(decodeTimeline(moved.body));
    expect(
      entries
        .filter((e) => e.reportedOn === '2024-01-12')
        .map((e) => [e.type, e.counts?.reportedCases.cumulative]),
    ).toEqual([
      [EntryType.CASE_DATA, 25],
      [EntryType.PROCESSED, 25],
    ]);
  });

  it('401 without a token, 404 for an unknown activity or a country not its own', async () => {
    expect((await anonymous('GET', path())).status).toBe(401);
    const unknown = await amara(
      'GET',
      `/api/diseaseactivities/999999/countries/${api.fx.place.canada}/reports/committedTimeline`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ errors: [expect.stringContaining('999999')] });
    const wrongCountry = await amara(
      'GET',
      `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.paris}/reports/committedTimeline`,
    );
    expect(wrongCountry.status).toBe(404);
  });
});

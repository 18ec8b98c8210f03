import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { NestingAnswerJson } from '@domain/entries/entries-api';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const decodeNesting = Schema.decodeUnknownSync(NestingAnswerJson, {
  onExcessProperty: 'error',
});

const figures = (reported: number | null, deaths: number | null) => ({
  reportedCases: reported,
  suspectedCases: null,
  confirmedCases: null,
  deaths,
});
const none = figures(null, null);

describe.each(backends)('Nested reports API on %s', (backend) => {
  const entries = useEntriesServer(backend);
  const { amara, anonymous } = entries;

  const nesting = (
    locationId: number,
    day: string,
    api = amara,
    activityId = entries.fx.activityId,
  ) =>
    api(
      'GET',
      `/api/diseaseactivities/${activityId}/country/${entries.fx.place.canada}/location/${locationId}/nesting/reportedOn/${day}`,
    );

  it('rolls the country up from its sub-locations as of the day', async () => {
    const res = await nesting(entries.fx.place.canada, '2024-01-11');
    expect(res.status).toBe(200);
    const answer = decodeNesting(res.body);
    expect(answer).toMatchObject({ reportedOn: '2024-01-11', countingFrom: '2024-01-01' });
    expect(answer.nesting).toMatchObject({
      locationId: entries.fx.place.canada,
      locationName: 'Canada',
      reportedOn: null,
      cumulativeCases: figures(20, 1),
      userEnteredCumulativeCases: none,
      isNestingEntry: true,
    });
    // Ontario has no entries of its own but nests Toronto.
    const [ontario] = answer.nesting.subNestingDetail;
    expect(ontario).toMatchObject({
      locationName: 'Ontario',
      cumulativeCases: figures(20, 1),
      isNestingEntry: true,
    });
    expect(ontario?.subNestingDetail).toEqual([
      {
        locationId: entries.fx.place.toronto,
        locationName: 'Toronto, Ontario',
        locationType: 2,
        reportedOn: '2024-01-10',
        cumulativeCases: figures(20, 1),
        userEnteredCumulativeCases: figures(20, 1),
        isNestingEntry: false,
        subNestingDetail: [],
      },
    ]);
  });

  it('an earlier day counts the totals of that day, none before the first', async () => {
    const jan7 = decodeNesting((await nesting(entries.fx.place.canada, '2024-01-07')).body);
    expect(jan7.nesting.cumulativeCases).toEqual(figures(10, 1));
    const toronto = decodeNesting((await nesting(entries.fx.place.toronto, '2024-01-05')).body);
    expect(toronto.nesting).toMatchObject({
      reportedOn: '2024-01-05',
      cumulativeCases: figures(10, 1),
      isNestingEntry: false,
    });
    const before = decodeNesting((await nesting(entries.fx.place.canada, '2024-01-04')).body);
    expect(before.nesting.cumulativeCases).toEqual(none);
    expect(before.nesting.isNestingEntry).toBe(false);
  });

  it('counts a newly committed Daily Total of a province and keeps its own figures apart', async () => {
    const base = `/api/diseaseactivities/${entries.fx.activityId}/countries/${entries.fx.place.canada}`;
    const detail = await amara('GET', `${base}/numDays/5`);
    const committed = await amara('POST', `${base}/reports/propagate`, {
      json: {
        commitChanges: true,
        cases: [
          {
            locationId: entries.fx.place.ontario,
            reportedOn: '2024-01-12',
            reportedCases: { cumulative: 30, userEntered: 'cumulative' },
          },
        ],
      },
      headers: { 'if-match': detail.headers.get('etag') ?? '' },
    });
    expect(committed.status).toBe(201);
    const answer = decodeNesting((await nesting(entries.fx.place.canada, '2024-01-12')).body);
    const [ontario] = answer.nesting.subNestingDetail;
    expect(ontario).toMatchObject({
      reportedOn: '2024-01-12',
      userEnteredCumulativeCases: figures(30, null),
      // The one rule, per figure: its own 30 beat Toronto's 20; deaths only Toronto gives.
      cumulativeCases: figures(30, 1),
      isNestingEntry: true,
    });
  });

  it('404 for a location outside the activity’s country or an unknown activity', async () => {
    expect(await nesting(entries.fx.place.paris, '2024-01-11')).toMatchObject({
      status: 404,
      body: { errors: [messages.locationNotInActivity] },
    });
    expect(await nesting(999_999, '2024-01-11')).toMatchObject({ status: 404 });
    expect(await nesting(entries.fx.place.canada, '2024-01-11', amara, 999_999)).toMatchObject({
      status: 404,
      body: { errors: [messages.diseaseActivityNotFound(999_999)] },
    });
  });

  it('400 for a bad date, 401 without a token', async () => {
    expect(await nesting(entries.fx.place.canada, '2024-13-01')).toMatchObject({
      status: 400,
      body: { errors: [messages.invalidDate('reportedOn')] },
    });
    expect((await nesting(entries.fx.place.canada, '2024-01-11', anonymous)).status).toBe(401);
  });
});

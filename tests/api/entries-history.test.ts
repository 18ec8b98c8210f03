import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { ReportArticle } from '@domain/articles';
import {
  DescriptionReportJson,
  HistoryRowJson,
  PreviousCaseDataJson,
  ReportJson,
  ReportsFromDateJson,
} from '@domain/entries/entries-api';
import { EntryType } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeReports = Schema.decodeUnknownSync(ReportsFromDateJson, strict);
const decodePrevious = Schema.decodeUnknownSync(PreviousCaseDataJson, strict);
const decodeReport = Schema.decodeUnknownSync(ReportJson, strict);
const decodeArticles = Schema.decodeUnknownSync(Schema.Array(ReportArticle), strict);
const decodeHistory = Schema.decodeUnknownSync(Schema.Array(HistoryRowJson), strict);
const decodeDescription = Schema.decodeUnknownSync(DescriptionReportJson, strict);

describe.each(backends)('Entries history API on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara } = api;

  const fromDate = (locationId: number, caseDate: string, query = '') =>
    amara(
      'GET',
      `/api/diseaseactivities/${api.fx.activityId}/country/${api.fx.place.canada}/location/${locationId}/caseDate/${caseDate}${query}`,
    );
  const previous = (locationId: number, caseDate: string, activityId = api.fx.activityId) =>
    amara(
      'GET',
      `/api/diseaseactivities/${activityId}/location/${locationId}/caseDate/${caseDate}`,
    );

  describe('reports from a date', () => {
    it('answers the location’s earlier reports by kind, latest first', async () => {
      const res = await fromDate(api.fx.place.toronto, '2024-01-11');
      expect(res.status).toBe(200);
      const body = decodeReports(res.body);
      expect(body.processedCases.map((r) => [r.reportedOn, r.type])).toEqual([
        ['2024-01-10', EntryType.PROCESSED],
        ['2024-01-10', EntryType.CASE_DATA],
        ['2024-01-05', EntryType.PROCESSED],
        ['2024-01-05', EntryType.CASE_DATA],
      ]);
      expect(body.descriptions).toEqual([]);
      expect(body.travellers).toEqual([]);
    });

    it('numDays narrows to the days before caseDate; the date itself is excluded', async () => {
      const near = decodeReports(
        (await fromDate(api.fx.place.toronto, '2024-01-11', '?numDays=3')).body,
      );
      expect(near.processedCases.map((r) => r.reportedOn)).toEqual(['2024-01-10', '2024-01-10']);
      const before = decodeReports((await fromDate(api.fx.place.toronto, '2024-01-10')).body);
      expect(before.processedCases.map((r) => r.reportedOn)).toEqual(['2024-01-05', '2024-01-05']);
    });

    it('bad dates and numDays are 400; an unknown activity is 404', async () => {
      expect(await fromDate(api.fx.place.toronto, '2024-13-01')).toMatchObject({
        status: 400,
        body: { errors: [messages.invalidDate('caseDate')] },
      });
      expect((await fromDate(api.fx.place.toronto, '2024-01-11', '?numDays=0')).status).toBe(400);
      expect(
        (
          await amara(
            'GET',
            `/api/diseaseactivities/999999/country/${api.fx.place.canada}/location/${api.fx.place.toronto}/caseDate/2024-01-11`,
          )
        ).status,
      ).toBe(404);
    });
  });

  describe('previous user-entered case data', () => {
    it('answers what an entry on the date follows', async () => {
      const res = await previous(api.fx.place.toronto, '2024-01-12');
      expect(res.status).toBe(200);
      expect(decodePrevious(res.body)).toEqual({
        reportedOn: '2024-01-10',
        caseData: { reportedCases: 20, confirmedCases: null, suspectedCases: null, deaths: 1 },
        newCaseData: { reportedCases: 10, confirmedCases: null, suspectedCases: null, deaths: 0 },
      });
      const between = decodePrevious((await previous(api.fx.place.toronto, '2024-01-07')).body);
      expect(between.caseData.reportedCases).toBe(10);
    });

    it('nothing before the first entry, or at a place without entries', async () => {
      const empty = {
        reportedOn: null,
        caseData: { reportedCases: null, confirmedCases: null, suspectedCases: null, deaths: null },
        newCaseData: {
          reportedCases: null,
          confirmedCases: null,
          suspectedCases: null,
          deaths: null,
        },
      };
      expect(decodePrevious((await previous(api.fx.place.toronto, '2024-01-05')).body)).toEqual(
        empty,
      );
      expect(decodePrevious((await previous(api.fx.place.ontario, '2024-02-01')).body)).toEqual(
        empty,
      );
    });

    it('400 for a bad date, 404 for an unknown activity', async () => {
      expect((await previous(api.fx.place.toronto, 'yesterday')).status).toBe(400);
      expect(await previous(api.fx.place.toronto, '2024-01-12', 999999)).toMatchObject({
        status: 404,
        body: { errors: [messages.diseaseActivityNotFound(999999)] },
      });
    });
  });

  describe('report details, articles of a report, history', () => {
    const activityPath = () =>
      `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;

    it('GET …/case/{caseId} answers one report of the activity', async () => {
      const res = await amara('GET', `${activityPath()}/case/${api.fx.linkedCaseId}`);
      expect(res.status).toBe(200);
      expect(decodeReport(res.body)).toMatchObject({
        id: api.fx.linkedCaseId,
        type: EntryType.CASE_DATA,
        reportedOn: '2024-01-10',
        articles: [api.fx.article],
        reportedCases: { cumulative: 20, newCases: 10 },
      });
      expect(await amara('GET', `${activityPath()}/case/999999`)).toMatchObject({
        status: 404,
        body: { errors: [messages.reportNotFound(999999)] },
      });
    });

    it('GET /api/diseaseactivities/{reportType}/{reportId} answers its articles', async () => {
      const res = await amara('GET', `/api/diseaseactivities/0/${api.fx.linkedCaseId}`);
      expect(res.status).toBe(200);
      expect(
        decodeArticles(res.body).map((a) => [a.articleId, a.reportIds, a.isDiseaseMatch]),
      ).toEqual([[api.fx.article, [api.fx.linkedCaseId], true]]);
      expect((await amara('GET', `/api/diseaseactivities/1/${api.fx.linkedCaseId}`)).status).toBe(
        404,
      );
    });

    it('GET …/history lists who changed what, latest first', async () => {
      const path = activityPath();
      const etag = (await amara('GET', `${path}/numDays/5`)).headers.get('etag') ?? '';
      const saved = await amara('POST', `${path}/reports/propagate`, {
        json: {
          cases: [
            {
              locationId: api.fx.place.toronto,
              reportedOn: '2024-01-12',
              reportedCases: { newCases: 1 },
            },
          ],
        },
        headers: { 'if-match': etag },
      });
      expect(saved.status).toBe(201);
      const res = await amara('GET', `/api/diseaseactivities/${api.fx.activityId}/history`);
      expect(res.status).toBe(200);
      const rows = decodeHistory(res.body);
      expect(rows.map((r) => [r.entity, r.action, r.userName])).toEqual([
        ['reportCollection', 'save', 'Amara Okafor'],
        ['report', 'create', 'Amara Okafor'],
      ]);
      expect(rows[1]?.detail).toMatchObject({
        after: { reportedOn: '2024-01-12', reportedNewCases: 1 },
      });
      expect(
        (await amara('GET', `/api/diseaseactivities/${api.fx.activityId}/history?limit=0`)).status,
      ).toBe(400);
      expect((await amara('GET', '/api/diseaseactivities/999999/history')).status).toBe(404);
    });
  });

  describe('situational updates and their versions', () => {
    const activityPath = () =>
      `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;

    it('edits a committed update, keeping the earlier wording as a version', async () => {
      const path = activityPath();
      let etag = (await amara('GET', `${path}/numDays/5`)).headers.get('etag') ?? '';
      const saved = await amara('POST', `${path}/reports/propagate`, {
        json: {
          commitChanges: true,
          descriptions: [
            {
              locationId: api.fx.place.canada,
              reportedOn: '2024-01-11',
              description: '<p>First wording.</p>',
              importance: 'Standard',
              updateReason: 'IST Update',
            },
          ],
        },
        headers: { 'if-match': etag },
      });
      expect(saved.status).toBe(201);
      etag = saved.headers.get('etag') ?? '';
      const reportId = (saved.body as { reportIds: { descriptions: number[] } }).reportIds
        .descriptions[0];
      const first = decodeDescription(
        (await amara('GET', `${path}/reports/description/${reportId}`)).body,
      );
      expect(first.report).toMatchObject({
        description: '<p>First wording.</p>',
        hasPreviousVersion: false,
      });
      expect(first.versions).toEqual([]);
      expect((await amara('GET', `${path}/reports/${reportId}`)).body).toMatchObject({
        id: reportId,
        type: EntryType.DESCRIPTION,
      });

      const edit = (json: unknown, ifMatch = etag) =>
        amara('PUT', `${path}/reports/description/versions/${reportId}`, {
          json,
          headers: { 'if-match': ifMatch },
        });
      expect(await edit({ reportedOn: null, description: '<p></p>' })).toMatchObject({
        status: 400,
        body: {
          errors: [
            'Update reason is a required field',
            'Reported on is a required field',
            'Description is a required field',
          ],
        },
      });
      const ok = await edit({
        reportedOn: '2024-01-11',
        description: '<p>Second wording.</p>',
        importance: 'Standard',
        updateReason: 'Media Update',
      });
      expect(ok.status).toBe(200);
      const after = decodeDescription(ok.body);
      expect(after.report).toMatchObject({
        description: '<p>Second wording.</p>',
        updateReason: 'Media Update',
        hasPreviousVersion: true,
        updatedByUserName: 'Amara Okafor',
      });
      expect(after.versions.map((v) => [v.version, v.description, v.updateReason])).toEqual([
        [1, '<p>First wording.</p>', 'IST Update'],
      ]);
      // The ETag moved on: the old one is stale now, and nothing changes.
      const stale = await edit({
        reportedOn: '2024-01-11',
        description: '<p>Third.</p>',
        updateReason: 'x',
      });
      expect(stale.status).toBe(412);
      expect(
        (await amara('PUT', `${path}/reports/description/versions/${reportId}`, { json: {} }))
          .status,
      ).toBe(428);
      const still = decodeDescription(
        (await amara('GET', `${path}/reports/description/${reportId}`)).body,
      );
      expect(still.report.description).toBe('<p>Second wording.</p>');
    });

    it('404 for a report that is not a situational update of the activity', async () => {
      expect(
        (await amara('GET', `${activityPath()}/reports/description/${api.fx.linkedCaseId}`)).status,
      ).toBe(404);
      expect((await amara('GET', `${activityPath()}/reports/${api.fx.linkedCaseId}`)).status).toBe(
        404,
      );
    });
  });
});

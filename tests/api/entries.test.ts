import { and, eq, sql } from 'drizzle-orm';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import {
  ActivityDetailJson,
  SaveAnswerJson,
  ValidateAnswerJson,
} from '@domain/entries/entries-api';
import { CommitStatus, EntryType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeDetail = Schema.decodeUnknownSync(ActivityDetailJson, strict);
const decodeValidate = Schema.decodeUnknownSync(ValidateAnswerJson, strict);
const decodeSave = Schema.decodeUnknownSync(SaveAnswerJson, strict);

describe.each(backends)('Entries API on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, lukas, anonymous } = api;

  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const detail = async (api = amara) => {
    const res = await api('GET', `${base()}/numDays/5`);
    expect(res.status).toBe(200);
    return { detail: decodeDetail(res.body), etag: res.headers.get('etag') ?? '' };
  };
  const countReports = async () =>
    (
      await api.server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.reports)
        .where(eq(t.reports.diseaseActivityId, api.fx.activityId))
    )[0]?.n;
  const torontoCase = (more: Record<string, unknown> = {}) => ({
    locationId: api.fx.place.toronto,
    reportedOn: '2024-01-12',
    reportedCases: { newCases: 5, userEntered: 'newCases' },
    ...more,
  });

  describe('GET …/countries/{countryId}/numDays/5', () => {
    it('answers the activity, its page state, locations and recent reports with an ETag', async () => {
      const { detail: d, etag } = await detail();
      expect(etag).toBe(`"${d.version}"`);
      expect(d.activity).toMatchObject({
        diseaseActivityId: api.fx.activityId,
        diseaseName: 'Anthrax',
        countryDetails: {
          countryId: api.fx.place.canada,
          countryName: 'Canada',
          allowedDaysGap: 14,
        },
      });
      expect(d.commitStatus).toBe(CommitStatus.FullyCommitted);
      expect(d.readOnly).toBe(false);
      expect(d.latestReportingPeriod).toMatchObject({
        id: api.fx.periodId,
        startDate: '2024-01-01',
        endDate: null,
      });
      expect(d.previousReportingPeriod).toBeNull();
      expect(d.lastEntryDate).toBe('2024-01-10');
      expect(d.locations.map((l) => l.name)).toEqual(['Canada', 'Toronto']);
      // The last 5 days up to 2024-01-10, and each location's latest Daily Total.
      expect(d.reports.map((r) => [r.type, r.reportedOn])).toEqual([
        [EntryType.CASE_DATA, '2024-01-10'],
        [EntryType.PROCESSED, '2024-01-10'],
      ]);
      expect(d.reports[0]).toMatchObject({
        reportStatus: ReportStatus.Committed,
        reportedCases: { cumulative: 20, newCases: 10, userEntered: 'cumulative', computed: false },
        updatedByUserName: 'Amara Okafor',
        updatedBy: 'AO',
        reportCollection: { commitDate: '2024-01-10T12:00:00.000Z', lastUpdatedBy: 'Amara Okafor' },
      });
    });

    it("?reports=country answers the same detail with the country location's reports only (issue 31)", async () => {
      const { detail: full } = await detail();
      const res = await amara('GET', `${base()}/numDays/5?reports=country`);
      expect(res.status).toBe(200);
      const head = decodeDetail(res.body);
      const country = api.fx.place.canada;
      // The fixture has entries beside the country's, so the comparison can fail.
      expect(full.reports.some((r) => r.locationId !== country)).toBe(true);
      expect(head.reports).toEqual(full.reports.filter((r) => r.locationId === country));
      expect({ ...head, reports: [] }).toEqual({ ...full, reports: [] });
      // Any other value is refused, in words that say what is allowed.
      expect(await amara('GET', `${base()}/numDays/5?reports=all`)).toMatchObject({
        status: 400,
        body: { errors: ["reports must be country (the country's entries only) or left out."] },
      });
    });

    it('404 for an unknown activity or a country not its own, 401 without a token', async () => {
      expect(
        await amara(
          'GET',
          `/api/diseaseactivities/999999/countries/${api.fx.place.canada}/numDays/5`,
        ),
      ).toMatchObject({
        status: 404,
        body: { errors: [messages.diseaseActivityNotFound(999999)] },
      });
      expect(
        (
          await amara(
            'GET',
            `/api/diseaseactivities/${api.fx.activityId}/countries/3017382/numDays/5`,
          )
        ).status,
      ).toBe(404);
      expect((await anonymous('GET', `${base()}/numDays/5`)).status).toBe(401);
    });

    it('shows the lock of pending auto-surveillance data', async () => {
      const res = await amara(
        'GET',
        `/api/diseaseactivities/${api.fx.lockedActivityId}/countries/${api.fx.place.canada}/numDays/5`,
      );
      const d = decodeDetail(res.body);
      expect(d.readOnly).toBe(true);
      expect(d.commitStatus).toBe(CommitStatus.Uncommitted);
    });
  });

  describe('POST …/reports/{propagate}/validate', () => {
    it('answers the Daily Totals with new and cumulative cases and the success line', async () => {
      const res = await amara('POST', `${base()}/reports/false/validate`, {
        json: { cases: [torontoCase({ articles: [api.fx.article] })] },
      });
      expect(res.status).toBe(200);
      const answer = decodeValidate(res.body);
      expect(answer.result).toBe('Following processed data entries will be created.');
      expect(answer.messages).toEqual([]);
      expect(answer.processedReports).toEqual([
        {
          locationId: api.fx.place.toronto,
          locationName: 'Toronto, Ontario',
          reportedOn: '2024-01-12',
          reportedCases: { cumulative: 25, newCases: 5, userEntered: null, computed: false },
          suspectedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          confirmedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          deaths: { cumulative: 1, newCases: 0, userEntered: null, computed: true },
          articles: [api.fx.article],
          sourceId: null,
          autoSurveillanceCaseId: null,
          userEntriesCount: 1,
          isPastEntry: false,
          isPropagationEntry: false,
        },
      ]);
    });

    it('lists errors and prefixed warnings per location, in the spec words', async () => {
      const res = await amara('POST', `${base()}/reports/false/validate`, {
        json: {
          cases: [
            torontoCase({
              reportedCases: { cumulative: 150, userEntered: 'cumulative' },
              deaths: { cumulative: 200, userEntered: 'cumulative' },
            }),
            {
              locationId: api.fx.place.paris,
              reportedOn: '2024-01-12',
              reportedCases: { newCases: 1 },
            },
          ],
          descriptions: [
            {
              locationId: api.fx.place.canada,
              reportedOn: '2024-01-12',
              title: 'Outbreak declared',
              description: '<p>Declared.</p>',
              importance: 'Critical',
            },
          ],
        },
      });
      const answer = decodeValidate(res.body);
      expect(answer.result).toBeNull();
      expect(answer.messages).toEqual([
        'WARNINGLOW: ' + messages.spikeInCumulative('Reported Cases', 150, 20),
        'WARNINGLOW: ' + messages.spikeInNewCases('Reported Cases', 130, 10),
        'WARNINGLOW: ' + messages.spikeInCumulative('Deaths', 200, 1),
        'WARNINGLOW: ' + messages.spikeInNewCases('Deaths', 199, 0),
        messages.deathsAboveReported,
        messages.locationNotInActivity,
        'WARNINGHIGH: ' + messages.criticalNotice,
      ]);
      expect(answer.locations.map((l) => [l.locationName, l.messages.length])).toEqual([
        ['Toronto, Ontario', 5],
        ['Paris', 1],
        ['Canada', 1],
      ]);
    });

    it('warns of a linked article about another disease; refuses unknown articles and origins', async () => {
      const [other] = await api.server.db
        .insert(t.articles)
        .values({
          title: 'Cholera elsewhere',
          originalSourceUrl: 'https://news.example/c',
          feedId: 10,
          hamTypeId: 3,
        })
        .returning({ id: t.articles.articleId });
      if (!other) throw new Error('no article');
      await api.server.db.insert(t.articleDiseases).values({ articleId: other.id, diseaseId: 2 });
      const warned = decodeValidate(
        (
          await amara('POST', `${base()}/reports/false/validate`, {
            json: { cases: [torontoCase({ articles: [api.fx.article, other.id] })] },
          })
        ).body,
      );
      expect(warned.messages).toEqual([`WARNINGLOW: ${messages.incorrectArticle}`]);
      expect(warned.result).toBe(messages.followingProcessedRows);

      const before = await countReports();
      const { etag } = await detail();
      const refused = await amara('POST', `${base()}/reports/propagate`, {
        json: {
          cases: [torontoCase({ articles: [999999] })],
          travellers: [
            {
              locationId: api.fx.place.toronto,
              reportedOn: '2024-01-12',
              cases: 1,
              originId: 424242,
            },
          ],
        },
        headers: { 'if-match': etag },
      });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          errors: [
            messages.unknownReference('article', 999999),
            messages.unknownReference('origin location', 424242),
          ],
        },
      });
      expect(await countReports()).toBe(before);
    });

    it('400 for a body of the wrong shape; nothing is saved', async () => {
      const before = await countReports();
      const res = await amara('POST', `${base()}/reports/false/validate`, {
        json: { cases: [{ locationId: 'x', reportedOn: '2024-02-30' }] },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: expect.arrayContaining([
          'cases.0.locationId: Expected number, actual "x"',
          expect.stringContaining('cases.0.reportedOn: Expected a date written YYYY-MM-DD'),
        ]),
      });
      expect((await amara('POST', `${base()}/reports/maybe/validate`, { json: {} })).status).toBe(
        400,
      );
      expect(await countReports()).toBe(before);
    });
  });

  describe('save and commit', () => {
    it('428 without If-Match; 412 with a stale one, answering the current state', async () => {
      const before = await countReports();
      const { etag } = await detail();
      const none = await amara('POST', `${base()}/reports/propagate`, {
        json: { cases: [torontoCase()] },
      });
      expect(none).toMatchObject({
        status: 428,
        body: { errors: [messages.preconditionRequired] },
      });
      const stale = await amara('POST', `${base()}/reports/propagate`, {
        json: { cases: [torontoCase()] },
        headers: { 'if-match': '"999"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.headers.get('etag')).toBe(etag);
      expect(stale.body).toMatchObject({ errors: [messages.staleVersion] });
      decodeDetail((stale.body as { current: unknown }).current);
      expect(await countReports()).toBe(before);
    });

    it('400 with the errors in the spec words, and nothing written', async () => {
      const before = await countReports();
      const { etag, detail: d } = await detail();
      const res = await amara('POST', `${base()}/reports/propagate`, {
        json: {
          cases: [torontoCase({ reportedCases: {}, deaths: {} })],
          travellers: [{ locationId: api.fx.place.toronto, reportedOn: '2024-01-12', cases: 0 }],
          inactivities: [{ locationId: api.fx.place.toronto, reportedOn: '2024-01-12' }],
        },
        headers: { 'if-match': etag },
      });
      expect(res).toMatchObject({
        status: 400,
        body: {
          errors: [
            messages.enterCaseData,
            messages.travellerCasesBelowOne,
            messages.countryLevelOnly('Check-in'),
            messages.inactivityReasonRequired,
          ],
        },
      });
      expect(await countReports()).toBe(before);
      expect((await detail()).detail.version).toBe(d.version);
    });

    it('saves a new collection, then commits it: Daily Totals, audit, version', async () => {
      const { etag, detail: d0 } = await detail();
      const saved = await amara('POST', `${base()}/reports/propagate?propagate=false`, {
        json: { cases: [torontoCase({ articles: [api.fx.article] })] },
        headers: { 'if-match': etag },
      });
      expect(saved.status).toBe(201);
      const s = decodeSave(saved.body);
      expect(s).toMatchObject({
        committed: false,
        version: d0.version + 1,
        processedReportIds: [],
      });
      expect(saved.headers.get('etag')).toBe(`"${s.version}"`);
      const [caseId] = s.reportIds.cases;
      const d1 = (await detail()).detail;
      expect(d1.commitStatus).toBe(CommitStatus.PartiallyCommitted);
      expect(d1.reports.find((r) => r.id === caseId)).toMatchObject({
        reportStatus: ReportStatus.Saved,
        reportedCases: { cumulative: 25, newCases: 5, userEntered: 'newCases' },
        articles: [api.fx.article],
        updatedByUserName: 'Amara Okafor',
      });

      // Commit the saved collection (its entry not re-sent: kept and committed).
      const committed = await amara('PUT', `${base()}/reports/${s.reportCollectionId}/propagate`, {
        json: { commitChanges: true },
        headers: { 'if-match': `"${s.version}"` },
      });
      expect(committed.status).toBe(200);
      const c = decodeSave(committed.body);
      expect(c.committed).toBe(true);
      expect(c.processedReportIds).toHaveLength(1);
      const d2 = (await detail()).detail;
      expect(d2.commitStatus).toBe(CommitStatus.FullyCommitted);
      expect(d2.lastEntryDate).toBe('2024-01-12');
      const total = d2.reports.find((r) => r.id === c.processedReportIds[0]);
      expect(total).toMatchObject({
        type: EntryType.PROCESSED,
        reportStatus: ReportStatus.Committed,
        reportedOn: '2024-01-12',
        reportedCases: { cumulative: 25, newCases: 5 },
        deaths: { cumulative: 1, newCases: 0, computed: true },
        articles: [api.fx.article],
      });
      const audit = await api.server.db
        .select({ action: t.auditLog.action, entity: t.auditLog.entity })
        .from(t.auditLog)
        .where(
          and(
            eq(t.auditLog.entity, 'reportCollection'),
            eq(t.auditLog.entityId, String(c.reportCollectionId)),
          ),
        );
      expect(audit.map((a) => a.action).sort()).toEqual(['commit', 'save']);

      // The index figures were refreshed once at the end of the commit (migration 0011): the row
      // equals a fresh recompute, and counts the committed entry and its Daily Total.
      const summary = async () =>
        api.server.db
          .select()
          .from(t.diseaseActivitySummaries)
          .where(eq(t.diseaseActivitySummaries.diseaseActivityId, api.fx.activityId));
      const kept = await summary();
      await api.server.db.execute(
        sql`select activity_summaries_refresh(array[${api.fx.activityId}]::integer[])`,
      );
      expect(kept).toEqual(await summary());
      expect(kept[0]?.lastReportDate).toBe('2024-01-12');
      expect(kept[0]?.numberOfUncommittedReports).toBe(0);
      // A committed collection can no longer be saved again.
      const again = await amara('PUT', `${base()}/reports/${s.reportCollectionId}/propagate`, {
        json: { commitChanges: true },
        headers: { 'if-match': `"${c.version}"` },
      });
      expect(again).toMatchObject({
        status: 409,
        body: { errors: [messages.reportCollectionCommitted(s.reportCollectionId)] },
      });
    });

    it('two analysts: the stale save gets 412 and the first analyst’s entries are intact', async () => {
      const { etag } = await detail();
      const first = await amara('POST', `${base()}/reports/propagate`, {
        json: {
          cases: [torontoCase({ reportedOn: '2024-01-13', reportedCases: { newCases: 2 } })],
        },
        headers: { 'if-match': etag },
      });
      expect(first.status).toBe(201);
      const firstIds = decodeSave(first.body).reportIds.cases;
      const second = await lukas('POST', `${base()}/reports/propagate`, {
        json: {
          cases: [torontoCase({ reportedOn: '2024-01-13', reportedCases: { newCases: 7 } })],
        },
        headers: { 'if-match': etag },
      });
      expect(second.status).toBe(412);
      const current = decodeDetail((second.body as { current: unknown }).current);
      expect(current.reports.find((r) => r.id === firstIds[0])).toMatchObject({
        reportStatus: ReportStatus.Saved,
        reportedCases: { newCases: 2 },
        updatedByUserName: 'Amara Okafor',
      });
      // With the fresh ETag, the second analyst's save goes through beside the first.
      const retry = await lukas('POST', `${base()}/reports/propagate`, {
        json: {
          cases: [torontoCase({ reportedOn: '2024-01-13', reportedCases: { newCases: 7 } })],
        },
        headers: { 'if-match': second.headers.get('etag') ?? '' },
      });
      expect(retry.status).toBe(201);
      const rows = await api.server.db
        .select({ id: t.reports.id, status: t.reports.reportStatus })
        .from(t.reports)
        .where(eq(t.reports.id, firstIds[0] ?? 0));
      expect(rows).toEqual([{ id: firstIds[0], status: ReportStatus.Saved }]);
    });

    it('a commit with high-impact warnings needs them confirmed, and records who did', async () => {
      const { etag } = await detail();
      const body = {
        commitChanges: true,
        descriptions: [
          {
            locationId: api.fx.place.canada,
            reportedOn: '2024-01-13',
            title: 'Important news',
            description: '<p>Spread to a new region.</p>',
            importance: 'Important',
          },
        ],
      };
      const refused = await amara('POST', `${base()}/reports/propagate`, {
        json: body,
        headers: { 'if-match': etag },
      });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          errors: [messages.highWarningsNotAccepted, `WARNINGHIGH: ${messages.importantNotice}`],
        },
      });
      const ok = await amara('POST', `${base()}/reports/propagate`, {
        json: { ...body, warningsAccepted: true },
        headers: { 'if-match': etag },
      });
      expect(ok.status).toBe(201);
      const s = decodeSave(ok.body);
      expect(s.messages).toEqual([`WARNINGHIGH: ${messages.importantNotice}`]);
      const [row] = await api.server.db
        .select({ detail: t.auditLog.detail, userId: t.auditLog.userId })
        .from(t.auditLog)
        .where(
          and(
            eq(t.auditLog.entity, 'reportCollection'),
            eq(t.auditLog.entityId, String(s.reportCollectionId)),
          ),
        );
      expect(row?.detail).toMatchObject({
        acceptedWarnings: [`WARNINGHIGH: ${messages.importantNotice}`],
      });
      expect(row?.userId).not.toBeNull();
    });

    it('manual entries are refused while auto-surveillance data waits', async () => {
      const path = `/api/diseaseactivities/${api.fx.lockedActivityId}/countries/${api.fx.place.canada}`;
      const res = await amara('GET', `${path}/numDays/5`);
      const save = await amara('POST', `${path}/reports/propagate`, {
        json: { cases: [torontoCase()] },
        headers: { 'if-match': res.headers.get('etag') ?? '' },
      });
      expect(save).toMatchObject({
        status: 400,
        body: { errors: [messages.pendingAutoSurveillanceBanner] },
      });
    });

    it('ending the reporting period closes it and resets cumulatives', async () => {
      const endPeriod = async () =>
        amara('POST', `${base()}/reports/propagate`, {
          json: {
            commitChanges: true,
            warningsAccepted: true,
            reportingPeriods: [
              { locationId: api.fx.place.canada, type: 7, reportedOn: '2024-01-20' },
            ],
          },
          headers: { 'if-match': (await detail()).etag },
        });
      // Saved entries of earlier tests wait: not fully committed, so no period entry (§4).
      const refused = await endPeriod();
      expect(refused.status).toBe(400);
      expect((refused.body as { errors: string[] }).errors).toContain(
        messages.entryNotAddableWithPending('End Reporting Period', 'period'),
      );
      // Once the other saved entries are gone, the end goes through.
      await api.server.db
        .update(t.reports)
        .set({ reportStatus: ReportStatus.Deleted })
        .where(
          and(
            eq(t.reports.diseaseActivityId, api.fx.activityId),
            eq(t.reports.reportStatus, ReportStatus.Saved),
          ),
        );
      const end = await endPeriod();
      expect(end.status).toBe(201);
      const [period] = await api.server.db
        .select()
        .from(t.reportingPeriods)
        .where(eq(t.reportingPeriods.id, api.fx.periodId));
      expect(period?.endDate).toBe('2024-01-20');
      const answer = decodeValidate(
        (
          await amara('POST', `${base()}/reports/false/validate`, {
            json: { cases: [torontoCase({ reportedOn: '2024-01-21' })] },
          })
        ).body,
      );
      expect(answer.processedReports[0]?.reportedCases.cumulative).toBe(5);
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { ActivityDetailJson, SaveAnswerJson, collectionEtag } from '@domain/entries/entries-api';
import { ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeDetail = Schema.decodeUnknownSync(ActivityDetailJson, strict);
const decodeSave = Schema.decodeUnknownSync(SaveAnswerJson, strict);

/**
 * A version per report collection (issue 6): each collection carries its own ETag; saving it
 * again with that ETag checks that collection only, so another analyst's save elsewhere in the
 * activity does not block it, while a save of the same collection from an old read gets 412
 * with the fresh state and writes nothing. A commit still names the activity's version.
 */
describe.each(backends)('Report collection ETags on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara, lukas } = api;

  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const detail = async () => {
    const res = await amara('GET', `${base()}/numDays/5`);
    return { detail: decodeDetail(res.body), etag: res.headers.get('etag') ?? '' };
  };
  const caseAt = (locationId: number, newCases: number, id?: number) => ({
    ...(id === undefined ? {} : { id }),
    locationId,
    reportedOn: '2024-01-13',
    reportedCases: { newCases, userEntered: 'newCases' },
  });
  const newCasesOf = async (id: number) =>
    (
      await api.server.db
        .select({ n: t.reports.reportedNewCases, status: t.reports.reportStatus })
        .from(t.reports)
        .where(eq(t.reports.id, id))
    )[0];
  const countReports = async () =>
    (
      await api.server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.reports)
        .where(eq(t.reports.diseaseActivityId, api.fx.activityId))
    )[0]?.n;

  it('a collection saved again with its own ETag is not stale after another analyst’s save; an old one gets 412', async () => {
    // Amara saves collection X; its ETag is in the answer and in the detail's reports.
    const first = await amara('POST', `${base()}/reports/propagate`, {
      json: { cases: [caseAt(api.fx.place.toronto, 2)] },
      headers: { 'if-match': (await detail()).etag },
    });
    expect(first.status).toBe(201);
    const x = decodeSave(first.body);
    const xCase = x.reportIds.cases[0] ?? 0;
    expect(x.reportCollectionEtag).toBe(collectionEtag(x.reportCollectionId, 1));
    const read = await detail();
    expect(read.detail.reports.find((r) => r.id === xCase)?.reportCollection.etag).toBe(
      x.reportCollectionEtag,
    );
    const activityEtagBefore = read.etag;

    // Lukas saves collection Y elsewhere: the activity's version moves on, X's does not.
    const other = await lukas('POST', `${base()}/reports/propagate`, {
      json: { cases: [caseAt(api.fx.place.ontario, 4)] },
      headers: { 'if-match': read.etag },
    });
    expect(other.status).toBe(201);
    const y = decodeSave(other.body);
    const yCase = y.reportIds.cases[0] ?? 0;

    // Amara saves X again with X's ETag: it goes through.
    const again = await amara('PUT', `${base()}/reports/${x.reportCollectionId}/propagate`, {
      json: { cases: [caseAt(api.fx.place.toronto, 3, xCase)] },
      headers: { 'if-match': x.reportCollectionEtag },
    });
    expect(again.status).toBe(200);
    const x2 = decodeSave(again.body);
    expect(x2.reportCollectionEtag).toBe(collectionEtag(x.reportCollectionId, 2));
    expect(again.headers.get('etag')).toBe(`"${x2.version}"`);

    // Lukas saves X from his old read (X's first ETag): 412, the fresh state, nothing written.
    const reports = await countReports();
    const stale = await lukas('PUT', `${base()}/reports/${x.reportCollectionId}/propagate`, {
      json: { cases: [caseAt(api.fx.place.toronto, 9, xCase)] },
      headers: { 'if-match': x.reportCollectionEtag },
    });
    expect(stale.status).toBe(412);
    expect((stale.body as { errors: unknown }).errors).toEqual([messages.staleVersion]);
    const current = decodeDetail((stale.body as { current: unknown }).current);
    expect(stale.headers.get('etag')).toBe(`"${current.version}"`);
    expect(current.reports.find((r) => r.id === xCase)).toMatchObject({
      reportedCases: { newCases: 3 },
      updatedByUserName: 'Amara Okafor',
      reportCollection: { etag: x2.reportCollectionEtag },
    });
    expect(await countReports()).toBe(reports);
    expect(await newCasesOf(xCase)).toEqual({ n: 3, status: ReportStatus.Saved });
    // The other analyst's entries are intact.
    expect(await newCasesOf(yCase)).toEqual({ n: 4, status: ReportStatus.Saved });

    // Another collection's ETag, the activity's old ETag, or none: refused, nothing written.
    const path = `${base()}/reports/${y.reportCollectionId}/propagate`;
    const yBody = { cases: [caseAt(api.fx.place.ontario, 8, yCase)] };
    expect(
      (await lukas('PUT', path, { json: yBody, headers: { 'if-match': x2.reportCollectionEtag } }))
        .status,
    ).toBe(412);
    expect(
      (await lukas('PUT', path, { json: yBody, headers: { 'if-match': activityEtagBefore } }))
        .status,
    ).toBe(412);
    expect(await lukas('PUT', path, { json: yBody })).toMatchObject({
      status: 428,
      body: { errors: [messages.preconditionRequired] },
    });
    expect(
      (
        await amara('POST', `${base()}/reports/propagate`, {
          json: { cases: [caseAt(api.fx.place.ontario, 1)] },
          headers: { 'if-match': y.reportCollectionEtag },
        })
      ).status,
    ).toBe(412);
    expect(await newCasesOf(yCase)).toEqual({ n: 4, status: ReportStatus.Saved });
    expect(await countReports()).toBe(reports);

    // A commit needs the activity's ETag (its Daily Totals come from the whole activity).
    expect(
      await lukas('PUT', path, {
        json: { ...yBody, commitChanges: true },
        headers: { 'if-match': y.reportCollectionEtag },
      }),
    ).toMatchObject({ status: 428, body: { errors: [messages.commitNeedsActivityVersion] } });
    expect(await newCasesOf(yCase)).toEqual({ n: 4, status: ReportStatus.Saved });

    // With its current ETag, Y saves.
    const fresh = await lukas('PUT', path, {
      json: yBody,
      headers: { 'if-match': y.reportCollectionEtag },
    });
    expect(fresh.status).toBe(200);
    expect(await newCasesOf(yCase)).toEqual({ n: 8, status: ReportStatus.Saved });
  });
});

import { eq, sql } from 'drizzle-orm';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { SaveAnswerJson, ValidateAnswerJson } from '@domain/entries/entries-api';
import { InactivityReason } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const strict = { onExcessProperty: 'error' } as const;
const decodeValidate = Schema.decodeUnknownSync(ValidateAnswerJson, strict);
const decodeSave = Schema.decodeUnknownSync(SaveAnswerJson, strict);

/** The server's re-check of the add-entry and date rules, and validate of a saved collection. */
describe.each(backends)('Entries rules on the server, on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara } = api;

  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const etag = async () => (await amara('GET', `${base()}/numDays/5`)).headers.get('etag') ?? '';
  const countReports = async () =>
    (
      await api.server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.reports)
        .where(eq(t.reports.diseaseActivityId, api.fx.activityId))
    )[0]?.n;
  const checkIn = (reportedOn: string) => ({
    locationId: api.fx.place.canada,
    reportedOn,
    inactivityReason: InactivityReason.NoNewCases,
  });
  const save = async (json: Record<string, unknown>, collectionId?: number) =>
    amara(
      collectionId === undefined ? 'POST' : 'PUT',
      collectionId === undefined
        ? `${base()}/reports/propagate`
        : `${base()}/reports/${collectionId}/propagate`,
      { json, headers: { 'if-match': await etag() } },
    );

  it('refuses a second pending check-in at the same place; nothing is written', async () => {
    const before = await countReports();
    const res = await save({ inactivities: [checkIn('2024-01-11'), checkIn('2024-01-12')] });
    expect(res.status).toBe(400);
    expect((res.body as { errors: string[] }).errors).toContain(
      messages.entryNotAddableWithPending('Check-in', 'single'),
    );
    expect(await countReports()).toBe(before);
  });

  it('refuses a case entry dated before the reporting period; its first day is fine', async () => {
    const early = await save({
      cases: [
        {
          locationId: api.fx.place.toronto,
          reportedOn: '2023-12-31',
          reportedCases: { newCases: 1, userEntered: 'newCases' },
        },
      ],
    });
    expect(early.status).toBe(400);
    expect((early.body as { errors: string[] }).errors).toContain(
      messages.periodEntryTooEarly('Case Data', '2024/01/01'),
    );
    const validate = await amara('POST', `${base()}/reports/false/validate`, {
      json: {
        cases: [
          {
            locationId: api.fx.place.toronto,
            reportedOn: '2024-01-01',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      },
    });
    expect(decodeValidate(validate.body).messages).not.toContain(
      messages.periodEntryTooEarly('Case Data', '2024/01/01'),
    );
  });

  it('validate with reportCollectionId takes in the saved entries of that collection', async () => {
    const saved = await save({
      cases: [
        {
          locationId: api.fx.place.toronto,
          reportedOn: '2024-01-12',
          reportedCases: { newCases: 5, userEntered: 'newCases' },
        },
      ],
    });
    expect(saved.status).toBe(201);
    const { reportCollectionId, reportIds } = decodeSave(saved.body);
    const validate = (query: string, json: Record<string, unknown> = {}) =>
      amara('POST', `${base()}/reports/false/validate${query}`, { json });

    // The saved entry, not re-sent, is validated and gives its Daily Total.
    const kept = decodeValidate((await validate(`?reportCollectionId=${reportCollectionId}`)).body);
    expect(kept.result).toBe(messages.followingProcessedRows);
    expect(kept.processedReports.map((p) => [p.reportedOn, p.reportedCases.cumulative])).toEqual([
      ['2024-01-12', 25],
    ]);
    // Re-sent with a change, the body's values win.
    const changed = decodeValidate(
      (
        await validate(`?reportCollectionId=${reportCollectionId}`, {
          cases: [
            {
              id: reportIds.cases[0],
              locationId: api.fx.place.toronto,
              reportedOn: '2024-01-12',
              reportedCases: { newCases: 8, userEntered: 'newCases' },
            },
          ],
        })
      ).body,
    );
    expect(changed.processedReports[0]?.reportedCases.cumulative).toBe(28);
    // Without the collection, that id is not a saved entry of a new collection.
    expect(
      await validate('', {
        cases: [
          { id: reportIds.cases[0], locationId: api.fx.place.toronto, reportedOn: '2024-01-12' },
        ],
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: [messages.notASavedEntry(reportIds.cases[0] ?? 0, null)] },
    });
    expect(await validate('?reportCollectionId=abc')).toMatchObject({
      status: 400,
      body: { errors: [messages.invalidId('reportCollectionId')] },
    });
    expect(await validate('?reportCollectionId=999999')).toMatchObject({
      status: 404,
      body: { errors: [messages.reportCollectionNotFound(999_999)] },
    });
  });

  it('no period entry while another collection’s saved entries wait', async () => {
    const res = await save({
      commitChanges: true,
      warningsAccepted: true,
      reportingPeriods: [{ locationId: api.fx.place.canada, type: 7, reportedOn: '2024-01-20' }],
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: string[] }).errors).toContain(
      messages.entryNotAddableWithPending('End Reporting Period', 'period'),
    );
  });
});

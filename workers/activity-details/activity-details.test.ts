import { describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '@domain/enums';
import type { ActivityDetailJson, ReportJson } from '@domain/entries/entries-api';
import type { ApiCall } from '../api-client';
import { ApiError } from '../errors';
import { createActivityDetailsApi } from './activity-details';

const key = { diseaseActivityId: 3, countryId: 1 };
const count = (cumulative: number, newCases: number) => ({
  cumulative,
  newCases,
  userEntered: null,
  computed: false,
});
const total = (id: number, reportedOn: string, reported: number): ReportJson => ({
  id,
  locationId: 1,
  type: EntryType.PROCESSED,
  reportedOn,
  reportStatus: ReportStatus.Committed,
  articles: [],
  updatedByUserId: null,
  updatedByUserName: null,
  updatedBy: null,
  userEntriesCount: 1,
  isNestingEntry: false,
  isPropagationEntry: false,
  isPropagationTriggerEntry: false,
  reportCollection: {
    id: 1,
    commitDate: null,
    lastUpdatedBy: null,
    propagationUptoDate: null,
    etag: '"collection-1-1"',
  },
  reportedCases: count(reported, 2),
  suspectedCases: count(0, 0),
  confirmedCases: count(0, 0),
  deaths: count(0, 0),
});

const detail = {
  version: 7,
  reports: [total(10, '2026-01-10', 20)],
} as unknown as ActivityDetailJson;

/** The engine's request dependency, answering from a script and recording what was sent. */
function scripted(answer: (call: ApiCall<unknown, unknown>) => unknown) {
  const sent: ApiCall<unknown, unknown>[] = [];
  const request = <A, I>(call: ApiCall<A, I>): Promise<A> => {
    sent.push(call as ApiCall<unknown, unknown>);
    try {
      return Promise.resolve(answer(call as ApiCall<unknown, unknown>) as A);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const reported: unknown[] = [];
  const api = createActivityDetailsApi({ request, report: (error) => reported.push(error) }, () =>
    Date.parse('2026-01-20T12:00:00Z'),
  );
  return { api, sent, reported };
}

describe('the details engine calls', () => {
  it('recomputes a typed case entry from the committed history it holds', async () => {
    const { api } = scripted(() => detail);
    await api.openActivityDetails(key);
    const [entry] = await api.recomputeCaseEntries(key, [
      {
        key: 'new-1',
        locationId: 1,
        type: EntryType.CASE_DATA,
        reportedOn: '2026-01-12',
        reportStatus: null,
        counts: {
          reportedCases: {
            cumulative: null,
            newCases: 5,
            userEntered: 'newCases',
            computed: false,
          },
          suspectedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          confirmedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          deaths: { cumulative: null, newCases: null, userEntered: null, computed: false },
        },
      },
    ]);
    expect(entry?.counts.reportedCases).toMatchObject({ cumulative: 25, newCases: 5 });
    expect(entry?.previous.figures.reportedCases.cumulative).toBe(20);
  });

  it('fetches the location history for an entry older than the detail holds', async () => {
    const { api, sent } = scripted((call) =>
      call.path.includes('/caseDate/')
        ? {
            processedCases: [total(5, '2026-01-01', 8), total(10, '2026-01-10', 20)],
            descriptions: [],
            inactivities: [],
            travellers: [],
          }
        : detail,
    );
    await api.openActivityDetails(key);
    const [entry] = await api.recomputeCaseEntries(key, [
      {
        key: 'new-1',
        locationId: 1,
        type: EntryType.CASE_DATA,
        reportedOn: '2026-01-05',
        reportStatus: null,
        counts: {
          reportedCases: {
            cumulative: null,
            newCases: 1,
            userEntered: 'newCases',
            computed: false,
          },
          suspectedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          confirmedCases: { cumulative: null, newCases: null, userEntered: null, computed: false },
          deaths: { cumulative: null, newCases: null, userEntered: null, computed: false },
        },
      },
    ]);
    expect(sent.at(-1)?.path).toBe('/diseaseactivities/3/country/1/location/1/caseDate/2026-01-21');
    expect(entry?.counts.reportedCases.cumulative).toBe(9);
  });

  it('names the version it read in If-Match, and answers a 412 as stale without an alert', async () => {
    const stale = new ApiError({
      method: 'POST',
      path: '/x',
      status: 412,
      errors: ['stale'],
      message: 'POST /x answered 412',
    });
    const { api, sent, reported } = scripted((call) => {
      if (call.method === 'POST') throw stale;
      return detail;
    });
    await api.openActivityDetails(key);
    const result = await api.saveEntries(key, {
      body: { cases: [] },
      propagation: { propagate: false, propagateUptoDate: null },
      reportCollectionId: null,
    });
    expect(result).toEqual({ status: 'stale', message: 'stale' });
    expect(sent.at(-1)?.headers).toEqual({ 'If-Match': '"7"' });
    expect(sent.at(-1)?.path).toBe(
      '/diseaseactivities/3/countries/1/reports/propagate?propagate=false',
    );
    expect(reported).toHaveLength(1);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { typedCumulative, typedNew, countsOf } from '../../tests/support/case-entries';
import { insertEntriesFixtures, type EntriesFixtures } from '../../tests/api/entries-fixtures';
import { startFixtureServer, type TestServer } from '../../tests/support/test-server';
import { EntryType } from '@domain/enums';
import { createEngine } from '../engine';
import type { EngineApi } from '../engine-contract';
import type { EntriesSubmission, PendingCaseEntry } from './details-contract';
import type { ValidateAnswerJson } from '@domain/entries/entries-api';

/**
 * Issue 6 "What it must show": for random sequences of edits, inserts and deletes of pending
 * case entries, the worker's figures (the engine's recomputeCaseEntries over the detail it
 * holds) and the server's (the Daily Totals of POST …/validate, the REAL server on PGlite) agree,
 * figure for figure; and each cumulative is the running sum of new cases.
 */

let server: TestServer;
let fx: EntriesFixtures;
let engine: EngineApi;

beforeAll(async () => {
  const started = await startFixtureServer('pglite', insertEntriesFixtures);
  server = started.server;
  fx = started.fx;
  engine = createEngine();
  await engine.init(
    { apiUrl: `${server.baseUrl}/api` },
    { onUnauthorized: vi.fn(), onApiError: vi.fn() },
  );
  await engine.setAccessToken(
    await started.issuer.token({ sub: 'amara', givenName: 'Amara', familyName: 'Okafor' }),
  );
});
afterAll(() => server.close());

const key = () => ({ diseaseActivityId: fx.activityId, countryId: fx.place.canada });
const day = (d: number) => `2024-01-${String(d).padStart(2, '0')}`;

const typed = fc.record({
  half: fc.constantFrom('newCases' as const, 'cumulative' as const),
  value: fc.integer({ min: 0, max: 60 }),
});
const op = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    toronto: fc.boolean(),
    day: fc.integer({ min: 11, max: 28 }),
    typed,
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), typed }),
);

interface Draft {
  readonly key: string;
  readonly locationId: number;
  readonly day: number;
  readonly typed: { readonly half: 'newCases' | 'cumulative'; readonly value: number };
}

const countOf = (t: Draft['typed']) =>
  countsOf({ reportedCases: t.half === 'newCases' ? typedNew(t.value) : typedCumulative(t.value) });

describe('worker and server agree on case figures', () => {
  it('after random edits, inserts and deletes', { timeout: 120_000 }, async () => {
    await engine.openActivityDetails(key());
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        let drafts: Draft[] = [];
        let next = 0;
        for (const o of ops) {
          if (o.kind === 'insert') {
            const locationId = o.toronto ? fx.place.toronto : fx.place.ontario;
            // One pending entry per place and day, as the details screen allows.
            if (drafts.some((d) => d.locationId === locationId && d.day === o.day)) continue;
            drafts.push({ key: `e${next++}`, locationId, day: o.day, typed: o.typed });
          } else if (drafts.length > 0) {
            const i = o.at % drafts.length;
            drafts =
              o.kind === 'delete'
                ? drafts.filter((_, j) => j !== i)
                : drafts.map((d, j) => (j === i ? { ...d, typed: o.typed } : d));
          }
        }
        if (drafts.length === 0) return;
        const pending: PendingCaseEntry[] = drafts.map((d) => ({
          key: d.key,
          locationId: d.locationId,
          type: EntryType.CASE_DATA,
          reportedOn: day(d.day),
          reportStatus: null,
          counts: countOf(d.typed),
        }));
        const worker = await engine.recomputeCaseEntries(key(), pending);
        const answer = await engine.validateEntries(key(), {
          body: {
            cases: drafts.map((d) => ({
              locationId: d.locationId,
              reportedOn: day(d.day),
              reportedCases: { [d.typed.half]: d.typed.value, userEntered: d.typed.half },
            })),
          },
          propagation: { propagate: false, propagateUptoDate: null },
          reportCollectionId: null,
        });
        expect(answer.processedReports).toHaveLength(drafts.length);
        for (const d of drafts) {
          const mine = worker.find((w) => w.key === d.key)?.counts.reportedCases;
          const theirs = answer.processedReports.find(
            (p) => p.locationId === d.locationId && p.reportedOn === day(d.day),
          )?.reportedCases;
          expect([mine?.cumulative, mine?.newCases]).toEqual([
            theirs?.cumulative,
            theirs?.newCases,
          ]);
        }
        // Running sums per place, in date order, from the committed figures before.
        for (const [place, before] of [
          [fx.place.toronto, 20],
          [fx.place.ontario, 0],
        ] as const) {
          let sum = before;
          for (const d of drafts
            .filter((x) => x.locationId === place)
            .sort((a, b) => a.day - b.day)) {
            const c = worker.find((w) => w.key === d.key)?.counts.reportedCases;
            sum += c?.newCases ?? 0;
            expect(c?.cumulative).toBe(sum);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** An answer without location names: the worker names only the places its detail lists. */
const unnamed = (a: ValidateAnswerJson | null) =>
  a === null
    ? null
    : {
        ...a,
        processedReports: a.processedReports.map(({ locationName: _, ...rest }) => rest),
        locations: a.locations.map(({ locationName: _, ...rest }) => rest),
      };

/**
 * Issue 6: the rules "run in the worker for instant feedback, and re-run by the server, which is
 * the authority". The worker's pre-check (checkEntries: validateSubmission over the history of
 * GET …/committedTimeline) and the server's validate give the same answer: Daily Totals, every
 * message, the cards and the success line.
 */
describe('the worker pre-check and the server validate agree', () => {
  const submission = (body: EntriesSubmission['body'], propagate = false): EntriesSubmission => ({
    body,
    propagation: { propagate, propagateUptoDate: null },
    reportCollectionId: null,
  });
  const both = async (
    k: { diseaseActivityId: number; countryId: number },
    s: EntriesSubmission,
  ) => {
    await engine.openActivityDetails(k);
    const mine = await engine.checkEntries(k, s);
    const theirs = await engine.validateEntries(k, s);
    expect(mine).not.toBeNull();
    return { mine: unnamed(mine), theirs: unnamed(theirs) };
  };

  it(
    'on random case entries before, between and after the committed ones',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(
            fc.record({
              toronto: fc.boolean(),
              day: fc.integer({ min: 2, max: 28 }),
              typed,
              deaths: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
            }),
            { minLength: 1, maxLength: 8, selector: (d) => `${d.toronto}:${d.day}` },
          ),
          async (drafts) => {
            const { mine, theirs } = await both(
              key(),
              submission({
                cases: drafts.map((d) => ({
                  locationId: d.toronto ? fx.place.toronto : fx.place.ontario,
                  reportedOn: day(d.day),
                  reportedCases: { [d.typed.half]: d.typed.value, userEntered: d.typed.half },
                  ...(d.deaths === null
                    ? {}
                    : { deaths: { newCases: d.deaths, userEntered: 'newCases' as const } }),
                })),
              }),
            );
            expect(mine).toEqual(theirs);
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it('on the other rules: dates, places, periods, travellers, check-ins, updates', async () => {
    const cases: EntriesSubmission[] = [
      submission({ cases: [{ locationId: fx.place.toronto, reportedOn: null }] }),
      submission({
        cases: [
          {
            locationId: fx.place.toronto,
            reportedOn: '2999-01-01',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      }),
      submission({
        cases: [
          {
            locationId: fx.place.toronto,
            reportedOn: '2024-01-20',
            reportedCases: { cumulative: 5, userEntered: 'cumulative' },
          },
        ],
      }),
      submission({ travellers: [{ locationId: fx.place.toronto, reportedOn: null, cases: null }] }),
      submission({
        inactivities: [
          { locationId: fx.place.toronto, reportedOn: '2024-01-20', inactivityReason: null },
        ],
      }),
      submission({
        descriptions: [
          {
            locationId: fx.place.canada,
            reportedOn: '2024-01-20',
            title: '',
            description: null,
            importance: null,
          },
        ],
      }),
      submission({
        reportingPeriods: [
          {
            locationId: fx.place.canada,
            reportedOn: '2024-01-20',
            type: EntryType.NEW_REPORTING_PERIOD,
            reportingPeriodType: 'NewOutbreak',
          },
        ],
      }),
      submission({
        reportingPeriods: [
          {
            locationId: fx.place.canada,
            reportedOn: '2024-01-20',
            type: EntryType.END_REPORTING_PERIOD,
          },
        ],
      }),
      submission(
        {
          cases: [
            {
              locationId: fx.place.toronto,
              reportedOn: '2024-01-20',
              reportedCases: { newCases: 2, userEntered: 'newCases' },
            },
          ],
        },
        true,
      ),
    ];
    const seen = new Set<string>();
    for (const s of cases) {
      const { mine, theirs } = await both(key(), s);
      expect(mine).toEqual(theirs);
      for (const m of mine?.messages ?? []) seen.add(m);
    }
    // The table reaches errors and warnings of several rules, not only the happy path.
    expect(seen.size).toBeGreaterThanOrEqual(8);
  });

  it('reads the history once per version of the detail', async () => {
    await engine.openActivityDetails(key());
    const first = await engine.prepareEntriesCheck(key());
    const again = await engine.prepareEntriesCheck(key());
    expect(again).toEqual({ entries: first?.entries, read: false, indexMs: 0 });
    // A save moves the version on: the next check reads the history again.
    const saved = await engine.saveEntries(key(), {
      body: {
        cases: [
          {
            locationId: fx.place.ontario,
            reportedOn: '2024-01-09',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      },
      propagation: { propagate: false, propagateUptoDate: null },
      reportCollectionId: null,
    });
    expect(saved.status).toBe('saved');
    await engine.openActivityDetails(key());
    expect(await engine.prepareEntriesCheck(key())).toMatchObject({ read: true });
  });

  it('on an activity locked by auto-surveillance entries waiting', async () => {
    const locked = { diseaseActivityId: fx.lockedActivityId, countryId: fx.place.canada };
    const { mine, theirs } = await both(
      locked,
      submission({
        cases: [
          {
            locationId: fx.place.toronto,
            reportedOn: '2024-01-07',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      }),
    );
    expect(mine?.result).toBeNull();
    expect(mine).toEqual(theirs);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { typedCumulative, typedNew, countsOf } from '../../tests/support/case-entries';
import { insertEntriesFixtures, type EntriesFixtures } from '../../tests/api/entries-fixtures';
import { startFixtureServer, type TestServer } from '../../tests/support/test-server';
import { EntryType } from '../../src/domain/enums';
import { createEngine } from '../engine';
import type { EngineApi } from '../engine-api';
import type { PendingCaseEntry } from './details-engine-api';

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

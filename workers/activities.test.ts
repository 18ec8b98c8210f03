import '@vitest/web-worker';
import * as Comlink from 'comlink';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivitySort, noActivityFilters } from '@domain/activity-index';
import type { NewActivity } from '@domain/disease-activities';
import { ReportingPeriodType } from '@domain/enums';
import { insertArticleFixtures } from '../tests/api/articles-fixtures';
import { createTestIdentity } from '../tests/support/test-identity';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { createEngine } from './engine';
import type { EngineApi } from './engine-contract';

/**
 * The engine's create call (spec 001 §7 POST /api/diseaseactivities) against the REAL server
 * (buildApp on PGlite over HTTP, a signed bearer token): created, then found by the next
 * search; a duplicate answered as 'duplicate' with the existing activity and no alert; a bad
 * body alerted 'IST Error: …' and rejected. Once on the engine object, once through the real
 * worker module over Comlink.
 */

let place = { canada: 0, ontario: 0 };

/** A valid new activity in Canada (the fixtures' activity is Anthrax in Canada in humans). */
const newActivity = (diseaseId: number, speciesId: number, riskModelId: number): NewActivity => ({
  diseaseId,
  countryId: place.canada,
  speciesId,
  riskModelId,
  publiclyVisible: false,
  daysNeededForUpdate: 14,
  allowedDaysGap: 365,
  totalCountStartDate: '2024-01-15',
  reportingPeriodType: ReportingPeriodType.NewOutbreak,
});

let server: TestServer;
let token = '';
let fixtureActivityId = 0;

beforeAll(async () => {
  const issuer = await createTestIdentity();
  server = await startTestServer({
    backend: 'pglite',
    identity: issuer.identity,
    prepare: async (db) => {
      const fx = await insertArticleFixtures(db);
      fixtureActivityId = fx.activityId;
      place = fx.place;
      await db.execute(
        sql`insert into risk_models (risk_model_id, display_name) values (2, 'Animal')`,
      );
    },
  });
  token = await issuer.token();
});
afterAll(() => server.close());

type Engine = Pick<
  EngineApi,
  'init' | 'setAccessToken' | 'loadActivities' | 'searchActivities' | 'createActivity'
>;

interface Harness {
  readonly engine: Engine;
  /** Callbacks as this transport passes them. */
  wrap<T extends object>(callbacks: T): T;
  dispose(): void;
}

/** Each transport creates its own activity (one server for both): [disease, species, risk]. */
const transports: [string, () => Harness, [number, number, number]][] = [
  [
    'on the engine object',
    () => ({ engine: createEngine(), wrap: (c) => c, dispose: () => undefined }),
    // Anthrax in cattle, the animal risk model.
    [1, 2, 2],
  ],
  [
    'through the real worker (Comlink)',
    () => {
      const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
      const remote = Comlink.wrap<EngineApi>(worker);
      return {
        engine: remote,
        wrap: (c) => Comlink.proxy(c),
        dispose: () => {
          remote[Comlink.releaseProxy]();
          worker.terminate();
        },
      };
    },
    // Cholera in humans, the human risk model.
    [2, 1, 1],
  ],
];

const search = (engine: Engine, searchText: string) =>
  engine.searchActivities({
    searchText,
    filters: noActivityFilters,
    sort: defaultActivitySort,
    page: 1,
  });

describe.each(transports)('createActivity %s', (_name, make, [disease, kind, risk]) => {
  let harness: Harness;
  const alerts: string[] = [];

  beforeAll(async () => {
    harness = make();
    await harness.engine.init(
      { apiUrl: `${server.baseUrl}/api` },
      harness.wrap({
        onUnauthorized: () => undefined,
        onApiError: (text: string) => void alerts.push(text),
      }),
    );
    await harness.engine.setAccessToken(token);
  });
  afterAll(() => harness.dispose());

  it('creates, and the next search reloads the list and finds the new activity', async () => {
    const { engine } = harness;
    const before = await engine.loadActivities(false);
    const created = await engine.createActivity(newActivity(disease, kind, risk));
    expect(created).toMatchObject({ status: 'created', countryId: place.canada });
    if (created.status !== 'created') throw new Error('not created');
    const page = await search(engine, '');
    expect(page.loaded).toBe(before.loaded + 1);
    const row = page.rows.find((r) => r.diseaseActivityId === created.diseaseActivityId);
    expect(row).toMatchObject({ diseaseId: disease, speciesId: kind, isVisible: false });
    expect(alerts).toEqual([]);
  });

  it('answers a duplicate with its message and the existing activity, without an alert', async () => {
    const result = await harness.engine.createActivity(newActivity(1, 1, 1));
    expect(result).toEqual({
      status: 'duplicate',
      message: '"Anthrax in Canada in Human" already exists.',
      diseaseActivityId: fixtureActivityId,
      countryId: place.canada,
    });
    expect(alerts).toEqual([]);
  });

  it('rejects a body the server refuses (400) with the IST Error alert', async () => {
    await expect(
      harness.engine.createActivity({ ...newActivity(2, 1, 1), countryId: place.ontario }),
    ).rejects.toMatchObject({ _tag: 'ApiError', status: 400 });
    // Through Comlink the callback is a message: it may land after the rejection.
    await expect
      .poll(() => alerts)
      .toEqual([`IST Error: Location ${place.ontario} is not a country.`]);
  });
});

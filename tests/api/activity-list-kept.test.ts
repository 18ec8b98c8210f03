import { eq } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { listDiseaseActivities } from '@server/db/repositories/disease-activities';
import { KeptActivityList } from '@server/http/api/kept-activity-list';
import { DiseaseActivityList, type DiseaseActivityListItem } from '@domain/disease-activities';
import type { TestServer } from '../support/test-server';
import { backends, startFixtureServer } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import { apiClient, insertArticleFixtures } from './articles-fixtures';

const decodeList = Schema.decodeUnknownSync(DiseaseActivityList);
const utcToday = () => new Date().toISOString().slice(0, 10);
const byId = (items: readonly DiseaseActivityListItem[]) =>
  [...items].sort((a, b) => a.diseaseActivityId - b.diseaseActivityId);

/**
 * The kept disease activity list (server/http/api/kept-activity-list.ts): after every kind of
 * change, GET /api/diseaseactivities and a kept list of our own answer exactly what a fresh
 * query of the whole list answers, and the kept list re-read only the changed activities
 * when the change log names them.
 */
describe.each(backends)('the kept activity list on %s', (backend) => {
  let server: TestServer;
  let fx: ArticleFixtures | undefined;
  let api: ReturnType<typeof apiClient>;
  /** Patches rows; prunes the log after 3 versions, keeping 1; whole list past 2 changed rows. */
  let kept: KeptActivityList;
  /** A second server's kept list, left behind while the log is pruned. */
  let lagging: KeptActivityList;

  beforeAll(async () => {
    const started = await startFixtureServer(backend, async (db) => {
      const inserted = await insertArticleFixtures(db);
      await db.insert(t.riskModels).values({ riskModelId: 2, displayName: 'Animal' });
      return inserted;
    });
    ({ server, fx } = started);
    const token = await started.issuer.token();
    api = apiClient(server.baseUrl, () => token);
    kept = new KeptActivityList(server.db, { pruneAfter: 3, keepVersions: 1, maxChangedRows: 2 });
    lagging = new KeptActivityList(server.db);
  });
  afterAll(() => server.close());

  const fixtures = () => {
    if (!fx) throw new Error('no fixtures');
    return fx;
  };
  const fresh = async (today = utcToday()) => byId(await listDiseaseActivities(server.db, today));
  const keptNow = async (list = kept, today = utcToday()) =>
    byId(decodeList(JSON.parse((await list.answer(today)).body.toString())));
  const served = async () => {
    const res = await api('GET', '/api/diseaseactivities');
    expect(res.status).toBe(200);
    return byId(decodeList(res.body));
  };
  /** Both kept lists agree with a fresh query; what the refresh did. */
  const expectCurrent = async () => {
    const expected = await fresh();
    expect(await keptNow()).toEqual(expected);
    expect(await served()).toEqual(expected);
    return kept.lastRefresh;
  };
  const createActivity = async (diseaseId: number, speciesId: number, riskModelId: number) => {
    const res = await api('POST', '/api/diseaseactivities', {
      json: {
        diseaseId,
        countryId: fixtures().place.canada,
        speciesId,
        riskModelId,
        publiclyVisible: true,
        daysNeededForUpdate: 14,
        allowedDaysGap: 365,
        totalCountStartDate: '2024-01-15',
        reportingPeriodType: 'NewOutbreak',
      },
    });
    expect(res.status).toBe(201);
    return (res.body as { diseaseActivityId: number }).diseaseActivityId;
  };

  let cattle = 0;

  it('reads the whole list first, then sends it as kept', async () => {
    expect(await expectCurrent()).toEqual({ kind: 'whole', rows: 1 });
    await lagging.answer(utcToday());
    expect(await expectCurrent()).toEqual({ kind: 'kept', rows: 0 });
  });

  it('re-reads only a created activity, listed last', async () => {
    cattle = await createActivity(1, 2, 2);
    expect(await expectCurrent()).toEqual({ kind: 'rows', rows: 1 });
    const ids = JSON.parse((await kept.answer(utcToday())).body.toString()) as {
      diseaseActivityId: number;
    }[];
    expect(ids.map((i) => i.diseaseActivityId)).toEqual([fixtures().activityId, cattle]);
  });

  it('re-reads only the activity whose country details changed', async () => {
    await server.db
      .update(t.diseaseActivityCountries)
      .set({ publiclyVisible: false, daysNeededForUpdate: 30 })
      .where(eq(t.diseaseActivityCountries.diseaseActivityId, cattle));
    expect(await expectCurrent()).toEqual({ kind: 'rows', rows: 1 });
    const item = (await served()).find((a) => a.diseaseActivityId === cattle);
    expect(item).toMatchObject({ isVisible: false, daysNeededForUpdate: 30 });
  });

  it('re-reads only the activity whose reports changed (trigger-kept summaries)', async () => {
    const { activityId, place } = fixtures();
    const [collection] = await server.db
      .insert(t.reportCollections)
      .values({ diseaseActivityId: activityId, countryId: place.canada, commitDate: new Date() })
      .returning({ id: t.reportCollections.id });
    await server.db.insert(t.reports).values({
      reportCollectionId: collection?.id ?? 0,
      diseaseActivityId: activityId,
      locationId: place.canada,
      type: 4,
      reportedOn: '2024-06-01',
      reportStatus: 2,
      reportedCumulative: 77,
      deathsCumulative: 3,
    });
    expect(await expectCurrent()).toEqual({ kind: 'rows', rows: 1 });
    const item = (await served()).find((a) => a.diseaseActivityId === activityId);
    expect(item).toMatchObject({ totalReportedCases: 77, lastReportDate: '2024-06-01' });
  });

  it('drops a deleted activity', async () => {
    const gone = await createActivity(2, 1, 1);
    await expectCurrent();
    await server.db
      .delete(t.reportingPeriods)
      .where(eq(t.reportingPeriods.diseaseActivityId, gone));
    await server.db
      .delete(t.diseaseActivityCountries)
      .where(eq(t.diseaseActivityCountries.diseaseActivityId, gone));
    await server.db
      .delete(t.diseaseActivities)
      .where(eq(t.diseaseActivities.diseaseActivityId, gone));
    expect((await expectCurrent()).kind).toBe('rows');
    expect((await served()).map((a) => a.diseaseActivityId)).not.toContain(gone);
  });

  it('reads the whole list when more activities changed than it patches', async () => {
    const { activityId } = fixtures();
    await server.db
      .update(t.diseaseActivityCountries)
      .set({ allowedDaysGap: 100 })
      .where(eq(t.diseaseActivityCountries.countryId, fixtures().place.canada));
    await server.db
      .update(t.diseaseActivities)
      .set({ hasNotableEvents: true })
      .where(eq(t.diseaseActivities.diseaseActivityId, activityId));
    // Two activities, then a third change: over the limit of 2 together.
    await createActivity(2, 1, 1);
    expect((await expectCurrent()).kind).toBe('whole');
  });

  it('reads the whole list when a name every row may show changes', async () => {
    await server.db
      .update(t.diseases)
      .set({ displayName: 'Anthrax (B. anthracis)' })
      .where(eq(t.diseases.diseaseId, 1));
    expect(await expectCurrent()).toEqual({ kind: 'whole', rows: 3 });
    expect((await served()).filter((a) => a.diseaseName === 'Anthrax (B. anthracis)')).toHaveLength(
      2,
    );
  });

  it('reads the whole list on a new UTC day (days since last update)', async () => {
    await kept.answer(utcToday());
    await kept.answer('2099-01-01');
    expect(kept.lastRefresh.kind).toBe('whole');
    expect(await keptNow(kept, '2099-01-01')).toEqual(await fresh('2099-01-01'));
  });

  it('prunes the change log; a list kept from before the prune reads the whole list', async () => {
    const state = async () => {
      const [row] = await server.db.select().from(t.activityListVersion);
      const changes = await server.db.select().from(t.activityListChanges);
      return { prunedThrough: row?.prunedThrough ?? 0, version: row?.version ?? 0, changes };
    };
    await kept.answer(utcToday());
    const after = await state();
    // Pruned to the latest version when more than 3 had piled up since the last prune.
    expect(after.prunedThrough).toBeGreaterThan(0);
    expect(after.version - after.prunedThrough).toBeLessThanOrEqual(3);
    expect(after.changes.every((c) => c.version > after.prunedThrough)).toBe(true);
    expect(
      byId(decodeList(JSON.parse((await lagging.answer(utcToday())).body.toString()))),
    ).toEqual(await fresh());
    expect(lagging.lastRefresh.kind).toBe('whole');
  });

  it('logs the activities a statement wrote, once per statement', async () => {
    const before = (await server.db.select().from(t.activityListVersion))[0]?.version ?? 0;
    await server.db
      .update(t.diseaseActivityCountries)
      .set({ notes: 'checked' })
      .where(eq(t.diseaseActivityCountries.countryId, fixtures().place.canada));
    const [row] = await server.db.select().from(t.activityListVersion);
    expect(row?.version).toBe(before + 1);
    const logged = await server.db
      .select()
      .from(t.activityListChanges)
      .where(eq(t.activityListChanges.version, before + 1));
    const detailed = await server.db
      .select({ id: t.diseaseActivityCountries.diseaseActivityId })
      .from(t.diseaseActivityCountries);
    expect(logged.map((c) => c.diseaseActivityId).sort()).toEqual(detailed.map((d) => d.id).sort());
  });
});

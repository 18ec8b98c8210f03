import { eq } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { DiseaseActivityList } from '@domain/disease-activities';
import { messages } from '@domain/messages';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import { apiClient, insertArticleFixtures } from './articles-fixtures';

const decodeList = Schema.decodeUnknownSync(DiseaseActivityList, { onExcessProperty: 'error' });
const utcToday = () => new Date().toISOString().slice(0, 10);

/** Cattle anthrax in Canada: valid, not yet an activity (the fixture one is in humans). */
const cattleAnthrax = {
  diseaseId: 1,
  countryId: 6251999,
  speciesId: 2,
  riskModelId: 2,
  publiclyVisible: true,
  daysNeededForUpdate: 14,
  allowedDaysGap: 365,
  totalCountStartDate: '2024-01-15',
  reportingPeriodType: 'NewOutbreak',
  lastUpdatedBy: 'ignored',
};

/** Every §5 message of the new activity form, in form order. */
const allMessages = [
  'Disease is required',
  'Country is required',
  'Species is required',
  'Risk model is required',
  'Visibility is required',
  'Number of days for update required is required',
  'Update frequency is required',
  'Reporting Period Start Date is required',
  'Reporting Period Type is required',
];

describe.each(backends)('Disease activities index API on %s', (backend) => {
  let server: TestServer;
  let fx: ArticleFixtures | undefined;
  let api: ReturnType<typeof apiClient>;
  let anonymous: ReturnType<typeof apiClient>;
  let token = '';

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: async (db) => {
        fx = await insertArticleFixtures(db);
        await db.insert(t.riskModels).values({ riskModelId: 2, displayName: 'Animal' });
      },
    });
    token = await issuer.token();
    api = apiClient(server.baseUrl, () => token);
    anonymous = apiClient(server.baseUrl, () => 'not-a-token');
  });
  afterAll(() => server.close());

  const fixtures = () => {
    if (!fx) throw new Error('no fixtures');
    return fx;
  };
  const list = async () => {
    const res = await api('GET', '/api/diseaseactivities');
    expect(res.status).toBe(200);
    return decodeList(res.body);
  };

  describe('GET /api/diseaseactivities', () => {
    it('computes every list field from the stored reports', async () => {
      const { activityId, commitDate } = fixtures();
      const item = (await list()).find((a) => a.diseaseActivityId === activityId);
      expect(item).toEqual({
        activityId,
        diseaseActivityId: activityId,
        diseaseId: 1,
        diseaseName: 'Anthrax',
        locationId: 6251999,
        locationName: 'Canada',
        speciesId: 1,
        speciesName: 'Human',
        speciesGroup: 1,
        // No Daily Total yet.
        totalReportedCases: null,
        totalNumberOfDeaths: null,
        lastReportDate: '2024-05-10',
        lastCommittedDate: commitDate.toISOString(),
        // Deleted entries never count; the deleted report's article neither.
        numberOfArticles: 1,
        numberOfReports: 6,
        numberOfUncommittedReports: 1,
        commitStatus: 'PartiallyCommited',
        // The fixture activity has no country details row and no open reporting period.
        isVisible: false,
        daysNeededForUpdate: 14,
        daysSinceLastUpdate: expect.any(Number) as number,
        activityStatus: 2,
        asReviewRequired: false,
        lastCommittedBy: 'Amara Okafor',
        isAutoCommitFailed: false,
        asReviewStatus: 1,
      });
    });

    it('follows report writes (totals, commit status, review status)', async () => {
      const { activityId, report, place, analystId } = fixtures();
      const db = server.db;
      // An auto-commit user commits a Daily Total and an auto-surveillance entry; the saved
      // entry is committed.
      const [auto] = await db
        .insert(t.users)
        .values({
          subject: 'ist-auto-commit',
          givenName: 'Auto',
          familyName: 'Commit',
          initials: 'A',
        })
        .returning({ id: t.users.id });
      const [collection] = await db
        .insert(t.reportCollections)
        .values({
          diseaseActivityId: activityId,
          countryId: place.canada,
          commitDate: new Date(),
          lastUpdatedByUserId: auto?.id ?? analystId,
        })
        .returning({ id: t.reportCollections.id });
      if (!collection) throw new Error('no collection');
      await db.insert(t.reports).values([
        {
          reportCollectionId: collection.id,
          diseaseActivityId: activityId,
          locationId: place.canada,
          type: 4,
          reportedOn: '2024-05-12',
          reportStatus: 2,
          reportedCumulative: 40,
          deathsCumulative: 2,
        },
        {
          reportCollectionId: collection.id,
          diseaseActivityId: activityId,
          locationId: place.toronto,
          type: 3,
          reportedOn: '2024-05-12',
          reportStatus: 2,
          reportedNewCases: 2,
        },
      ]);
      await db.update(t.reports).set({ reportStatus: 2 }).where(eq(t.reports.id, report.caseSaved));
      const item = (await list()).find((a) => a.diseaseActivityId === activityId);
      expect(item).toMatchObject({
        totalReportedCases: 40,
        totalNumberOfDeaths: 2,
        lastReportDate: '2024-05-12',
        numberOfReports: 7,
        numberOfUncommittedReports: 0,
        commitStatus: 'AutoCommitted',
        asReviewStatus: 2,
        lastCommittedBy: 'Auto Commit',
        daysSinceLastUpdate: 0,
      });
    });

    it('answers from the kept list until something it shows changes', async () => {
      const { activityId } = fixtures();
      const first = await api('GET', '/api/diseaseactivities');
      const again = await api('GET', '/api/diseaseactivities');
      expect(again.body).toEqual(first.body);
      // A renamed committer is a change the index shows (lastCommittedBy; the test above
      // left the auto-commit user as the last one).
      const auto = eq(t.users.subject, 'ist-auto-commit');
      await server.db.update(t.users).set({ givenName: 'Robot' }).where(auto);
      const renamed = (await list()).find((a) => a.diseaseActivityId === activityId);
      expect(renamed?.lastCommittedBy).toBe('Robot Commit');
      await server.db.update(t.users).set({ givenName: 'Auto' }).where(auto);
    });

    it('sends the list gzipped to clients that accept it', async () => {
      const res = await fetch(`${server.baseUrl}/api/diseaseactivities`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('accept-encoding');
      // fetch decompresses: the same list as a plain request.
      expect(decodeList(await res.json())).toEqual(await list());
    });

    it('GET /api/countries lists the country-type locations only, with their points', async () => {
      const res = await api('GET', '/api/countries');
      expect(res.status).toBe(200);
      // The fixture's point for Canada, as two numbers (issue 19).
      expect(res.body).toEqual([
        {
          countryId: 6251999,
          name: 'Canada',
          isoCode: null,
          latitude: 56.1304,
          longitude: -106.3468,
        },
      ]);
      expect((await anonymous('GET', '/api/countries')).status).toBe(401);
    });

    it('refuses a request without a valid bearer token', async () => {
      const res = await anonymous('GET', '/api/diseaseactivities');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: ['Unauthorized'] });
    });
  });

  describe('POST /api/diseaseactivities', () => {
    it('creates the activity, its country details and its first reporting period', async () => {
      const res = await api('POST', '/api/diseaseactivities', { json: cattleAnthrax });
      expect(res.status).toBe(201);
      const created = res.body as { diseaseActivityId: number; countryId: number };
      expect(created.countryId).toBe(6251999);
      expect(res.headers.get('location')).toBe(
        `/api/diseaseactivities/${created.diseaseActivityId}/countries/6251999/numDays/5`,
      );
      const item = (await list()).find((a) => a.diseaseActivityId === created.diseaseActivityId);
      expect(item).toMatchObject({
        diseaseName: 'Anthrax',
        locationName: 'Canada',
        speciesName: 'Cattle',
        speciesGroup: 2,
        commitStatus: 'New',
        activityStatus: 0,
        daysSinceLastUpdate: 0,
        isVisible: true,
        numberOfReports: 0,
        numberOfArticles: 0,
        lastCommittedDate: null,
        lastCommittedBy: null,
        asReviewStatus: 0,
      });
      const [details] = await server.db
        .select()
        .from(t.diseaseActivityCountries)
        .where(eq(t.diseaseActivityCountries.diseaseActivityId, created.diseaseActivityId));
      expect(details).toMatchObject({
        riskModelId: 2,
        publiclyVisible: true,
        daysNeededForUpdate: 14,
        allowedDaysGap: 365,
        totalCountStartDate: '2024-01-15',
      });
      const periods = await server.db
        .select()
        .from(t.reportingPeriods)
        .where(eq(t.reportingPeriods.diseaseActivityId, created.diseaseActivityId));
      expect(periods).toMatchObject([
        { startDate: '2024-01-15', endDate: null, reportingPeriodType: 'NewOutbreak' },
      ]);
    });

    it('refuses a duplicate disease, country and species with the activity to go to', async () => {
      const { activityId } = fixtures();
      const res = await api('POST', '/api/diseaseactivities', {
        json: { ...cattleAnthrax, speciesId: 1, riskModelId: 1 },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        errors: ['"Anthrax in Canada in Human" already exists.'],
        diseaseActivityId: activityId,
        countryId: 6251999,
      });
    });

    it('lists every §5 message for an empty form, in form order', async () => {
      const res = await api('POST', '/api/diseaseactivities', {
        json: {
          diseaseId: 0,
          countryId: 0,
          speciesId: 0,
          riskModelId: null,
          daysNeededForUpdate: null,
          allowedDaysGap: '',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: allMessages });
    });

    it.each([
      [{ daysNeededForUpdate: 0 }, messages.daysNeededForUpdateMin],
      [{ daysNeededForUpdate: 367 }, messages.daysNeededForUpdateMax],
      [{ allowedDaysGap: 0 }, messages.allowedDaysGapMin],
      [{ allowedDaysGap: 1001 }, messages.allowedDaysGapMax],
      [{ allowedDaysGap: 2.5 }, 'Update frequency must be a whole number.'],
      [{ totalCountStartDate: '1999-12-31' }, messages.reportingPeriodStartDateRange],
      [{ totalCountStartDate: '2099-01-01' }, messages.reportingPeriodStartDateRange],
      [{ totalCountStartDate: '2024-02-30' }, messages.reportingPeriodStartDateRange],
      [{ reportingPeriodType: 'Sometimes' }, messages.reportingPeriodTypeRequired],
      [{ publiclyVisible: 'yes' }, messages.visibilityRequired],
      [{ riskModelId: 0 }, messages.riskModelRequired],
    ])('refuses %j with its message', async (change, message) => {
      const res = await api('POST', '/api/diseaseactivities', {
        json: { ...cattleAnthrax, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [message] });
    });

    it.each([
      [{ riskModelId: 1 }, 'Human is only for the human species: choose another risk model.'],
      [{ diseaseId: 2 }, 'Cholera does not affect Cattle: choose a disease of that species.'],
      [{ countryId: 6167865 }, 'Location 6167865 is not a country.'],
      [{ diseaseId: 99 }, 'Unknown disease 99.'],
      [{ riskModelId: 77 }, 'Unknown risk model 77.'],
    ])('refuses references that do not fit: %j', async (change, message) => {
      const res = await api('POST', '/api/diseaseactivities', {
        json: { ...cattleAnthrax, speciesId: 2, countryId: 6251999, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [message] });
    });

    it('refuses bodies that are not a new activity', async () => {
      for (const raw of ['[]', '"x"', '{"diseaseId":']) {
        const res = await api('POST', '/api/diseaseactivities', { raw });
        expect(res.status).toBe(400);
        expect((res.body as { errors: string[] }).errors.length).toBeGreaterThan(0);
      }
      const anon = await anonymous('POST', '/api/diseaseactivities', { json: cattleAnthrax });
      expect(anon.status).toBe(401);
    });

    it('accepts today as the start date', async () => {
      const res = await api('POST', '/api/diseaseactivities', {
        json: {
          ...cattleAnthrax,
          diseaseId: 2,
          speciesId: 1,
          riskModelId: 1,
          totalCountStartDate: utcToday(),
        },
      });
      expect(res.status).toBe(201);
    });
  });
});

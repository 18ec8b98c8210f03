import { afterAll, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { apiClient } from './articles-fixtures';
import type { Backend, TestServer } from '../support/test-server';
import { startFixtureServer } from '../support/test-server';

/**
 * An activity with committed history for the entries API tests: Anthrax in humans in Canada,
 * a period open since 2024-01-01, Toronto case data on 2024-01-05 (reported 10, deaths 1) and
 * 2024-01-10 (reported 20, deaths 1) with their Daily Totals; and Cholera in Canada with an
 * auto-surveillance entry waiting (manual entry locked).
 */
export interface EntriesFixtures {
  readonly place: {
    readonly canada: number;
    readonly ontario: number;
    readonly toronto: number;
    readonly paris: number;
  };
  readonly activityId: number;
  readonly lockedActivityId: number;
  readonly article: number;
  readonly periodId: number;
  /** The 2024-01-10 Toronto case entry, linked to `article`. */
  readonly linkedCaseId: number;
}

const place = {
  canada: 6251999,
  ontario: 6093943,
  toronto: 6167865,
  france: 3017382,
  paris: 2988507,
};

/** A `locations` row for a place of `countryId` under `parentId` (type 4 a province, 2 a city). */
export const placeRow =
  (countryId: number) => (id: number, name: string, type: number, parentId: number) => ({
    id,
    name,
    locationType: type,
    countryId,
    parentId,
    displayName: name,
  });

export async function insertEntriesFixtures(db: Db): Promise<EntriesFixtures> {
  await insertLookupFixtures(db);
  const [analyst] = await db
    .insert(t.users)
    .values({ subject: 'seed-analyst', givenName: 'Amara', familyName: 'Okafor', initials: 'AO' })
    .returning({ id: t.users.id });
  if (!analyst) throw new Error('no analyst');
  await db.insert(t.locations).values([
    {
      id: place.canada,
      name: 'Canada',
      locationType: 6,
      countryId: place.canada,
      displayName: 'Canada',
    },
    {
      id: place.france,
      name: 'France',
      locationType: 6,
      countryId: place.france,
      displayName: 'France',
    },
  ]);
  await db.insert(t.locations).values([
    {
      id: place.ontario,
      name: 'Ontario',
      locationType: 4,
      countryId: place.canada,
      parentId: place.canada,
      displayName: 'Ontario',
    },
    {
      id: place.paris,
      name: 'Paris',
      locationType: 2,
      countryId: place.france,
      parentId: place.france,
      displayName: 'Paris',
    },
  ]);
  await db.insert(t.locations).values({
    id: place.toronto,
    name: 'Toronto',
    locationType: 2,
    countryId: place.canada,
    provinceId: place.ontario,
    parentId: place.ontario,
    displayName: 'Toronto, Ontario',
  });
  const [article] = await db
    .insert(t.articles)
    .values({
      title: 'Anthrax in Toronto',
      originalSourceUrl: 'https://news.example/a',
      feedId: 10,
      hamTypeId: 3,
    })
    .returning({ id: t.articles.articleId });
  if (!article) throw new Error('no article');

  const [activity, locked] = await db
    .insert(t.diseaseActivities)
    .values([
      { diseaseId: 1, countryId: place.canada, speciesId: 1 },
      { diseaseId: 2, countryId: place.canada, speciesId: 1 },
    ])
    .returning({ id: t.diseaseActivities.diseaseActivityId });
  if (!activity || !locked) throw new Error('no activity');
  await db.insert(t.diseaseActivityCountries).values([
    {
      diseaseActivityId: activity.id,
      countryId: place.canada,
      riskModelId: 1,
      totalCountStartDate: '2024-01-01',
      allowedDaysGap: 14,
    },
    {
      diseaseActivityId: locked.id,
      countryId: place.canada,
      riskModelId: 1,
      totalCountStartDate: '2024-01-01',
    },
  ]);
  const [period] = await db
    .insert(t.reportingPeriods)
    .values([
      {
        diseaseActivityId: activity.id,
        startDate: '2024-01-01',
        reportingPeriodType: 'NewOutbreak',
      },
      { diseaseActivityId: locked.id, startDate: '2024-01-01', reportingPeriodType: 'NewOutbreak' },
    ])
    .returning({ id: t.reportingPeriods.id });
  if (!period) throw new Error('no period');

  const commit = (day: string) => new Date(`${day}T12:00:00Z`);
  const collections = await db
    .insert(t.reportCollections)
    .values(
      ['2024-01-01', '2024-01-05', '2024-01-10'].map((day) => ({
        diseaseActivityId: activity.id,
        countryId: place.canada,
        commitDate: commit(day),
        lastUpdatedByUserId: analyst.id,
      })),
    )
    .returning({ id: t.reportCollections.id });
  const [c1, c5, c10] = collections.map((c) => c.id);
  if (c1 === undefined || c5 === undefined || c10 === undefined) throw new Error('no collections');
  const base = {
    diseaseActivityId: activity.id,
    reportStatus: 2,
    updatedByUserId: analyst.id,
    reportingPeriodId: period.id,
  };
  const cases = (reported: [number, number], deaths: [number, number]) => ({
    reportedCumulative: reported[0],
    reportedNewCases: reported[1],
    deathsCumulative: deaths[0],
    deathsNewCases: deaths[1],
  });
  await db.insert(t.reports).values([
    {
      ...base,
      reportCollectionId: c1,
      locationId: place.canada,
      type: 6,
      reportedOn: '2024-01-01',
      reportingPeriodType: 'NewOutbreak' as const,
    },
    {
      ...base,
      reportCollectionId: c5,
      locationId: place.toronto,
      type: 0,
      reportedOn: '2024-01-05',
      userEntriesCount: 1,
      ...cases([10, 10], [1, 1]),
      reportedUserEntered: 'newCases' as const,
      deathsUserEntered: 'newCases' as const,
    },
    {
      ...base,
      reportCollectionId: c5,
      locationId: place.toronto,
      type: 4,
      reportedOn: '2024-01-05',
      userEntriesCount: 1,
      ...cases([10, 10], [1, 1]),
    },
    {
      ...base,
      reportCollectionId: c10,
      locationId: place.toronto,
      type: 0,
      reportedOn: '2024-01-10',
      userEntriesCount: 1,
      ...cases([20, 10], [1, 0]),
      reportedUserEntered: 'cumulative' as const,
      deathsUserEntered: 'newCases' as const,
    },
    {
      ...base,
      reportCollectionId: c10,
      locationId: place.toronto,
      type: 4,
      reportedOn: '2024-01-10',
      userEntriesCount: 1,
      ...cases([20, 10], [1, 0]),
    },
  ]);

  const [linked] = await db
    .select({ id: t.reports.id })
    .from(t.reports)
    .where(and(eq(t.reports.reportCollectionId, c10), eq(t.reports.type, 0)));
  if (!linked) throw new Error('no case entry');
  await db.insert(t.reportArticles).values({ reportId: linked.id, articleId: article.id });
  await db.insert(t.articleDiseases).values({ articleId: article.id, diseaseId: 1 });

  const [pendingAs] = await db
    .insert(t.reportCollections)
    .values({ diseaseActivityId: locked.id, countryId: place.canada, commitDate: null })
    .returning({ id: t.reportCollections.id });
  if (!pendingAs) throw new Error('no collection');
  await db.insert(t.reports).values({
    diseaseActivityId: locked.id,
    reportCollectionId: pendingAs.id,
    locationId: place.toronto,
    type: 3,
    reportedOn: '2024-01-06',
    reportStatus: 1,
    reportedCumulative: 4,
    reportedNewCases: 4,
    reportedUserEntered: 'cumulative',
    sourceId: 'AS-CA-2',
    autoSurveillanceCaseId: 'ASC-1',
  });
  return {
    place: {
      canada: place.canada,
      ontario: place.ontario,
      toronto: place.toronto,
      paris: place.paris,
    },
    activityId: activity.id,
    lockedActivityId: locked.id,
    article: article.id,
    periodId: period.id,
    linkedCaseId: linked.id,
  };
}

/**
 * A server with the entries fixtures and two analysts' API clients (their tokens carry
 * amara@ist.example and lukas@ist.example); `env` adds configuration (SMTP_URL…).
 */
export async function startEntriesServer(
  backend: Backend,
  env: Readonly<Record<string, string>> = {},
): Promise<{
  server: TestServer;
  fx: EntriesFixtures;
  amara: ReturnType<typeof apiClient>;
  lukas: ReturnType<typeof apiClient>;
  anonymous: ReturnType<typeof apiClient>;
}> {
  const { server, fx, issuer } = await startFixtureServer(backend, insertEntriesFixtures, env);
  const amaraToken = await issuer.token({
    sub: 'amara',
    givenName: 'Amara',
    familyName: 'Okafor',
    email: 'amara@ist.example',
  });
  const lukasToken = await issuer.token({
    sub: 'lukas',
    givenName: 'Lukas',
    familyName: 'Schneider',
    email: 'lukas@ist.example',
  });
  return {
    server,
    fx,
    amara: apiClient(server.baseUrl, () => amaraToken),
    lukas: apiClient(server.baseUrl, () => lukasToken),
    anonymous: apiClient(server.baseUrl, () => ''),
  };
}

/** What useEntriesServer gives a test file: the server, its fixtures and the analysts' clients. */
export type EntriesServer = Awaited<ReturnType<typeof startEntriesServer>>;

/**
 * Starts the entries fixtures' server before a file's tests and closes it after: the clients
 * forward to the started server, so they can be taken apart at once.
 */
export function useEntriesServer(
  backend: Backend,
  env: Readonly<Record<string, string>> = {},
): EntriesServer {
  let started: EntriesServer | undefined;
  beforeAll(async () => {
    started = await startEntriesServer(backend, env);
  });
  afterAll(() => started?.server.close());
  const get = (): EntriesServer => {
    if (started === undefined) throw new Error('The entries server starts in beforeAll.');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get fx() {
      return get().fx;
    },
    amara: (...args) => get().amara(...args),
    lukas: (...args) => get().lukas(...args),
    anonymous: (...args) => get().anonymous(...args),
  };
}

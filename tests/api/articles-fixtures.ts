import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { reindexAll } from '@server/search/indexer';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import type { Backend, TestServer } from '../support/test-server';
import { startFixtureServer } from '../support/test-server';

/** Ids of what {@link insertArticleFixtures} made (articles and reports get generated ids). */
export interface ArticleFixtures {
  readonly place: { readonly canada: number; readonly ontario: number; readonly toronto: number };
  readonly analystId: number;
  readonly article: {
    /** Feed article in cluster 7: Anthrax, Toronto, tag Hospital, suggested tag School. */
    readonly anthrax: number;
    /** Feed article in cluster 7: Cholera; linked only to a deleted report. */
    readonly cholera: number;
    /** Second-data-store article in cluster 8. */
    readonly cosmos: number;
  };
  readonly activityId: number;
  readonly report: {
    readonly caseCommitted: number;
    readonly descriptionCommitted: number;
    readonly travellerCommitted: number;
    readonly inactivityCommitted: number;
    readonly autoSurveillance: number;
    readonly caseSaved: number;
    readonly caseDeleted: number;
  };
  readonly commitDate: Date;
}

const place = { canada: 6251999, ontario: 6093943, toronto: 6167865 } as const;

/**
 * Lookups, three places, article sources, three articles, one disease activity (Anthrax in
 * Canada) with reports of every linkable kind, then reindexAll.
 */
export async function insertArticleFixtures(db: Db): Promise<ArticleFixtures> {
  await insertLookupFixtures(db);
  const [analyst] = await db
    .insert(t.users)
    .values({ subject: 'analyst-amara', givenName: 'Amara', familyName: 'Okafor', initials: 'AO' })
    .returning({ id: t.users.id });
  if (!analyst) throw new Error('no analyst');
  await db.insert(t.locations).values({
    id: place.canada,
    name: 'Canada',
    locationType: 6,
    population: 38_000_000,
    displayName: 'Canada',
    latitude: 56.1304,
    longitude: -106.3468,
  });
  await db.insert(t.locations).values({
    id: place.ontario,
    name: 'Ontario',
    locationType: 4,
    countryId: place.canada,
    parentId: place.canada,
    displayName: 'Ontario',
  });
  await db.insert(t.locations).values({
    id: place.toronto,
    name: 'Toronto',
    locationType: 2,
    countryId: place.canada,
    provinceId: place.ontario,
    parentId: place.ontario,
    displayName: 'Toronto, Ontario',
  });
  await db.insert(t.dataSources).values([
    { domain: 'who.int', categoryId: 1, groupId: 1, priorityId: 1 },
    { domain: 'afro.who.int', categoryId: 1, groupId: 1, priorityId: 2 },
    { domain: 'news.example', categoryId: 2, groupId: 2, priorityId: 2 },
  ]);
  const day = (d: number) => new Date(Date.UTC(2024, 4, d, 12, 0, 0));
  const rows = await db
    .insert(t.articles)
    .values([
      {
        title: 'Anthrax outbreak in cattle near Toronto',
        originalSourceUrl: 'https://news.example/1',
        feedId: 10,
        hamTypeId: 3,
        publishedDate: day(1),
        insertedDate: day(2),
        sourceCategoryId: 2,
        sourceGroupId: 2,
        sourcePriorityId: 1,
        clusterId: 7,
        summary: 'Cattle deaths reported.',
        body: '<p>Anthrax confirmed in cattle.</p>',
        originalLanguage: 'English',
      },
      {
        title: 'Cholera cases rise in Ottawa',
        originalSourceUrl: 'https://news.example/2',
        feedId: 10,
        hamTypeId: 3,
        insertedDate: day(4),
        clusterId: 7,
        isRead: true,
      },
      {
        title: 'Feed system report',
        originalSourceUrl: 'https://feed.example/5',
        feedId: 1,
        hamTypeId: 3,
        insertedDate: day(8),
        clusterId: 8,
        isCosmosDbArticle: true,
        summary: 'From the second store.',
      },
    ])
    .returning({ id: t.articles.articleId });
  const [anthrax, cholera, cosmos] = rows.map((r) => r.id);
  if (anthrax === undefined || cholera === undefined || cosmos === undefined) {
    throw new Error('articles not inserted');
  }
  await db.insert(t.articleDiseases).values([
    { articleId: anthrax, diseaseId: 1 },
    { articleId: cholera, diseaseId: 2 },
  ]);
  await db.insert(t.articleLocations).values([{ articleId: anthrax, locationId: place.toronto }]);
  await db.insert(t.articleContextTags).values([
    { articleId: anthrax, contextTagId: 1 },
    { articleId: anthrax, contextTagId: 2, suggested: true },
  ]);

  const [activity] = await db
    .insert(t.diseaseActivities)
    .values({ diseaseId: 1, countryId: place.canada, speciesId: 1 })
    .returning({ id: t.diseaseActivities.diseaseActivityId });
  if (!activity) throw new Error('no activity');
  const commitDate = new Date(Date.UTC(2024, 4, 11, 9, 30, 0));
  const [committed, saved] = await db
    .insert(t.reportCollections)
    .values([
      {
        diseaseActivityId: activity.id,
        countryId: place.canada,
        commitDate,
        lastUpdatedByUserId: analyst.id,
      },
      { diseaseActivityId: activity.id, countryId: place.canada, commitDate: null },
    ])
    .returning({ id: t.reportCollections.id });
  if (!committed || !saved) throw new Error('no collections');
  const base = {
    reportCollectionId: committed.id,
    diseaseActivityId: activity.id,
    reportedOn: '2024-05-10',
    reportStatus: 2,
  };
  const reportRows = await db
    .insert(t.reports)
    .values([
      {
        ...base,
        locationId: place.toronto,
        type: 0,
        updatedByUserId: analyst.id,
        reportedNewCases: 3,
        reportedCumulative: 3,
      },
      {
        ...base,
        locationId: place.canada,
        type: 1,
        description: 'Cases in cattle.',
        importance: 'Standard' as const,
      },
      { ...base, locationId: place.canada, type: 2, travellerCases: 1 },
      { ...base, locationId: place.canada, type: 5, inactivityReason: 'NoNewCases' as const },
      { ...base, locationId: place.toronto, type: 3, reportedNewCases: 1 },
      {
        ...base,
        reportCollectionId: saved.id,
        locationId: place.toronto,
        type: 0,
        reportStatus: 1,
      },
      { ...base, locationId: place.toronto, type: 0, reportStatus: 0 },
    ])
    .returning({ id: t.reports.id });
  const ids = reportRows.map((r) => r.id);
  const [caseCommitted, descriptionCommitted, travellerCommitted, inactivityCommitted] = ids;
  const [, , , , autoSurveillance, caseSaved, caseDeleted] = ids;
  if (
    caseCommitted === undefined ||
    descriptionCommitted === undefined ||
    travellerCommitted === undefined ||
    inactivityCommitted === undefined ||
    autoSurveillance === undefined ||
    caseSaved === undefined ||
    caseDeleted === undefined
  ) {
    throw new Error('reports not inserted');
  }
  await db.insert(t.reportArticles).values([
    { reportId: caseCommitted, articleId: anthrax },
    { reportId: descriptionCommitted, articleId: anthrax },
    { reportId: caseDeleted, articleId: cholera },
  ]);
  await reindexAll(db);
  return {
    place,
    analystId: analyst.id,
    article: { anthrax, cholera, cosmos },
    activityId: activity.id,
    report: {
      caseCommitted,
      descriptionCommitted,
      travellerCommitted,
      inactivityCommitted,
      autoSurveillance,
      caseSaved,
      caseDeleted,
    },
    commitDate,
  };
}

/** A response's status and parsed JSON body (undefined when empty). */
export interface JsonAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/**
 * Calls the API with a bearer token; `raw` sends a body exactly as given (bad JSON tests),
 * `headers` adds headers (If-Match).
 */
export function apiClient(baseUrl: string, token: () => string) {
  return async (
    method: string,
    path: string,
    options: {
      readonly json?: unknown;
      readonly raw?: string;
      readonly headers?: Readonly<Record<string, string>>;
    } = {},
  ): Promise<JsonAnswer> => {
    const headers: Record<string, string> = {
      ...options.headers,
      authorization: `Bearer ${token()}`,
    };
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if ('json' in options) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
}

/** A server on `backend` with the article fixtures, a signed-in API client, and the fixtures. */
export async function startArticlesServer(backend: Backend): Promise<{
  server: TestServer;
  fx: ArticleFixtures;
  api: ReturnType<typeof apiClient>;
}> {
  const { server, fx, issuer } = await startFixtureServer(backend, insertArticleFixtures);
  const token = await issuer.token();
  return { server, fx, api: apiClient(server.baseUrl, () => token) };
}

import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { reindexAll } from '@server/search/indexer';
import { insertLookupFixtures } from './lookup-fixtures';

/** Gazetteer ids of the fixture locations. */
export const place = {
  canada: 6251999,
  ontario: 6093943,
  toronto: 6167865,
  torontoDuplicate: 9000001,
  ottawa: 6094817,
  york: 6185377,
  unitedStates: 6252001,
  newYork: 5128581,
} as const;

/**
 * The lookup fixtures plus a few locations and six articles (one from the second data store,
 * one added by an analyst), then reindexAll: what the search API tests query.
 */
export async function insertSearchFixtures(db: Db): Promise<void> {
  await insertLookupFixtures(db);
  const [analyst] = await db
    .insert(t.users)
    .values({ subject: 'analyst-amara', givenName: 'Amara', familyName: 'Okafor' })
    .returning({ id: t.users.id });
  await db.insert(t.locations).values([
    {
      id: place.canada,
      name: 'Canada',
      locationType: 6,
      population: 38_000_000,
      displayName: 'Canada',
    },
    {
      id: place.unitedStates,
      name: 'United States',
      locationType: 6,
      population: 330_000_000,
      displayName: 'United States',
    },
  ]);
  await db.insert(t.locations).values([
    {
      id: place.ontario,
      name: 'Ontario',
      locationType: 4,
      countryId: place.canada,
      parentId: place.canada,
      population: 14_000_000,
      displayName: 'Ontario',
    },
  ]);
  await db.insert(t.locations).values([
    {
      id: place.toronto,
      name: 'Toronto',
      locationType: 2,
      countryId: place.canada,
      provinceId: place.ontario,
      parentId: place.ontario,
      population: 2_700_000,
      featureCode: 'PPLA',
      displayName: 'Toronto, Ontario',
    },
    {
      id: place.torontoDuplicate,
      name: 'Toronto',
      locationType: 2,
      countryId: place.canada,
      provinceId: place.ontario,
      parentId: place.ontario,
      population: 2_800_000,
      isDuplicate: true,
      displayName: 'Toronto, Ontario',
    },
    {
      id: place.ottawa,
      name: 'Ottawa',
      locationType: 2,
      countryId: place.canada,
      provinceId: place.ontario,
      parentId: place.ontario,
      population: 1_000_000,
      featureCode: 'PPLC',
      displayName: 'Ottawa, Ontario',
      latitude: 45.4215,
      longitude: -75.6972,
    },
    {
      id: place.york,
      name: 'York',
      locationType: 9,
      countryId: place.canada,
      provinceId: place.ontario,
      parentId: place.ontario,
      population: 1_100_000,
      displayName: 'York, Ontario',
    },
    {
      id: place.newYork,
      name: 'New York City',
      locationType: 2,
      countryId: place.unitedStates,
      population: 8_000_000,
      displayName: 'New York City',
    },
  ]);
  const day = (d: number) => new Date(Date.UTC(2024, 4, d, 12, 30, 5));
  await db.insert(t.articles).values([
    {
      articleId: 1,
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
      originalLanguage: 'en',
    },
    {
      articleId: 2,
      title: 'Cholera cases rise in Ottawa',
      originalSourceUrl: 'https://news.example/2',
      feedId: 10,
      hamTypeId: 3,
      publishedDate: day(3),
      insertedDate: day(4),
      sourceCategoryId: 1,
      sourceGroupId: 1,
      sourcePriorityId: 2,
      clusterId: 7,
      isRead: true,
      summary: 'Cholera update.',
      originalLanguage: 'fr',
    },
    {
      articleId: 3,
      title: 'Spam about nothing',
      originalSourceUrl: 'https://spam.example/3',
      feedId: 1,
      hamTypeId: 1,
      publishedDate: null,
      insertedDate: day(5),
    },
    {
      articleId: 4,
      title: 'Analyst note on cholera',
      originalSourceUrl: 'https://ist.example/4',
      feedId: 10,
      hamTypeId: 3,
      publishedDate: day(6),
      insertedDate: day(6),
      createdByUserId: analyst?.id ?? null,
      isImportant: true,
    },
    {
      articleId: 5,
      title: 'Feed system report',
      originalSourceUrl: 'https://feed.example/5',
      feedId: 1,
      hamTypeId: 3,
      publishedDate: day(7),
      insertedDate: day(8),
      isCosmosDbArticle: true,
      summary: 'From the second store.',
    },
    {
      articleId: 6,
      title: 'Disease information about anthrax',
      originalSourceUrl: 'https://who.example/6',
      feedId: 1,
      hamTypeId: 2,
      publishedDate: day(9),
      insertedDate: day(9),
      childrenCount: 2,
    },
  ]);
  await db.insert(t.articleDiseases).values([
    { articleId: 1, diseaseId: 1 },
    { articleId: 2, diseaseId: 2 },
    { articleId: 4, diseaseId: 2 },
    { articleId: 6, diseaseId: 1 },
  ]);
  await db.insert(t.articleLocations).values([
    { articleId: 1, locationId: place.toronto },
    { articleId: 2, locationId: place.ottawa },
    { articleId: 2, locationId: place.ontario },
  ]);
  await db.insert(t.articleContextTags).values([
    { articleId: 1, contextTagId: 1 },
    { articleId: 1, contextTagId: 2, suggested: true },
  ]);
  await reindexAll(db);
}

import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryType } from '@domain/enums';
import { loadServerConfig } from '../../config';
import { openDatabase, type OpenDatabase } from '../client';
import {
  articles,
  descriptionVersions,
  diseaseActivities,
  locations,
  reportArticles,
  reportCollections,
  reports,
  users,
} from '../schema';
import { generateSeedData } from '../../seed/generate';
import { insertSeedData } from '../../seed/insert';
import { upsertSeedUsers } from '../../seed/users';
import {
  activityReports,
  selectReports,
  unreadCollectionColumns,
  unreadReportColumns,
} from './entries-read';

/**
 * selectReports reads one JSON text the database builds (issue 31). Its oracle is the plain
 * row-by-row read it replaced, written here with Drizzle's own decoding: both must give the
 * same reports, field for field, on every seeded activity.
 */
describe('selectReports, read as JSON, equals the row-by-row read', () => {
  let database: OpenDatabase;

  beforeAll(async () => {
    database = await openDatabase({ ...loadServerConfig({}), dataDir: 'memory://' });
    await database.migrate();
    const users_ = await upsertSeedUsers(database.db);
    const data = generateSeedData({
      seed: 7,
      articles: 50,
      activities: 12,
      now: new Date(),
      users: users_,
    });
    await insertSeedData(database.db, data, () => {});
    // The seed links no article and keeps no earlier version: a few of each, made here.
    const firstReports = await database.db
      .select({ id: reports.id, type: reports.type, reportedOn: reports.reportedOn })
      .from(reports)
      .orderBy(asc(reports.id))
      .limit(40);
    const [article] = await database.db.select({ id: articles.articleId }).from(articles).limit(1);
    for (const report of firstReports.slice(0, 5)) {
      await database.db
        .insert(reportArticles)
        .values({ reportId: report.id, articleId: article?.id ?? 1 });
    }
    const description = firstReports.find((r) => r.type === EntryType.DESCRIPTION);
    if (description !== undefined) {
      await database.db.insert(descriptionVersions).values({
        reportId: description.id,
        version: 1,
        description: 'An earlier text',
        importance: 'Standard',
        reportedOn: description.reportedOn,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const reportUser = alias(users, 'report_user');
  const collectionUser = alias(users, 'collection_user');
  const originPlace = alias(locations, 'origin_place');
  const rowByRow = (activityId: number) =>
    database.db
      .select({
        report: reports,
        collection: reportCollections,
        reportUserGiven: reportUser.givenName,
        reportUserFamily: reportUser.familyName,
        reportUserInitials: reportUser.initials,
        collectionUserGiven: collectionUser.givenName,
        collectionUserFamily: collectionUser.familyName,
        originLocation: originPlace.displayName,
      })
      .from(reports)
      .innerJoin(reportCollections, eq(reportCollections.id, reports.reportCollectionId))
      .leftJoin(reportUser, eq(reportUser.id, reports.updatedByUserId))
      .leftJoin(collectionUser, eq(collectionUser.id, reportCollections.lastUpdatedByUserId))
      .leftJoin(originPlace, eq(originPlace.id, reports.originLocationId))
      .where(activityReports(activityId))
      .orderBy(asc(reports.locationId), asc(reports.reportedOn), asc(reports.id));

  const without = <T extends object>(row: T, keys: readonly string[]) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

  it('on every seeded activity, with committed collections, travellers and updates among them', async () => {
    const activities = await database.db
      .select({ id: diseaseActivities.diseaseActivityId })
      .from(diseaseActivities);
    expect(activities.length).toBeGreaterThan(0);
    let compared = 0;
    const types = new Set<number>();
    let committed = 0;
    let linked = 0;
    let versioned = 0;
    for (const { id } of activities) {
      // The columns no answer reads are left out of selectReports' read.
      const expected = (await rowByRow(id)).map((row) => ({
        ...row,
        report: without(row.report, unreadReportColumns),
        collection: without(row.collection, unreadCollectionColumns),
      }));
      const actual = await selectReports(database.db, activityReports(id));
      expect(actual.map(({ articleIds: _a, hasPreviousVersion: _v, ...row }) => row)).toEqual(
        expected,
      );
      // The linked articles and kept versions, read here on their own.
      for (const row of actual) {
        const links = await database.db
          .select({ id: reportArticles.articleId })
          .from(reportArticles)
          .where(eq(reportArticles.reportId, row.report.id))
          .orderBy(asc(reportArticles.articleId));
        expect(row.articleIds).toEqual(links.map((l) => l.id));
        linked += links.length;
        const versions = await database.db
          .select({ id: descriptionVersions.reportId })
          .from(descriptionVersions)
          .where(eq(descriptionVersions.reportId, row.report.id));
        if (row.hasPreviousVersion) versioned += 1;
        expect(row.hasPreviousVersion).toBe(
          row.report.type === EntryType.DESCRIPTION && versions.length > 0,
        );
      }
      compared += expected.length;
      for (const row of expected) {
        types.add(row.report.type);
        if (row.collection.commitDate !== null) committed += 1;
      }
    }
    // The comparison covered the shapes that matter: dates, timestamps and the joined names.
    expect(compared).toBeGreaterThan(100);
    expect(committed).toBeGreaterThan(0);
    expect(linked).toBeGreaterThan(0);
    expect(versioned).toBeGreaterThan(0);
    expect(types.has(EntryType.CASE_DATA)).toBe(true);
    expect(types.has(EntryType.DESCRIPTION)).toBe(true);
  });

  it('answers an empty list where nothing matches', async () => {
    expect(await selectReports(database.db, sql`false`)).toEqual([]);
  });
});

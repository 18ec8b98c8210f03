import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLookupFixtures } from '../../tests/support/lookup-fixtures';
import { backends, openTestDatabase } from '../../tests/support/test-server';
import type { OpenDatabase } from './client';
import * as t from './schema';

/** The constraints the schema promises (server/db/README.md), on each backend. */
describe.each(backends)('schema constraints on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;
  let activityId: number;
  let collectionId: number;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate();
    // Migrating twice is a no-op.
    await database.migrate();
    const { db } = database;
    await insertLookupFixtures(db);
    await db.insert(t.locations).values([
      { id: 6252001, name: 'United States', locationType: 6, displayName: 'United States' },
      {
        id: 5128581,
        name: 'New York City',
        locationType: 2,
        countryId: 6252001,
        parentId: 6252001,
        population: 8_000_000,
        displayName: 'New York City, New York',
      },
    ]);
    const [activity] = await db
      .insert(t.diseaseActivities)
      .values({ diseaseId: 1, countryId: 6252001, speciesId: 1 })
      .returning();
    activityId = activity?.diseaseActivityId ?? 0;
    await db
      .insert(t.diseaseActivityCountries)
      .values({ diseaseActivityId: activityId, countryId: 6252001 });
    const [collection] = await db
      .insert(t.reportCollections)
      .values({ diseaseActivityId: activityId, countryId: 6252001 })
      .returning();
    collectionId = collection?.id ?? 0;
  });
  afterAll(async () => {
    await close();
  });

  const report = (values: Partial<typeof t.reports.$inferInsert>) =>
    database.db.insert(t.reports).values({
      reportCollectionId: collectionId,
      diseaseActivityId: activityId,
      locationId: 5128581,
      type: 0,
      reportedOn: '2024-03-01',
      ...values,
    });

  it('keeps one activity per disease, country and species', async () => {
    await expect(
      database.db
        .insert(t.diseaseActivities)
        .values({ diseaseId: 1, countryId: 6252001, speciesId: 1 }),
    ).rejects.toThrow();
  });

  it('keeps country details on the activity’s own country', async () => {
    await expect(
      database.db
        .insert(t.diseaseActivityCountries)
        .values({ diseaseActivityId: activityId, countryId: 5128581 }),
    ).rejects.toThrow();
  });

  it('stores a case-data entry with every figure', async () => {
    const [row] = await report({
      reportStatus: 1,
      reportedCumulative: 120,
      reportedNewCases: 20,
      reportedUserEntered: 'newCases',
      deathsCumulative: 3,
      deathsNewCases: -1,
    }).returning();
    expect(row).toMatchObject({
      reportedCumulative: 120,
      reportedUserEntered: 'newCases',
      deathsNewCases: -1,
    });
  });

  it('rejects a negative cumulative', async () => {
    await expect(report({ confirmedCumulative: -1 })).rejects.toThrow();
  });

  it('rejects a traveller entry without cases', async () => {
    await expect(report({ type: 2, travellerCases: 0 })).rejects.toThrow();
    await expect(report({ type: 2, travellerCases: 1 })).resolves.toBeDefined();
  });

  it('rejects a situational update without description or importance, or a long title', async () => {
    await expect(report({ type: 1, importance: 'Standard' })).rejects.toThrow();
    await expect(
      report({ type: 1, description: '<p>x</p>', importance: 'Critical', title: 'x'.repeat(151) }),
    ).rejects.toThrow();
    await expect(
      report({ type: 1, description: '<p>x</p>', importance: 'Critical', title: 'x'.repeat(150) }),
    ).resolves.toBeDefined();
  });

  it('allows one open reporting period per activity', async () => {
    const period = { diseaseActivityId: activityId, reportingPeriodType: 'NewOutbreak' as const };
    await database.db
      .insert(t.reportingPeriods)
      .values({ ...period, startDate: '2024-01-01', endDate: '2024-02-01' });
    await database.db.insert(t.reportingPeriods).values({ ...period, startDate: '2024-02-02' });
    await expect(
      database.db.insert(t.reportingPeriods).values({ ...period, startDate: '2024-03-01' }),
    ).rejects.toThrow();
  });
});

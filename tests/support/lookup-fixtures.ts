import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';

/**
 * A few lookup rows for API tests (the seed engineer owns real data): enough that every lookup
 * of `Lookups` has content, joins included.
 */
export async function insertLookupFixtures(db: Db): Promise<void> {
  await db.insert(t.diseases).values([
    { diseaseId: 1, displayName: 'Anthrax' },
    { diseaseId: 2, displayName: 'Cholera' },
  ]);
  await db.insert(t.species).values([
    { speciesId: 1, displayName: 'Human', speciesGroup: 1 },
    { speciesId: 2, displayName: 'Cattle', speciesGroup: 2 },
  ]);
  await db.insert(t.diseaseSpecies).values([
    { diseaseId: 1, speciesId: 1 },
    { diseaseId: 1, speciesId: 2 },
    { diseaseId: 2, speciesId: 1 },
  ]);
  await db.insert(t.riskModels).values([
    { riskModelId: 0, displayName: 'None' },
    { riskModelId: 1, displayName: 'Human' },
  ]);
  await db.insert(t.feeds).values([
    { id: 1, name: 'ProMED' },
    { id: 10, name: 'NewsMedia' },
  ]);
  await db.insert(t.dataSourceCategories).values([
    { id: 1, displayName: 'Official' },
    { id: 2, displayName: 'Media' },
  ]);
  await db.insert(t.dataSourceGroups).values([
    { id: 1, displayName: 'Ministry of Health', categoryId: 1 },
    { id: 2, displayName: 'National news', categoryId: 2 },
  ]);
  await db.insert(t.dataSourcePriorities).values([
    { id: 1, displayName: 'High' },
    { id: 2, displayName: 'Low' },
  ]);
  await db.insert(t.hamTypes).values([
    { id: 1, displayName: 'Spam' },
    { id: 2, displayName: 'Disease information' },
    { id: 3, displayName: 'Disease activity' },
  ]);
  await db.insert(t.rejectionReasons).values([{ id: 1, displayName: 'Not relevant' }]);
  await db.insert(t.contextTagGroups).values([
    { id: 1, displayName: 'Setting' },
    { id: 2, displayName: 'Empty group' },
  ]);
  await db.insert(t.contextTags).values([
    { id: 1, displayName: 'Hospital', groupId: 1 },
    { id: 2, displayName: 'School', groupId: 1 },
  ]);
  await db.insert(t.assessmentConcernLevels).values([{ id: 1, displayName: 'Low' }]);
  await db.insert(t.assessmentConfidenceLevels).values([{ id: 1, displayName: 'Moderate' }]);
  await db
    .insert(t.assessmentCriteria)
    .values([{ id: 1, displayName: 'Severity', description: 'How severe the disease is' }]);
}

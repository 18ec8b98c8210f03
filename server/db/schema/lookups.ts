import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Lookup tables (spec 000 §3 "Lookup data", spec 001 §3 "Lookups"). Their ids are the codes the
 * API and the search index use (feed 10 = NewsMedia, hamType 3 = Disease activity…), so they are
 * plain integer keys that the seed sets, never generated.
 */

/** Diseases; the species they affect are in {@link diseaseSpecies}. */
export const diseases = pgTable('diseases', {
  diseaseId: integer('disease_id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Species with their species group (1 Humans, 2 Domesticated, 3 Wild animals, 4 Vectors). */
export const species = pgTable(
  'species',
  {
    speciesId: integer('species_id').primaryKey(),
    displayName: text('display_name').notNull(),
    speciesGroup: smallint('species_group').notNull(),
  },
  (t) => [check('species_group_known', sql`${t.speciesGroup} between 1 and 4`)],
);

/** Which species a disease affects (Disease.speciesIds and Species.diseaseIds). */
export const diseaseSpecies = pgTable(
  'disease_species',
  {
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.diseaseId, { onDelete: 'cascade' }),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.speciesId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.diseaseId, t.speciesId] }),
    index('disease_species_species_idx').on(t.speciesId),
  ],
);

export const riskModels = pgTable('risk_models', {
  riskModelId: integer('risk_model_id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Article feeds (ProMED 1 … NewsMedia 10). */
export const feeds = pgTable('feeds', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Source category of an article ("Source category" column). */
export const dataSourceCategories = pgTable('data_source_categories', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Source group ("Source sub-category"), each within one category. */
export const dataSourceGroups = pgTable(
  'data_source_groups',
  {
    id: integer('id').primaryKey(),
    displayName: text('display_name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => dataSourceCategories.id),
  },
  (t) => [index('data_source_groups_category_idx').on(t.categoryId)],
);

export const dataSourcePriorities = pgTable('data_source_priorities', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Article content types (Spam 1, Disease information 2, Disease activity 3). */
export const hamTypes = pgTable('ham_types', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Reasons given when rejecting a suggested action or rating a suggested report. */
export const rejectionReasons = pgTable('rejection_reasons', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const contextTagGroups = pgTable('context_tag_groups', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

/** Context tags put on articles, each within one group. */
export const contextTags = pgTable(
  'context_tags',
  {
    id: integer('id').primaryKey(),
    displayName: text('display_name').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => contextTagGroups.id),
  },
  (t) => [index('context_tags_group_idx').on(t.groupId)],
);

export const assessmentConcernLevels = pgTable('assessment_concern_levels', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const assessmentConfidenceLevels = pgTable('assessment_confidence_levels', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const assessmentCriteria = pgTable('assessment_criteria', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
});

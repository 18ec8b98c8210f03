import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dataSourceCategories, dataSourceGroups, dataSourcePriorities } from './lookups';

/**
 * Places (spec 000 §3 "Location search result", spec 001 §3 "Location"). Ids are gazetteer ids,
 * set by whoever loads them. Type codes: city 2, state 4, country 6, county 9, metro 30.
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    locationType: smallint('location_type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    /** The country containing this place (its own id for a country). */
    countryId: integer('country_id').references((): AnyPgColumn => locations.id),
    /** The state or province containing this place, if any. */
    provinceId: integer('province_id').references((): AnyPgColumn => locations.id),
    population: integer('population').notNull().default(0),
    featureCode: text('feature_code'),
    isDuplicate: boolean('is_duplicate').notNull().default(false),
    /** 'name, province' for cities, counties and metros with a province; the name otherwise. */
    displayName: text('display_name').notNull(),
    /**
     * The place's point (issue 19), degrees WGS 84: a country's is a representative point of its
     * Natural Earth shape, a city's its gazetteer point. Both or neither.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * ISO 3166-1 alpha-2 for a country ('CH'), ISO 3166-2 for a first-level division where
     * known ('CM-NO'), null otherwise: the natural key the world gazetteer is loaded by.
     */
    isoCode: text('iso_code'),
  },
  (t) => [
    check('location_type_known', sql`${t.locationType} in (2, 4, 6, 9, 30)`),
    check(
      'location_point_valid',
      sql`(${t.latitude} is null and ${t.longitude} is null) or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180)`,
    ),
    index('locations_country_idx').on(t.countryId, t.locationType),
    index('locations_parent_idx').on(t.parentId),
    index('locations_type_idx').on(t.locationType),
    uniqueIndex('locations_iso_code_key').on(t.isoCode),
  ],
);

/**
 * World gazetteer versions a database holds (server/gazetteer): the start-up step loads a
 * version once, under the start-up lock, and skips when its row is here.
 */
export const gazetteerLoads = pgTable('gazetteer_loads', {
  version: text('version').primaryKey(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** Locations the load inserted (rows already present were kept as they were). */
  locationsAdded: integer('locations_added').notNull(),
});

/**
 * Article source classification by web domain (GET /api/articles/dataSource?url): the host of
 * an article URL decides its source category, group and priority.
 */
export const dataSources = pgTable('data_sources', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Lower-case host without a leading 'www.', e.g. 'who.int'. */
  domain: text('domain').notNull().unique(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => dataSourceCategories.id),
  groupId: integer('group_id')
    .notNull()
    .references(() => dataSourceGroups.id),
  priorityId: integer('priority_id')
    .notNull()
    .references(() => dataSourcePriorities.id),
});

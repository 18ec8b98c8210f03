import { Schema } from 'effect';

/**
 * Lookup data loaded once (spec 000 §3, spec 001 §3). Field lists the spec does not show are
 * designed here: every lookup has an id and a displayName, plus what its screens need.
 */
const Id = Schema.Number;

export const Disease = Schema.Struct({
  diseaseId: Id,
  displayName: Schema.String,
  speciesIds: Schema.Array(Id),
});
export type Disease = typeof Disease.Type;

export const Species = Schema.Struct({
  speciesId: Id,
  displayName: Schema.String,
  speciesGroup: Id,
  diseaseIds: Schema.Array(Id),
});
export type Species = typeof Species.Type;

export const RiskModel = Schema.Struct({ riskModelId: Id, displayName: Schema.String });
export type RiskModel = typeof RiskModel.Type;

export const Feed = Schema.Struct({ id: Id, name: Schema.String });
export type Feed = typeof Feed.Type;

/** The common shape of the simple lookups: id and displayName. */
export const NamedLookup = Schema.Struct({ id: Id, displayName: Schema.String });
export type NamedLookup = typeof NamedLookup.Type;

export const DataSourceGroup = Schema.Struct({
  id: Id,
  displayName: Schema.String,
  categoryId: Id,
});
export type DataSourceGroup = typeof DataSourceGroup.Type;

export const ContextTag = Schema.Struct({ id: Id, displayName: Schema.String });
export const ContextTagGroup = Schema.Struct({
  id: Id,
  displayName: Schema.String,
  tags: Schema.Array(ContextTag),
});
export type ContextTagGroup = typeof ContextTagGroup.Type;

export const AssessmentCriterion = Schema.Struct({
  id: Id,
  displayName: Schema.String,
  description: Schema.String,
});
export type AssessmentCriterion = typeof AssessmentCriterion.Type;

/** GET /api/lookups: every lookup in one answer. */
export const Lookups = Schema.Struct({
  diseases: Schema.Array(Disease),
  riskModels: Schema.Array(RiskModel),
  species: Schema.Array(Species),
  feeds: Schema.Array(Feed),
  dataSourceCategories: Schema.Array(NamedLookup),
  dataSourceGroups: Schema.Array(DataSourceGroup),
  dataSourcePriorities: Schema.Array(NamedLookup),
  hamTypes: Schema.Array(NamedLookup),
  rejectionReasons: Schema.Array(NamedLookup),
  contextTagGroups: Schema.Array(ContextTagGroup),
  assessmentConcernLevels: Schema.Array(NamedLookup),
  assessmentConfidenceLevels: Schema.Array(NamedLookup),
  assessmentCriteria: Schema.Array(AssessmentCriterion),
});
export type Lookups = typeof Lookups.Type;
export const decodeLookups = Schema.decodeUnknownSync(Lookups);

/** The single-lookup endpoints of spec 000 §7 and spec 001 §7, keyed by path segment. */
export const lookupEndpoints = {
  feeds: 'feeds',
  species: 'species',
  dataSourceCategories: 'dataSourceCategories',
  dataSourceGroups: 'dataSourceGroups',
  dataSourcePriorities: 'dataSourcePriorities',
  contextTagGroups: 'contextTagGroups',
  assessmentConcernLevels: 'assessmentConcernLevels',
  assessmentConfidenceLevels: 'assessmentConfidenceLevels',
  assessmentCriteria: 'assessmentCriteria',
} as const satisfies Partial<Record<keyof Lookups, string>>;

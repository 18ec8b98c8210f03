import type {
  assessmentConcernLevels,
  assessmentConfidenceLevels,
  assessmentCriteria,
  contextTagGroups,
  contextTags,
  dataSourceCategories,
  dataSourceGroups,
  dataSourcePriorities,
  dataSources,
  diseases,
  diseaseSpecies,
  feeds,
  hamTypes,
  rejectionReasons,
  riskModels,
  species,
} from '../../db/schema';
import { seedDiseases } from '../data/diseases';
import * as data from '../data/lookups';
import { seedSources } from '../data/sources';
import { seedSpecies } from '../data/species';

/** Every lookup table's rows, in insertion order (categories before groups before sources). */
export interface LookupRows {
  readonly diseases: (typeof diseases.$inferInsert)[];
  readonly species: (typeof species.$inferInsert)[];
  readonly diseaseSpecies: (typeof diseaseSpecies.$inferInsert)[];
  readonly riskModels: (typeof riskModels.$inferInsert)[];
  readonly feeds: (typeof feeds.$inferInsert)[];
  readonly dataSourceCategories: (typeof dataSourceCategories.$inferInsert)[];
  readonly dataSourceGroups: (typeof dataSourceGroups.$inferInsert)[];
  readonly dataSourcePriorities: (typeof dataSourcePriorities.$inferInsert)[];
  readonly dataSources: (typeof dataSources.$inferInsert)[];
  readonly hamTypes: (typeof hamTypes.$inferInsert)[];
  readonly rejectionReasons: (typeof rejectionReasons.$inferInsert)[];
  readonly contextTagGroups: (typeof contextTagGroups.$inferInsert)[];
  readonly contextTags: (typeof contextTags.$inferInsert)[];
  readonly assessmentConcernLevels: (typeof assessmentConcernLevels.$inferInsert)[];
  readonly assessmentConfidenceLevels: (typeof assessmentConfidenceLevels.$inferInsert)[];
  readonly assessmentCriteria: (typeof assessmentCriteria.$inferInsert)[];
}

const categoryOfGroup = new Map(data.dataSourceGroups.map((g) => [g.id, g.categoryId]));

/** The lookup rows: static tables, no randomness. */
export function generateLookups(): LookupRows {
  return {
    diseases: seedDiseases.map((d) => ({ diseaseId: d.diseaseId, displayName: d.displayName })),
    species: seedSpecies.map((s) => ({ ...s })),
    diseaseSpecies: seedDiseases.flatMap((d) =>
      d.speciesIds.map((speciesId) => ({ diseaseId: d.diseaseId, speciesId })),
    ),
    riskModels: data.riskModels.map((r) => ({ ...r })),
    feeds: data.feeds.map((f) => ({ ...f })),
    dataSourceCategories: data.dataSourceCategories.map((c) => ({ ...c })),
    dataSourceGroups: data.dataSourceGroups.map((g) => ({ ...g })),
    dataSourcePriorities: data.dataSourcePriorities.map((p) => ({ ...p })),
    dataSources: seedSources.map((s, i) => ({
      id: i + 1,
      domain: s.domain,
      categoryId: categoryOfGroup.get(s.groupId) ?? data.Category.NewsMedia,
      groupId: s.groupId,
      priorityId: s.priorityId,
    })),
    hamTypes: data.hamTypes.map((h) => ({ ...h })),
    rejectionReasons: data.rejectionReasons.map((r) => ({ ...r })),
    contextTagGroups: data.contextTagGroups.map((g) => ({ id: g.id, displayName: g.displayName })),
    contextTags: data.contextTagGroups.flatMap((g) =>
      g.tags.map((t) => ({ id: t.id, displayName: t.displayName, groupId: g.id })),
    ),
    assessmentConcernLevels: data.assessmentConcernLevels.map((l) => ({ ...l })),
    assessmentConfidenceLevels: data.assessmentConfidenceLevels.map((l) => ({ ...l })),
    assessmentCriteria: data.assessmentCriteria.map((c) => ({ ...c })),
  };
}

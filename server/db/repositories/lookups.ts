import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Lookups } from '@domain/lookups';
import { lookupEndpoints } from '@domain/lookups';
import type { Db } from '../client';
import {
  assessmentConcernLevels,
  assessmentConfidenceLevels,
  assessmentCriteria,
  contextTagGroups,
  contextTags,
  dataSourceCategories,
  dataSourceGroups,
  dataSourcePriorities,
  diseaseSpecies,
  diseases,
  feeds,
  hamTypes,
  rejectionReasons,
  riskModels,
  species,
} from '../schema';

/** A single-lookup endpoint's key (feeds, species, dataSourceCategories…). */
export type LookupEndpoint = keyof typeof lookupEndpoints;

/** A JSON answer serialised once, with its entity tag. */
export interface SerializedJson {
  readonly json: string;
  readonly etag: string;
}

/** Every lookup, plus each answer the API sends, serialised ahead of time. */
export interface LookupsSnapshot {
  readonly lookups: Lookups;
  readonly all: SerializedJson;
  readonly byEndpoint: Readonly<Record<LookupEndpoint, SerializedJson>>;
}

/** Read-mostly lookup data, queried once and then served from memory. */
export interface LookupsRepository {
  /** The cached snapshot (queried on first use; concurrent first calls share one query). */
  get(): Promise<LookupsSnapshot>;
  /** Drops the cache; the next get() queries again (after the seed or an edit of a lookup). */
  invalidate(): void;
}

const serialize = (value: unknown): SerializedJson => {
  const json = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, etag };
};

/** Groups join-table pairs by their first member, preserving order. */
function groupPairs(pairs: readonly (readonly [number, number])[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [key, value] of pairs) {
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  }
  return out;
}

/** Queries every lookup table; the shape is the domain's `Lookups`. */
export async function queryLookups(db: Db): Promise<Lookups> {
  const [
    diseaseRows,
    speciesRows,
    pairs,
    riskModelRows,
    feedRows,
    categoryRows,
    groupRows,
    priorityRows,
    hamTypeRows,
    rejectionRows,
    tagGroupRows,
    tagRows,
    concernRows,
    confidenceRows,
    criteriaRows,
  ] = await Promise.all([
    db.select().from(diseases).orderBy(asc(diseases.diseaseId)),
    db.select().from(species).orderBy(asc(species.speciesId)),
    db
      .select()
      .from(diseaseSpecies)
      .orderBy(asc(diseaseSpecies.diseaseId), asc(diseaseSpecies.speciesId)),
    db.select().from(riskModels).orderBy(asc(riskModels.riskModelId)),
    db.select().from(feeds).orderBy(asc(feeds.id)),
    db.select().from(dataSourceCategories).orderBy(asc(dataSourceCategories.id)),
    db.select().from(dataSourceGroups).orderBy(asc(dataSourceGroups.id)),
    db.select().from(dataSourcePriorities).orderBy(asc(dataSourcePriorities.id)),
    db.select().from(hamTypes).orderBy(asc(hamTypes.id)),
    db.select().from(rejectionReasons).orderBy(asc(rejectionReasons.id)),
    db.select().from(contextTagGroups).orderBy(asc(contextTagGroups.id)),
    db.select().from(contextTags).orderBy(asc(contextTags.displayName), asc(contextTags.id)),
    db.select().from(assessmentConcernLevels).orderBy(asc(assessmentConcernLevels.id)),
    db.select().from(assessmentConfidenceLevels).orderBy(asc(assessmentConfidenceLevels.id)),
    db.select().from(assessmentCriteria).orderBy(asc(assessmentCriteria.id)),
  ]);

  const speciesByDisease = groupPairs(pairs.map((p) => [p.diseaseId, p.speciesId] as const));
  const diseasesBySpecies = groupPairs(pairs.map((p) => [p.speciesId, p.diseaseId] as const));
  const tagsByGroup = new Map<number, { id: number; displayName: string }[]>();
  for (const tag of tagRows) {
    const entry = { id: tag.id, displayName: tag.displayName };
    const list = tagsByGroup.get(tag.groupId);
    if (list) list.push(entry);
    else tagsByGroup.set(tag.groupId, [entry]);
  }
  const idAndName = (rows: readonly { id: number; displayName: string }[]) =>
    rows.map(({ id, displayName }) => ({ id, displayName }));

  return {
    diseases: diseaseRows.map((d) => ({
      diseaseId: d.diseaseId,
      displayName: d.displayName,
      speciesIds: speciesByDisease.get(d.diseaseId) ?? [],
    })),
    riskModels: riskModelRows.map((r) => ({
      riskModelId: r.riskModelId,
      displayName: r.displayName,
    })),
    species: speciesRows.map((s) => ({
      speciesId: s.speciesId,
      displayName: s.displayName,
      speciesGroup: s.speciesGroup,
      diseaseIds: diseasesBySpecies.get(s.speciesId) ?? [],
    })),
    feeds: feedRows.map((f) => ({ id: f.id, name: f.name })),
    dataSourceCategories: idAndName(categoryRows),
    dataSourceGroups: groupRows.map((g) => ({
      id: g.id,
      displayName: g.displayName,
      categoryId: g.categoryId,
    })),
    dataSourcePriorities: idAndName(priorityRows),
    hamTypes: idAndName(hamTypeRows),
    rejectionReasons: idAndName(rejectionRows),
    contextTagGroups: tagGroupRows.map((g) => ({
      id: g.id,
      displayName: g.displayName,
      tags: tagsByGroup.get(g.id) ?? [],
    })),
    assessmentConcernLevels: idAndName(concernRows),
    assessmentConfidenceLevels: idAndName(confidenceRows),
    assessmentCriteria: criteriaRows.map((c) => ({
      id: c.id,
      displayName: c.displayName,
      description: c.description,
    })),
  };
}

function snapshotOf(lookups: Lookups): LookupsSnapshot {
  const keys = Object.keys(lookupEndpoints) as LookupEndpoint[];
  const byEndpoint = Object.fromEntries(
    keys.map((key) => [key, serialize(lookups[key])]),
  ) as Record<LookupEndpoint, SerializedJson>;
  return { lookups, all: serialize(lookups), byEndpoint };
}

/** The one place lookups are read from the database. */
export function createLookupsRepository(db: Db): LookupsRepository {
  let cached: Promise<LookupsSnapshot> | undefined;
  return {
    get() {
      if (cached === undefined) {
        const loading = queryLookups(db).then(snapshotOf);
        cached = loading;
        // A failed query must not stay cached: the next request tries again.
        loading.catch(() => {
          if (cached === loading) cached = undefined;
        });
      }
      return cached;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

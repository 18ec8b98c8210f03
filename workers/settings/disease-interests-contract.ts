import type { DiseaseInterests } from '@domain/disease-interests';

/** The settings screen's calls (issue 15): the analyst's disease interests. */
export interface DiseaseInterestsEngineApi {
  /** GET /api/users/me/diseaseInterests. */
  getDiseaseInterests(): Promise<DiseaseInterests>;
  /** PUT /api/users/me/diseaseInterests: replaces the set, answers it as stored. */
  saveDiseaseInterests(diseaseIds: readonly number[]): Promise<DiseaseInterests>;
}

import {
  Countries,
  type Country,
  CreatedActivity,
  DiseaseActivityList,
  type DiseaseActivityListItem,
  type NewActivity,
} from '../src/domain/disease-activities';
import { ActivityIndex } from './activity-search/activity-index';
import { ActivityFinder } from './activity-search/fuzzy-find';
import type { ArticlesApiDeps } from './articles-api';
import type { EngineApi } from './engine-api';
import { isApiCallError } from './errors';
import { requireParam } from './require-param';

type ActivitiesApi = Pick<
  EngineApi,
  'loadActivities' | 'searchActivities' | 'findActivities' | 'createActivity' | 'getCountries'
>;

interface Loaded {
  readonly index: ActivityIndex;
  finder?: ActivityFinder;
}

/**
 * The disease activity index in the engine (spec 001 §7 list and create): GET
 * /api/diseaseactivities once into an {@link ActivityIndex}, searched here per keystroke; only
 * the page shown crosses to the UI. A create marks the list stale, so the next search reloads.
 */
export function createActivitiesApi({ request, report }: ArticlesApiDeps): ActivitiesApi {
  let loaded: Promise<Loaded> | undefined;
  let countries: Promise<readonly Country[]> | undefined;

  async function fetchList(): Promise<Loaded> {
    try {
      const rows = await request({
        method: 'GET',
        path: '/diseaseactivities',
        schema: DiseaseActivityList,
      });
      return { index: new ActivityIndex(rows) };
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert: true });
      throw error;
    }
  }

  function load(refresh = false): Promise<Loaded> {
    if (refresh || loaded === undefined) {
      const next = fetchList();
      loaded = next;
      // A failed load is not kept: the next call tries again.
      next.catch(() => {
        if (loaded === next) loaded = undefined;
      });
    }
    return loaded;
  }

  const sameTriple = (input: NewActivity) => (row: DiseaseActivityListItem) =>
    row.diseaseId === input.diseaseId &&
    row.locationId === input.countryId &&
    row.speciesId === input.speciesId;

  return {
    async loadActivities(refresh) {
      const { index } = await load(refresh === true);
      return { loaded: index.size };
    },

    async searchActivities(searchRequest) {
      const { index } = await load();
      return index.search(requireParam('request', searchRequest));
    },

    async findActivities(text, limit) {
      const state = await load();
      state.finder ??= new ActivityFinder(state.index);
      return state.finder.find(requireParam('text', text), Math.max(1, Math.min(limit, 50)));
    },

    getCountries() {
      if (countries === undefined) {
        const next = request({ method: 'GET', path: '/countries', schema: Countries }).catch(
          (error: unknown) => {
            countries = undefined;
            if (isApiCallError(error)) report(error, { alert: true });
            throw error;
          },
        );
        countries = next;
      }
      return countries;
    },

    async createActivity(input) {
      try {
        const created = await request({
          method: 'POST',
          path: '/diseaseactivities',
          body: requireParam('input', input),
          schema: CreatedActivity,
        });
        loaded = undefined;
        return { status: 'created', ...created };
      } catch (error) {
        if (!isApiCallError(error)) throw error;
        if (error._tag === 'ApiError' && error.status === 409) {
          report(error, { alert: false });
          // The answer names the activity; the list (reloaded if it lacks it) has it too.
          let existing = (await load()).index.rows.find(sameTriple(input));
          existing ??= (await load(true)).index.rows.find(sameTriple(input));
          if (existing) {
            return {
              status: 'duplicate',
              message: error.errors[0] ?? '',
              diseaseActivityId: existing.diseaseActivityId,
              countryId: existing.locationId,
            };
          }
        }
        report(error, { alert: true });
        throw error;
      }
    },
  };
}

import {
  Countries,
  type Country,
  CreatedActivity,
  DiseaseActivityList,
  type DiseaseActivityListItem,
  type NewActivity,
} from '@domain/disease-activities';
import { aggregateByCountry, mapPanelLimit } from '@domain/activity-map';
import {
  NewCasesAnswer,
  growthOf,
  growthWindowDays,
  lastDaysSum,
  maxNewCasesDays,
  maxNewCasesIds,
} from '@domain/activity-trends';
import { ActivityIndex } from './activity-search/activity-index';
import { ActivityFinder } from './activity-search/fuzzy-find';
import type { ApiCallDeps } from './api-call-deps';
import type { EngineApi } from './engine-contract';
import { isApiCallError } from './errors';
import { requireParam } from './require-param';

type ActivitiesApi = Pick<
  EngineApi,
  | 'loadActivities'
  | 'searchActivities'
  | 'findActivities'
  | 'createActivity'
  | 'getCountries'
  | 'activityMap'
  | 'getNewCases'
>;

interface Loaded {
  readonly index: ActivityIndex;
  finder?: ActivityFinder;
  /** Every activity's new cases per window length (days), read once per list load. */
  readonly newCases: Map<number, Promise<NewCasesAnswer>>;
}

/**
 * The disease activity index in the engine (spec 001 §7 list and create): GET
 * /api/diseaseactivities once into an {@link ActivityIndex}, searched here per keystroke; only
 * the page shown crosses to the UI. A create marks the list stale, so the next search reloads.
 */
export function createActivitiesApi({ request, report }: ApiCallDeps): ActivitiesApi {
  let loaded: Promise<Loaded> | undefined;
  let countries: Promise<readonly Country[]> | undefined;

  async function fetchList(): Promise<Loaded> {
    try {
      const rows = await request({
        method: 'GET',
        path: '/diseaseactivities',
        schema: DiseaseActivityList,
      });
      return { index: new ActivityIndex(rows), newCases: new Map() };
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

  /** GET /api/diseaseactivities/newCases: `ids` null for every activity with new cases. */
  async function fetchNewCases(days: number, ids: readonly number[] | null) {
    const query = new URLSearchParams({ days: String(days) });
    if (ids !== null) query.set('ids', ids.join(','));
    try {
      return await request({
        method: 'GET',
        path: `/diseaseactivities/newCases?${query.toString()}`,
        schema: NewCasesAnswer,
      });
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert: false });
      throw error;
    }
  }

  /** Every activity's series over `days`, kept with the loaded list. */
  function allNewCases(state: Loaded, days: number): Promise<NewCasesAnswer> {
    let kept = state.newCases.get(days);
    if (kept === undefined) {
      kept = fetchNewCases(days, null);
      state.newCases.set(days, kept);
      kept.catch(() => state.newCases.delete(days));
    }
    return kept;
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
      const state = await load();
      const wanted = requireParam('request', searchRequest);
      if (wanted.sort.column === 'growth' && !state.index.hasGrowth()) {
        // Every activity's last two weeks, once per list load (one call, not one per row).
        const answer = await allNewCases(state, 2 * growthWindowDays);
        const growth = new Map(
          answer.series.map((s) => [s.diseaseActivityId, growthOf(s.newCases)]),
        );
        state.index.setGrowth((id) => growth.get(id));
      }
      return state.index.search(wanted);
    },

    async findActivities(text, limit) {
      const state = await load();
      state.finder ??= new ActivityFinder(state.index);
      return state.finder.find(requireParam('text', text), Math.max(1, Math.min(limit, 50)));
    },

    async activityMap(mapRequest) {
      const { searchText, filters, measure, days } = requireParam('request', mapRequest);
      const state = await load();
      const window = Math.max(1, Math.min(Math.floor(days), maxNewCasesDays));
      const answer = await allNewCases(state, window);
      const sums = new Map(
        answer.series.map((s) => [s.diseaseActivityId, lastDaysSum(s.newCases, window)]),
      );
      const rows = state.index.rowsMatching({ searchText, filters });
      return {
        countries: aggregateByCountry(rows, (id) => sums.get(id) ?? 0, measure, mapPanelLimit),
        from: answer.from,
        to: answer.to,
        matched: rows.length,
        loaded: state.index.size,
      };
    },

    async getNewCases(ids, days) {
      const wanted = [...new Set(requireParam('ids', ids))].slice(0, maxNewCasesIds);
      const window = Math.max(1, Math.min(Math.floor(days), maxNewCasesDays));
      if (wanted.length === 0) {
        return { from: '', to: '', series: [] };
      }
      return fetchNewCases(window, wanted);
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

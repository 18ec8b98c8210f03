import type { DiseaseActivityListItem } from './disease-activities';
import { UpdateStatus } from './enums';

/**
 * The map of disease activity (issue 19): per country, the activities the index's search and
 * chips keep, ranked by the measure the analyst chose. Pure; run by the worker.
 */

/** What shades a country: its active activities, or its new cases in the last N days. */
export type MapMeasure = 'activeActivities' | 'newCases';

export const mapMeasureLabel: Readonly<Record<MapMeasure, string>> = {
  activeActivities: 'Active disease activities',
  newCases: 'New cases',
};

/** The windows offered for new cases. */
export const mapDayChoices = [7, 14, 30, 90] as const;
export const defaultMapDays = 14;

/**
 * Active: an activity with an open reporting period (update status Active or Update needed;
 * spec 001 §3 makes Inactive exactly "no open reporting period").
 */
export const isActiveActivity = (row: Pick<DiseaseActivityListItem, 'activityStatus'>) =>
  row.activityStatus !== UpdateStatus.Inactive;

/** One activity as the map lists it under its country. */
export interface MapActivity {
  readonly diseaseActivityId: number;
  readonly locationId: number;
  readonly diseaseName: string;
  readonly speciesName: string;
  readonly activityStatus: UpdateStatus;
  readonly active: boolean;
  /** Latest committed cumulative figures (the index's Total Reported Cases and Deaths). */
  readonly totalReportedCases: number | null;
  readonly totalNumberOfDeaths: number | null;
  /** New cases in the window. */
  readonly newCases: number;
}

/**
 * At most this many activities per country cross to the screen (the panel lists them, largest
 * first by the measure); `activityCount` says how many there are.
 */
export const mapPanelLimit = 50;

/** One country of the ranked list. */
export interface MapCountry {
  readonly countryId: number;
  readonly countryName: string;
  /** The measure's figure: what shades the country and ranks the list. */
  readonly value: number;
  readonly activeActivities: number;
  readonly newCases: number;
  /** How many activities the country has (the search and chips kept). */
  readonly activityCount: number;
  /**
   * Its activities, by the measure (new cases, or active first), then disease name: the first
   * `limit` (aggregateByCountry's argument).
   */
  readonly activities: readonly MapActivity[];
}

type Row = Pick<
  DiseaseActivityListItem,
  | 'diseaseActivityId'
  | 'locationId'
  | 'locationName'
  | 'diseaseName'
  | 'speciesName'
  | 'activityStatus'
  | 'totalReportedCases'
  | 'totalNumberOfDeaths'
>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Groups activities by country: counts the active ones, sums new cases (`newCasesOf`: the
 * activity's new cases in the window, 0 when none), and ranks countries by the measure's
 * figure, largest first, ties by name. Countries whose figure is 0 stay in the list, last.
 */
export function aggregateByCountry(
  rows: readonly Row[],
  newCasesOf: (diseaseActivityId: number) => number,
  measure: MapMeasure,
  limit = Number.POSITIVE_INFINITY,
): MapCountry[] {
  // Row indices per country; figures per row computed once; objects only for what is sent.
  const groups = new Map<number, number[]>();
  const cases = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    let group = groups.get(row.locationId);
    if (group === undefined) groups.set(row.locationId, (group = []));
    group.push(i);
    cases[i] = newCasesOf(row.diseaseActivityId);
  });
  const names = rows.map((r) => r.diseaseName.toLowerCase());
  const byMeasure = (a: number, b: number) => {
    const x = rows[a];
    const y = rows[b];
    if (x === undefined || y === undefined) return 0;
    const first =
      measure === 'newCases'
        ? (cases[b] ?? 0) - (cases[a] ?? 0)
        : Number(isActiveActivity(y)) - Number(isActiveActivity(x));
    if (first !== 0) return first;
    const na = names[a] ?? '';
    const nb = names[b] ?? '';
    return na < nb ? -1 : na > nb ? 1 : x.diseaseActivityId - y.diseaseActivityId;
  };
  const countries: MapCountry[] = [];
  for (const [countryId, members] of groups) {
    let activeActivities = 0;
    let newCases = 0;
    for (const i of members) {
      const row = rows[i];
      if (row !== undefined && isActiveActivity(row)) activeActivities += 1;
      newCases += cases[i] ?? 0;
    }
    members.sort(byMeasure);
    const activities: MapActivity[] = [];
    for (const i of members.length > limit ? members.slice(0, limit) : members) {
      const row = rows[i];
      if (row === undefined) continue;
      activities.push({
        diseaseActivityId: row.diseaseActivityId,
        locationId: row.locationId,
        diseaseName: row.diseaseName,
        speciesName: row.speciesName,
        activityStatus: row.activityStatus,
        active: isActiveActivity(row),
        totalReportedCases: row.totalReportedCases,
        totalNumberOfDeaths: row.totalNumberOfDeaths,
        newCases: cases[i] ?? 0,
      });
    }
    countries.push({
      countryId,
      countryName: rows[members[0] ?? 0]?.locationName ?? '',
      value: measure === 'newCases' ? newCases : activeActivities,
      activeActivities,
      newCases,
      activityCount: members.length,
      activities,
    });
  }
  countries.sort(
    (a, b) =>
      b.value - a.value ||
      collator.compare(a.countryName, b.countryName) ||
      a.countryId - b.countryId,
  );
  return countries;
}

/**
 * The shade classes of a measure: `count` equal steps from 1 to the largest figure on a
 * square-root scale (a few countries with many cases would leave the rest in one pale class);
 * 0 is its own class (no colour). Returns the class of each figure, 0..count.
 */
export function shadeClass(value: number, max: number, count: number): number {
  if (value <= 0 || max <= 0) return 0;
  const t = Math.sqrt(value) / Math.sqrt(max);
  return Math.min(count, Math.max(1, Math.ceil(t * count)));
}

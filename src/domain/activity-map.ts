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

/** One country of the ranked list. */
export interface MapCountry {
  readonly countryId: number;
  readonly countryName: string;
  /** The measure's figure: what shades the country and ranks the list. */
  readonly value: number;
  readonly activeActivities: number;
  readonly newCases: number;
  /** Its activities, by the measure (new cases, or active first), then disease name. */
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
): MapCountry[] {
  const groups = new Map<number, { name: string; activities: MapActivity[] }>();
  for (const row of rows) {
    let group = groups.get(row.locationId);
    if (group === undefined) {
      group = { name: row.locationName, activities: [] };
      groups.set(row.locationId, group);
    }
    group.activities.push({
      diseaseActivityId: row.diseaseActivityId,
      locationId: row.locationId,
      diseaseName: row.diseaseName,
      speciesName: row.speciesName,
      activityStatus: row.activityStatus,
      active: isActiveActivity(row),
      totalReportedCases: row.totalReportedCases,
      totalNumberOfDeaths: row.totalNumberOfDeaths,
      newCases: newCasesOf(row.diseaseActivityId),
    });
  }
  const countries: MapCountry[] = [];
  for (const [countryId, { name, activities }] of groups) {
    let activeActivities = 0;
    let newCases = 0;
    for (const a of activities) {
      if (a.active) activeActivities += 1;
      newCases += a.newCases;
    }
    activities.sort(
      (a, b) =>
        (measure === 'newCases' ? b.newCases - a.newCases : Number(b.active) - Number(a.active)) ||
        collator.compare(a.diseaseName, b.diseaseName) ||
        a.diseaseActivityId - b.diseaseActivityId,
    );
    countries.push({
      countryId,
      countryName: name,
      value: measure === 'newCases' ? newCases : activeActivities,
      activeActivities,
      newCases,
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

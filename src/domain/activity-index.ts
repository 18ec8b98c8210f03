import type { AutoSurveillanceReview, CommitStatus, SpeciesGroup, UpdateStatus } from './enums';
import { Visibility } from './enums';
import { autoSurveillanceReviewLabel } from './auto-surveillance-review';
import { commitStatusLabel } from './commit-status';
import { speciesGroupLabel } from './enums';
import { updateStatusLabel } from './update-status';

/**
 * The disease activity index's filter chips and sort (spec 001 §2): five chip groups, a
 * sortable column, the default lastCommittedDate descending. Shared by the screen and the worker.
 */

/** The five chip groups, in the screen's order. Values are the list item's codes. */
export interface ActivityFilters {
  readonly updateStatus: readonly UpdateStatus[];
  readonly commitStatus: readonly CommitStatus[];
  readonly visibility: readonly Visibility[];
  readonly asReviewStatus: readonly AutoSurveillanceReview[];
  /** 'Entries': the species group. */
  readonly speciesGroup: readonly SpeciesGroup[];
}
export type ActivityFilterGroup = keyof ActivityFilters;

/** No chip chosen: every activity. */
export const noActivityFilters: ActivityFilters = {
  updateStatus: [],
  commitStatus: [],
  visibility: [],
  asReviewStatus: [],
  speciesGroup: [],
};

/** One chip: its group, value and label. */
export interface ActivityChip<G extends ActivityFilterGroup = ActivityFilterGroup> {
  readonly group: G;
  readonly value: ActivityFilters[G][number];
  readonly label: string;
}

const chips = <G extends ActivityFilterGroup>(
  group: G,
  labels: Readonly<Record<ActivityFilters[G][number], string>>,
): ActivityChip[] =>
  (Object.keys(labels) as `${ActivityFilters[G][number]}`[]).map((key) => {
    const numeric = Number(key);
    const value = (Number.isNaN(numeric) ? key : numeric) as ActivityFilters[G][number];
    return { group, value, label: labels[value] } as ActivityChip;
  });

/** The chip groups as the screen shows them: heading and chips. */
export const activityChipGroups: readonly {
  readonly group: ActivityFilterGroup;
  readonly title: string;
  readonly chips: readonly ActivityChip[];
}[] = [
  {
    group: 'updateStatus',
    title: 'Update Status',
    chips: chips('updateStatus', updateStatusLabel),
  },
  {
    group: 'commitStatus',
    title: 'Commit Status',
    chips: chips('commitStatus', commitStatusLabel),
  },
  {
    group: 'visibility',
    title: 'Visibility',
    chips: chips('visibility', {
      [Visibility.Visible]: 'Visible',
      [Visibility.Invisible]: 'Invisible',
    }),
  },
  {
    group: 'asReviewStatus',
    title: 'Auto-Surveillance Review',
    chips: chips('asReviewStatus', autoSurveillanceReviewLabel),
  },
  { group: 'speciesGroup', title: 'Entries', chips: chips('speciesGroup', speciesGroupLabel) },
];

/** Sortable columns of the index table (list item fields; visibility sorts by isVisible). */
export const activitySortColumns = [
  'isVisible',
  'commitStatus',
  'diseaseName',
  'locationName',
  'speciesName',
  'activityStatus',
  'numberOfArticles',
  'totalReportedCases',
  'totalNumberOfDeaths',
  'lastReportDate',
  'lastCommittedDate',
  'lastCommittedBy',
  /**
   * Growth of new cases, the last 7 days against the 7 before (issue 19; not a list item
   * field: the worker reads every activity's series): fastest growing first when descending.
   */
  'growth',
] as const;
export type ActivitySortColumn = (typeof activitySortColumns)[number];

export interface ActivitySort {
  readonly column: ActivitySortColumn;
  readonly direction: 'asc' | 'desc';
}

/** Default sort: lastCommittedDate descending (spec 001 §2, §9). */
export const defaultActivitySort: ActivitySort = { column: 'lastCommittedDate', direction: 'desc' };

const textColumns: ReadonlySet<ActivitySortColumn> = new Set([
  'diseaseName',
  'locationName',
  'speciesName',
  'lastCommittedBy',
]);

/**
 * Clicking a column: the same column toggles ascending and descending; another column starts
 * A to Z for names, newest or largest first for dates and figures.
 */
export function toggleActivitySort(
  current: ActivitySort,
  column: ActivitySortColumn,
): ActivitySort {
  if (current.column === column) {
    return { column, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  }
  return { column, direction: textColumns.has(column) ? 'asc' : 'desc' };
}

import { proxy, ref, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import { navigate } from '@/app/router';
import { buildPath } from '@/app/routes';
import {
  defaultActivitySort,
  noActivityFilters,
  toggleActivitySort,
  type ActivityFilterGroup,
  type ActivityFilters,
  type ActivitySort,
  type ActivitySortColumn,
} from '@/domain/activity-index';
import { sparklineDays } from '@/domain/activity-trends';
import type { DiseaseActivityListItem } from '@/domain/disease-activities';
import type { ActivityIndexPage } from '@workers/engine-contract';

/** Spec 001 §9: the index search is debounced 250 ms. */
export const activitySearchDebounceMs = 250;

/** The disease activity index screen's state (valtio: read snapshots, mutate through actions). */
export interface ActivityIndexState {
  /** What the search box shows. */
  searchText: string;
  /** The text the rows were searched with (after the debounce). */
  appliedSearchText: string;
  filters: ActivityFilters;
  sort: ActivitySort;
  page: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /**
   * A search, sort, chip or page is on its way (typed and waiting for the debounce, or asked of
   * the worker): the rows shown are the previous answer's. The table says so with aria-busy.
   */
  pending: boolean;
  /** The search text the rows shown answer. */
  answeredSearchText: string;
  /** The load failure, shown as it is (spec 001 §8 "Index load failure stores the error message"). */
  error: string | null;
  /** The page shown; held by `ref`: replaced, never mutated. */
  result: ActivityIndexPage | null;
  /** Row selected with j/k (index into the page's rows). */
  selected: number;
  /**
   * Counts requests to put the focus on the selected row; the table focuses it once the rows of
   * that moment are on screen (a search's answer renders after the store has it).
   */
  rowFocusRequest: number;
  /** The page's new cases per day (sparklines, issue 19); held by `ref`. */
  trends: PageTrends | null;
}

/** New cases per day of the page's activities, from one call for the page. */
export interface PageTrends {
  readonly from: string;
  readonly to: string;
  readonly byId: ReadonlyMap<number, readonly number[]>;
}

const initialState = (): ActivityIndexState => ({
  searchText: '',
  appliedSearchText: '',
  filters: noActivityFilters,
  sort: defaultActivitySort,
  page: 1,
  status: 'idle',
  pending: false,
  answeredSearchText: '',
  error: null,
  result: null,
  selected: 0,
  rowFocusRequest: 0,
  trends: null,
});

export const activityIndexStore = proxy<ActivityIndexState>(initialState());

let sequence = 0;
/** The run whose answer (or failure) is shown. */
let settled = 0;
let debounce: ReturnType<typeof setTimeout> | undefined;
/** The search running or last run (what Enter or ArrowDown from the search box waits for). */
let latestRun: Promise<void> = Promise.resolve();

/** Runs the current search in the worker; only the latest answer is kept. */
function run(options: { readonly refresh?: boolean } = {}): Promise<void> {
  latestRun = runSearch(options);
  return latestRun;
}

/**
 * Enter or ArrowDown in the search box: searches what is typed now, and once the latest search
 * has answered selects its first row. Resolves with whether there is a row to go to.
 */
export async function moveIntoActivityResults(): Promise<boolean> {
  applyActivitySearchText();
  for (let waited: Promise<void> | null = null; waited !== latestRun;) {
    waited = latestRun;
    await waited;
  }
  const rows = activityIndexStore.result?.rows.length ?? 0;
  if (rows === 0) return false;
  activityIndexStore.selected = Math.min(activityIndexStore.selected, rows - 1);
  return true;
}

async function runSearch(options: { readonly refresh?: boolean }): Promise<void> {
  const mine = ++sequence;
  const s = activityIndexStore;
  if (s.result === null || options.refresh) s.status = 'loading';
  if (options.refresh) s.trends = null;
  s.pending = true;
  const searchText = s.appliedSearchText;
  try {
    if (options.refresh) await getEngine().loadActivities(true);
    const result = await getEngine().searchActivities({
      searchText,
      filters: {
        updateStatus: [...s.filters.updateStatus],
        commitStatus: [...s.filters.commitStatus],
        visibility: [...s.filters.visibility],
        asReviewStatus: [...s.filters.asReviewStatus],
        speciesGroup: [...s.filters.speciesGroup],
      },
      sort: { ...s.sort },
      page: s.page,
    });
    if (mine !== sequence) return;
    s.result = ref(result);
    s.page = result.page;
    s.selected = Math.min(s.selected, Math.max(0, result.rows.length - 1));
    s.answeredSearchText = searchText;
    s.status = 'ready';
    s.error = null;
    settle(mine);
    void loadTrends(mine, result.rows);
  } catch (error) {
    if (mine !== sequence) return;
    s.status = 'error';
    s.error = error instanceof Error ? error.message : String(error);
    settle(mine);
  }
}

/** The latest run has answered: the rows are current unless more is typed and waiting. */
function settle(run: number): void {
  settled = run;
  updatePending();
}

function updatePending(): void {
  activityIndexStore.pending = debounce !== undefined || settled !== sequence;
}

/** The page's sparkline series: one GET …/newCases for its rows; kept if the page changed since. */
async function loadTrends(
  mine: number,
  rows: readonly Pick<DiseaseActivityListItem, 'diseaseActivityId'>[],
): Promise<void> {
  const ids = rows.map((r) => r.diseaseActivityId);
  const have = activityIndexStore.trends;
  if (have !== null && ids.every((id) => have.byId.has(id))) return;
  try {
    const answer = await getEngine().getNewCases(ids, sparklineDays);
    if (mine !== sequence) return;
    activityIndexStore.trends = ref({
      from: answer.from,
      to: answer.to,
      byId: new Map(answer.series.map((s) => [s.diseaseActivityId, s.newCases])),
    });
  } catch {
    // The engine reported it; the cells keep their placeholder.
  }
}

/** Loads the list (once per engine) and shows the first page; called when the screen mounts. */
export function startActivityIndex(): () => void {
  void run();
  return () => {
    if (debounce !== undefined) clearTimeout(debounce);
  };
}

/** Loads the list again (after a create, or 'Try again'). */
export function reloadActivities(): Promise<void> {
  return run({ refresh: true });
}

/** Types into the search box: the search runs 250 ms after the last keystroke. */
export function setActivitySearchText(text: string): void {
  activityIndexStore.searchText = text;
  activityIndexStore.pending = true;
  if (debounce !== undefined) clearTimeout(debounce);
  debounce = setTimeout(applyActivitySearchText, activitySearchDebounceMs);
}

/** Searches now (Enter in the box). */
export function applyActivitySearchText(): void {
  if (debounce !== undefined) clearTimeout(debounce);
  debounce = undefined;
  const s = activityIndexStore;
  if (s.appliedSearchText === s.searchText && s.result !== null) {
    updatePending();
    return;
  }
  s.appliedSearchText = s.searchText;
  s.page = 1;
  s.selected = 0;
  void run();
}

/** Turns a chip on or off. */
export function toggleActivityChip(group: ActivityFilterGroup, value: string | number): void {
  const s = activityIndexStore;
  const current: readonly (string | number)[] = s.filters[group];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  s.filters = { ...s.filters, [group]: next } as ActivityFilters;
  s.page = 1;
  s.selected = 0;
  void run();
}

/** Clears every chip. */
export function clearActivityChips(): void {
  activityIndexStore.filters = noActivityFilters;
  activityIndexStore.page = 1;
  void run();
}

/** Sorts by a column; the same column toggles ascending and descending. */
export function sortActivitiesBy(column: ActivitySortColumn): void {
  const s = activityIndexStore;
  s.sort = toggleActivitySort(s.sort, column);
  s.page = 1;
  s.selected = 0;
  void run();
}

/** Shows another page. */
export function goToActivityPage(page: number): void {
  const s = activityIndexStore;
  const last = s.result?.pageCount ?? 1;
  const next = Math.min(Math.max(1, page), last);
  if (next === s.page && s.result !== null) return;
  s.page = next;
  s.selected = 0;
  void run();
}

/** Moves the j/k selection; past either end it turns the page. */
export function moveActivitySelection(delta: number): void {
  const s = activityIndexStore;
  const count = s.result?.rows.length ?? 0;
  if (count === 0) return;
  const next = s.selected + delta;
  if (next >= count && s.page < (s.result?.pageCount ?? 1)) {
    goToActivityPage(s.page + 1);
  } else if (next < 0 && s.page > 1) {
    goToActivityPage(s.page - 1);
    s.selected = activityIndexPageLastRow;
  } else {
    s.selected = Math.min(Math.max(0, next), count - 1);
  }
}
// After turning back a page the selection lands on its last row (clamped when the page loads).
const activityIndexPageLastRow = Number.MAX_SAFE_INTEGER;

/** Path of an activity's details (spec 001 §2: /activity/{diseaseActivityId}/{locationId}). */
export const activityPath = (
  row: Pick<DiseaseActivityListItem, 'diseaseActivityId' | 'locationId'>,
) =>
  buildPath('activityDetails', {
    diseaseActivityIdParam: row.diseaseActivityId,
    countryIdParam: row.locationId,
  });

/** Opens an activity (row click, Enter). */
export function openActivity(
  row: Pick<DiseaseActivityListItem, 'diseaseActivityId' | 'locationId'>,
) {
  navigate(activityPath(row));
}

/** The focus goes to the selected row, once the rows the store holds now are rendered. */
export function focusSelectedActivityRow(): void {
  activityIndexStore.rowFocusRequest += 1;
}

/** Opens the selected row. */
export function openSelectedActivity(): void {
  const row = activityIndexStore.result?.rows[activityIndexStore.selected];
  if (row) openActivity(row);
}

/** React hook: the store's snapshot. */
export const useActivityIndex = () => useSnapshot(activityIndexStore);

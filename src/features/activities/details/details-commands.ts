import { useEffect } from 'react';
import {
  commandRegistry,
  findHotkeyConflicts,
  type Command,
  type CommandContext,
  type KeyHold,
} from '@/app/commands/registry';
import { hiddenFromPalette, screenCommandFactory } from '@/app/commands/screen-commands';
import { matchRoute } from '@/app/routes';
import { EntryType, LocationType } from '@/domain/enums';
import { canAddEntry, type AddableEntryType } from '@/domain/entries/add-entry';
import { requestCommit, submitKeepingFocus } from './commit-bar';
import {
  collapseAllTables,
  collapseLocation,
  confirmAllWarnings,
  detailsStore,
  expandLocation,
  selectLocation,
  setLocationMode,
  setPage,
  validate,
} from './details-store';
import { addEntryAndFocus } from './location-table';
import {
  currentRowHasHistory,
  currentRowIsTotal,
  moveRow,
  openCurrentRowHistory,
  rowHasFocus,
  toggleCurrentTotal,
} from './row-keys';

/** The hotkey scope of the details screen, active while it is mounted. */
export const activityDetailsScope = 'activityDetails';

const group = 'Disease Activity Details';
const onDetails = ({ pathname }: CommandContext) => matchRoute(pathname).id === 'activityDetails';

/** The location sections on screen, in order (the page the analyst sees). */
const shownLocationIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="location-table"]')].map((el) =>
    Number(el.dataset['locationId']),
  );

/** j/k: the next or previous location on the page, scrolled into view and focused. */
export function moveLocation(step: 1 | -1): void {
  const ids = shownLocationIds();
  if (ids.length === 0) return;
  const at = ids.indexOf(detailsStore.selectedLocationId ?? -1);
  const next = ids[Math.min(ids.length - 1, Math.max(0, at + step))] ?? ids[0];
  if (next === undefined) return;
  selectLocation(next);
  const section = document.querySelector<HTMLElement>(`[data-location-id="${next}"]`);
  section?.focus({ preventScroll: true });
  // Spec 001 §9: scroll-to-location after 100 ms (the selection paints first).
  setTimeout(() => section?.scrollIntoView({ block: 'nearest' }), 100);
}

/** Adds an entry of a type to the selected location when the rules allow it. */
export function addToSelected(type: AddableEntryType): KeyHold | undefined {
  const s = detailsStore;
  const detail = s.detail;
  if (detail === null) return undefined;
  // Only the country's entries are in (issue 31): the whole detail replaces the drafts when it
  // arrives, so an entry added now would be lost. The add waits for it, and so do the keys typed
  // after it (the date of `a c`).
  if (s.partial) {
    const opening = s.work.opening?.done;
    if (opening === undefined) return undefined;
    let after: KeyHold | undefined | null = null;
    void opening.then(() => {
      after = s.partial ? undefined : addToSelected(type);
    });
    return { ready: () => after !== null && (after === undefined || after.ready()) };
  }
  const locationId = s.selectedLocationId ?? detail.activity.countryDetails.countryId;
  const location =
    detail.locations.find((l) => l.id === locationId) ??
    s.addedLocations.find((l) => l.id === locationId);
  const allowed = canAddEntry(type, {
    locationId,
    isCountryLocation: location?.type === LocationType.Country,
    readOnly: detail.readOnly,
    commitStatus: detail.commitStatus,
    hasActivePeriod:
      detail.latestReportingPeriod !== null && detail.latestReportingPeriod.endDate === null,
    propagationOn: s.propagate,
    pending: s.drafts.map((d) => ({
      locationId: d.locationId,
      type: d.type,
      reportedOn: d.reportedOn === '' ? null : d.reportedOn,
    })),
  });
  return allowed ? addEntryAndFocus(locationId, type) : undefined;
}

const addKeys: readonly (readonly [AddableEntryType, string, string])[] = [
  [EntryType.CASE_DATA, 'a>c', 'Add Case Data entry'],
  [EntryType.TRAVELLER, 'a>t', 'Add Traveller entry'],
  [EntryType.DESCRIPTION, 'a>s', 'Add Situational Update entry'],
  [EntryType.INACTIVITY, 'a>i', 'Add Check-in entry'],
  [EntryType.NEW_REPORTING_PERIOD, 'a>n', 'Add New Reporting Period entry'],
  [EntryType.END_REPORTING_PERIOD, 'a>e', 'Add End Reporting Period entry'],
];

/** Every action of the details screen as a command (palette, hotkeys, the `?` sheet). */
export function activityDetailsCommands(focusLocationSearch: () => void): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'activityDetails',
    group,
    scope: activityDetailsScope,
    when: onDetails,
  });
  // Validate, confirm, save and commit work while typing in a figure.
  const inInputs = { enableInInputs: true } as const;
  return [
    ...addKeys.map(([type, hotkey, title]) =>
      command(`add${type}`, title, hotkey, () => addToSelected(type), {
        keywords: ['new', 'entry'],
      }),
    ),
    command('nextLocation', 'Next location', 'j', () => moveLocation(1), { keywords: ['down'] }),
    command('previousLocation', 'Previous location', 'k', () => moveLocation(-1), {
      keywords: ['up'],
    }),
    command('nextRow', 'Next row of the location', 'shift+j', () => moveRow(1), {
      keywords: ['down', 'entry'],
    }),
    command('previousRow', 'Previous row of the location', 'shift+k', () => moveRow(-1), {
      keywords: ['up', 'entry'],
    }),
    // Arrows move rows only while a row has the focus, so they still scroll the page otherwise.
    command('nextRowArrow', 'Next row of the location', 'arrowdown', () => moveRow(1), {
      ...hiddenFromPalette,
      when: (context) => onDetails(context) && rowHasFocus(),
    }),
    command('previousRowArrow', 'Previous row of the location', 'arrowup', () => moveRow(-1), {
      ...hiddenFromPalette,
      when: (context) => onDetails(context) && rowHasFocus(),
    }),
    command('toggleDailyTotal', 'Expand/collapse the Daily Total', 'enter', toggleCurrentTotal, {
      keywords: ['user entries', 'row'],
      when: (context) => onDetails(context) && currentRowIsTotal(),
    }),
    command(
      'toggleDailyTotalSpace',
      'Expand/collapse the Daily Total',
      'space',
      toggleCurrentTotal,
      {
        ...hiddenFromPalette,
        when: (context) => onDetails(context) && rowHasFocus() && currentRowIsTotal(),
      },
    ),
    command('rowHistory', 'Audit history of the row', 'h', openCurrentRowHistory, {
      keywords: ['entry', 'versions'],
      when: (context) => onDetails(context) && currentRowHasHistory(),
    }),
    command('nextPage', 'Next page of locations', 'shift+n', () => setPage(detailsStore.page + 1)),
    command('previousPage', 'Previous page of locations', 'shift+p', () =>
      setPage(detailsStore.page - 1),
    ),
    command('filterLocations', 'Filter locations', 'slash', () => {
      setLocationMode('filter');
      focusLocationSearch();
    }),
    command('searchLocations', 'Search/Add a location', 'shift+l', () => {
      setLocationMode('search');
      focusLocationSearch();
    }),
    command('showAllReports', 'Show all reports of the selected location', 'e', () => {
      const id = detailsStore.selectedLocationId;
      if (id === null) return;
      if (detailsStore.histories[id]) collapseLocation(id);
      else void expandLocation(id);
    }),
    command('collapseAll', 'Collapse All Tables', 'shift+e', collapseAllTables),
    command('validate', 'Validate', 'alt+v', () => void validate(), inInputs),
    command('confirmAll', 'Confirm all warnings', 'alt+w', confirmAllWarnings, inInputs),
    command('save', 'Save (uncommitted)', 'alt+s', () => void submitKeepingFocus(false), inInputs),
    command('commit', 'Commit changes', 'alt+c', () => void requestCommit(), inInputs),
  ];
}

/**
 * Registers the commands while the screen is mounted, each guarded by the route. The one key
 * handler reads the registry at each key, so registering never drops a half-typed sequence.
 */
export function useActivityDetailsCommands(focusLocationSearch: () => void): void {
  useEffect(() => {
    const existing = commandRegistry.list();
    const ours = activityDetailsCommands(focusLocationSearch).filter(
      (candidate) => findHotkeyConflicts([...existing, candidate]).length === 0,
    );
    return commandRegistry.register(ours);
  }, [focusLocationSearch]);
}

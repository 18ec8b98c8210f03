import { useEffect, useMemo, useRef, type HTMLAttributes } from 'react';
import { TableVirtuoso, type TableComponents, type TableVirtuosoHandle } from 'react-virtuoso';
import {
  EntryType,
  LocationType,
  ReportStatus,
  entryTypeLabel,
  reportingPeriodTypeLabel,
} from '@/domain/enums';
import type { KeyHold } from '@/app/commands/registry';
import { addEntryOptions, type AddableEntryType } from '@/domain/entries/add-entry';
import { caseFigures, type CaseCount } from '@/domain/entries/case-figures';
import { caseDataReportedOnBounds, periodEntryEarliest } from '@/domain/entries/reported-on-bounds';
import type { ReportJson } from '@/domain/entries/entries-api';
import { compareReports } from '@/domain/entries/report-order';
import { messages } from '@/domain/messages';
import { formatCount, formatDay, formatLocalTime } from '../index/activity-labels';
import { CaseHistoryRow, DraftRow, type DraftBounds } from './draft-row';
import { localToday } from './day-input';
import {
  addEntry,
  collapseLocation,
  detailsStore,
  expandLocation,
  selectLocation,
  toggleDailyTotal,
  useDetails,
} from './details-store';
import type { DraftEntry } from './drafts';
import { committedRows, lastCommittedValues } from './location-rows';
import { entryViewTypes, type ActivityLocation } from './location-order';
import {
  ReportActionsCell,
  ReportArticlesCell,
  ReportUserCell,
  openEntryHistory,
} from './dialogs/entry-dialogs';
import { CountryCumulative } from './country-cumulative';
import { LocationCurvePanel, LocationCurveToggle } from './epi-curve/activity-curves';
import {
  rememberRow,
  rowFocusRing,
  tableRowAttribute,
  clearPendingVirtualRow,
  isPendingVirtualRow,
  setPendingVirtualRow,
  virtualTables,
  withHistory,
} from './row-keys';
import { keptOnceAnEntryIsSaved } from './added-location-note';

/** Spec 001 §2: the entries table's 15 columns. */
export const entriesColumns = [
  'Location',
  'Reported Date',
  'Committed On',
  'Entry Type',
  'Reported',
  'Suspected',
  'Confirmed',
  'Deaths',
  'Reported Cumulative',
  'Suspected Cumulative',
  'Confirmed Cumulative',
  'Deaths Cumulative',
  'Articles',
  'User',
  'Delete',
] as const;

/**
 * One grid for every location's table: fixed widths (rem) so the stacked tables' columns line
 * up whatever their rows hold; Location takes what is left. Each width fits the cell's input
 * (date box 7 rem, figure boxes 4 rem) with the cell's padding.
 */
const columnWidths: Readonly<Record<(typeof entriesColumns)[number], string | undefined>> = {
  Location: undefined,
  // The date box (5.75 rem) and its calendar button (1.75 rem), with the cell's padding.
  'Reported Date': '8.75rem',
  'Committed On': '6rem',
  'Entry Type': '6.5rem',
  Reported: '4.75rem',
  Suspected: '4.75rem',
  Confirmed: '4.75rem',
  Deaths: '4.75rem',
  'Reported Cumulative': '5rem',
  'Suspected Cumulative': '5rem',
  'Confirmed Cumulative': '5rem',
  'Deaths Cumulative': '5rem',
  Articles: '4rem',
  User: '3.25rem',
  Delete: '3.5rem',
};

const cell = 'border-b border-slate-200 px-1.5 py-1 text-xs';
const num = `${cell} text-right font-mono tabular-nums`;

const countText = (count: CaseCount | undefined, half: 'newCases' | 'cumulative') =>
  count === undefined ? '' : formatCount(count[half]);

/** A period entry's type as analysts read it ('New Outbreak'), not the enum name. */
const periodLabel = ({ reportingPeriodType: type }: ReportJson) =>
  type === undefined || type === null ? '' : reportingPeriodTypeLabel[type];

/** What a committed row shows across the figure columns. */
function Figures({ report }: { readonly report: ReportJson }) {
  if (report.reportedCases === undefined) {
    const text =
      report.type === EntryType.TRAVELLER
        ? `${report.cases ?? ''} case(s)${report.originLocation ? ` · from ${report.originLocation}` : ''}${report.notes ? ` · ${report.notes}` : ''}`
        : report.type === EntryType.DESCRIPTION
          ? `${report.importance ?? ''}${report.title ? ` · ${report.title}` : ''}`
          : report.type === EntryType.INACTIVITY
            ? report.inactivityReason === 'NoNewCases'
              ? 'No new cases'
              : 'No new information'
            : periodLabel(report);
    return (
      <td className={`${cell} text-slate-600`} colSpan={8}>
        {text}
      </td>
    );
  }
  return (
    <>
      {caseFigures.map((f) => (
        <td key={`n-${f}`} className={num}>
          {countText(report[f], 'newCases')}
        </td>
      ))}
      {caseFigures.map((f) => (
        <td
          key={`c-${f}`}
          className={`${num} ${report[f]?.computed ? 'italic text-slate-500' : ''}`}
        >
          {countText(report[f], 'cumulative')}
        </td>
      ))}
    </>
  );
}

/** What virtuoso puts on a row it renders (its index, measured size, style). */
type VirtualRowProps = HTMLAttributes<HTMLTableRowElement>;

function ReportRow({
  report,
  locationName,
  className = '',
  toggle,
  rowProps,
}: {
  readonly report: ReportJson;
  readonly locationName: string;
  readonly className?: string;
  readonly toggle?: { readonly expanded: boolean; readonly count: number } | undefined;
  readonly rowProps?: VirtualRowProps | undefined;
}) {
  return (
    <tr
      {...rowProps}
      data-testid="report-row"
      data-entry-type={report.type}
      {...{ [tableRowAttribute]: '' }}
      data-daily-total={toggle && toggle.count > 0 ? report.id : undefined}
      tabIndex={-1}
      // The entry's audit history, one key (`h`) away from the row or any of its buttons.
      ref={withHistory(() => openEntryHistory(report, locationName))}
      onFocus={rememberRow}
      className={`${className} ${rowFocusRing}`}
    >
      <td className={`${cell} text-slate-700`}>{locationName}</td>
      <td className={`${cell} font-mono`}>
        {report.type === EntryType.END_REPORTING_PERIOD
          ? formatDay(report.reportedOn)
          : formatDay(report.reportedOn)}
      </td>
      <td className={`${cell} text-slate-600`}>
        {formatLocalTime(report.reportCollection.commitDate)}
      </td>
      <td className={`${cell} font-medium text-slate-800`}>
        {toggle && toggle.count > 0 ? (
          <button
            type="button"
            aria-expanded={toggle.expanded}
            onClick={() => toggleDailyTotal(report.id)}
            className="rounded hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {toggle.expanded ? '▾' : '▸'} {entryTypeLabel[report.type]} ({toggle.count})
          </button>
        ) : (
          entryTypeLabel[report.type]
        )}
      </td>
      <Figures report={report} />
      <td
        className={`${cell} text-center text-slate-500`}
        title={`${report.articles.length} article(s)`}
      >
        <ReportArticlesCell report={report} locationName={locationName} />
      </td>
      <td className={`${cell} text-center text-slate-600`} title={report.updatedByUserName ?? ''}>
        <ReportUserCell report={report} locationName={locationName} />
      </td>
      <td className={`${cell} text-center`}>
        <ReportActionsCell report={report} locationName={locationName} />
      </td>
    </tr>
  );
}

/** Bounds of a draft's reported-on date (spec 001 §5 "Reported-on date bounds"). */
function boundsOf(draft: DraftEntry, drafts: readonly DraftEntry[]): DraftBounds {
  const detail = detailsStore.detail;
  const today = localToday();
  if (detail === null) return { earliest: null, latest: today };
  const period = detail.latestReportingPeriod;
  if (
    draft.type === EntryType.NEW_REPORTING_PERIOD ||
    draft.type === EntryType.END_REPORTING_PERIOD
  ) {
    return {
      earliest: periodEntryEarliest({ latestPeriod: period, lastEntryDate: detail.lastEntryDate }),
      latest: today,
    };
  }
  if (draft.type !== EntryType.CASE_DATA) {
    return { earliest: period?.startDate ?? null, latest: today };
  }
  return caseDataReportedOnBounds({
    previousCommittedOn: period?.startDate ?? null,
    otherUncommittedOn: drafts
      .filter(
        (d) =>
          d.key !== draft.key &&
          d.type === EntryType.CASE_DATA &&
          d.locationId === draft.locationId,
      )
      .map((d) => (d.reportedOn === '' ? null : d.reportedOn)),
    today,
  });
}

/** Focuses an element once it is on screen (valtio renders after the store changes). */
function focusWhenShown(find: () => HTMLElement | null, framesLeft = 20): void {
  requestAnimationFrame(() => {
    const element = find();
    if (element === null && framesLeft > 0) focusWhenShown(find, framesLeft - 1);
    else element?.focus();
  });
}

/**
 * Focuses the reported-on box of a draft once it is on screen; the hold tells the key handler
 * when it is, so a date typed straight after `a c` lands in it.
 */
export function focusDraft(key: string): KeyHold {
  const id = `reported-on-${key}`;
  focusWhenShown(() => document.getElementById(id));
  return { ready: () => document.activeElement?.id === id };
}

/** Focuses a location's table once it is on screen: where `a c` goes next. */
export const focusLocationTable = (locationId: number): void =>
  focusWhenShown(() =>
    document.querySelector<HTMLElement>(
      `[data-testid="location-table"][data-location-id="${locationId}"]`,
    ),
  );

/** Adds an entry of a type at a location and puts the cursor in its date. */
export function addEntryAndFocus(locationId: number, type: AddableEntryType): KeyHold {
  return focusDraft(addEntry(locationId, type));
}

function AddEntryPicker({ location }: { readonly location: ActivityLocation }) {
  const { detail, partial, drafts, propagate } = useDetails();
  if (detail === null) return null;
  const readOnly = detail.readOnly || partial;
  const options = addEntryOptions({
    locationId: location.id,
    isCountryLocation: location.type === LocationType.Country,
    readOnly,
    commitStatus: detail.commitStatus,
    hasActivePeriod:
      detail.latestReportingPeriod !== null && detail.latestReportingPeriod.endDate === null,
    propagationOn: propagate,
    pending: drafts.map((d) => ({
      locationId: d.locationId,
      type: d.type,
      reportedOn: d.reportedOn === '' ? null : d.reportedOn,
    })),
  });
  return (
    <select
      aria-label={`Add entry to ${location.displayName}`}
      value=""
      disabled={readOnly}
      onChange={(event) => {
        const type = Number(event.target.value) as AddableEntryType;
        if (options.some((o) => o.type === type && o.enabled)) addEntryAndFocus(location.id, type);
      }}
      className="h-7 rounded border border-slate-300 bg-white px-1 text-xs"
    >
      <option value="">Add entry…</option>
      {options.map((o) => (
        <option key={o.type} value={o.type} disabled={!o.enabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const figureColumns = new Set<string>(['Reported', 'Suspected', 'Confirmed', 'Deaths']);
const headCell = 'border-b border-slate-200 px-1.5 py-1 font-medium';

/**
 * The 15 column headers in two rows (issue 31: at 1280 px 'SUSPECTED CONFIRMED DEATHS' ran
 * together and the cumulative names wrapped): 'New cases' and 'Cumulative' head their four
 * figures, each figure named once under them. A cumulative header keeps its whole name
 * ('Reported Cumulative') for screen readers.
 */
function EntriesHeadRows() {
  const [before, after] = [entriesColumns.slice(0, 4), entriesColumns.slice(12)];
  const single = (column: string) => (
    <th key={column} scope="col" rowSpan={2} className={`${headCell} align-bottom`}>
      {column}
    </th>
  );
  return (
    <>
      <tr>
        {before.map(single)}
        <th scope="colgroup" colSpan={4} className={`${headCell} border-l text-center`}>
          New cases
        </th>
        <th scope="colgroup" colSpan={4} className={`${headCell} border-l text-center`}>
          Cumulative
        </th>
        {after.map(single)}
      </tr>
      <tr>
        {entriesColumns
          .filter((column) => figureColumns.has(column))
          .map((column, i) => (
            <th
              key={`new-${column}`}
              scope="col"
              className={`${headCell} text-right ${i === 0 ? 'border-l' : ''}`}
            >
              {column}
            </th>
          ))}
        {entriesColumns
          .filter((column) => column.endsWith(' Cumulative'))
          .map((column, i) => (
            <th
              key={column}
              scope="col"
              className={`${headCell} text-right ${i === 0 ? 'border-l' : ''}`}
            >
              {column.replace(' Cumulative', '')}
              <span className="sr-only"> Cumulative</span>
            </th>
          ))}
      </tr>
    </>
  );
}

function EntriesHead() {
  return (
    <thead className="bg-slate-50 text-left text-[11px] text-slate-500">
      <EntriesHeadRows />
    </thead>
  );
}

const tableClass = 'w-full min-w-[72rem] table-fixed border-collapse';

const columnGroup = (
  <colgroup>
    {entriesColumns.map((column) => (
      <col key={column} style={{ width: columnWidths[column] }} />
    ))}
  </colgroup>
);

/** One row of a location's table, in reading order: drafts first, then the committed rows. */
type TableItem =
  | { readonly kind: 'draft'; readonly key: string; readonly draft: DraftEntry }
  | { readonly kind: 'caseHistory'; readonly key: string }
  | {
      readonly kind: 'report';
      readonly key: number;
      readonly report: ReportJson;
      readonly latestTotal: boolean;
      readonly toggle: { readonly expanded: boolean; readonly count: number } | undefined;
    }
  | { readonly kind: 'userEntry'; readonly key: number; readonly report: ReportJson }
  | { readonly kind: 'note'; readonly key: string; readonly text: string; readonly tone: string };

/** What every row of one location's table reads besides its item. */
interface RowContext {
  readonly locationName: string;
  readonly drafts: readonly DraftEntry[];
  readonly readOnly: boolean;
  readonly recent: ReturnType<typeof lastCommittedValues>;
}

/** A row of the table; `rowProps` are virtuoso's when the table is virtualised. */
function renderItem(item: TableItem, context: RowContext, rowProps?: VirtualRowProps) {
  switch (item.kind) {
    case 'draft':
      return (
        <DraftRow
          key={item.key}
          draft={item.draft}
          locationName={context.locationName}
          bounds={boundsOf(item.draft, context.drafts)}
          readOnly={context.readOnly}
          rowProps={rowProps}
        />
      );
    case 'caseHistory':
      return <CaseHistoryRow key={item.key} history={context.recent} rowProps={rowProps} />;
    case 'report':
      return (
        <ReportRow
          key={item.key}
          report={item.report}
          locationName={context.locationName}
          className={item.latestTotal ? 'bg-emerald-50' : ''}
          toggle={item.toggle}
          rowProps={rowProps}
        />
      );
    case 'userEntry':
      return (
        <ReportRow
          key={item.key}
          report={item.report}
          locationName={`↳ ${context.locationName}`}
          className="bg-slate-50 text-slate-600"
          rowProps={rowProps}
        />
      );
    case 'note':
      return (
        <tr key={item.key} {...rowProps}>
          <td colSpan={15} className={`${cell} ${item.tone}`}>
            {item.text}
          </td>
        </tr>
      );
  }
}

// Defined once (not per render), so virtuoso keeps its rows mounted while the data changes.
const virtualComponents: TableComponents<TableItem, RowContext> = {
  Table: ({ context: _context, children, ...props }) => (
    <table {...props} className={tableClass}>
      {columnGroup}
      {children}
    </table>
  ),
  // The head scrolls with the page, as the other tables' do (the shell's header is sticky).
  TableHead: ({ context: _context, style, ...props }) => (
    <thead
      {...props}
      style={{ ...style, position: 'static' }}
      className="bg-slate-50 text-left text-[11px] text-slate-500"
    />
  ),
  TableRow: ({ item, context, children: _children, ...props }) => renderItem(item, context, props),
};

const headRows = () => <EntriesHeadRows />;

/**
 * A place's whole history (it has no bound), virtualised in the page's own scroll
 * (react-virtuoso). Shift+K from outside the rows reaches its last row through the handle.
 */
function VirtualLocationTable({
  locationId,
  items,
  context,
}: {
  readonly locationId: number;
  readonly items: readonly TableItem[];
  readonly context: RowContext;
}) {
  const table = useRef<TableVirtuosoHandle>(null);
  // Item indexes that are rows the keys reach (a draft's case history and notes are not).
  const rowIndexes = useMemo(
    () =>
      items.flatMap((item, i) => (item.kind === 'caseHistory' || item.kind === 'note' ? [] : [i])),
    [items],
  );
  useEffect(() => {
    const focusIndex = (index: number, align: 'start' | 'end') => {
      setPendingVirtualRow(locationId, index);
      table.current?.scrollToIndex({ index, align });
      // Focused once mounted, unless a later key asked for another row meanwhile.
      const attempt = (framesLeft: number) =>
        requestAnimationFrame(() => {
          if (!isPendingVirtualRow(locationId, index)) return;
          const row = document
            .querySelector(`[data-location-id="${locationId}"]`)
            ?.querySelector<HTMLElement>(`[data-index="${index}"][${tableRowAttribute}]`);
          if (row === null || row === undefined) {
            if (framesLeft > 0) attempt(framesLeft - 1);
            else clearPendingVirtualRow(locationId, index);
            return;
          }
          row.focus();
          clearPendingVirtualRow(locationId, index);
        });
      attempt(20);
    };
    const focusRow = (from: number, step: 1 | -1) => {
      const next =
        step > 0 ? rowIndexes.find((i) => i > from) : rowIndexes.findLast((i) => i < from);
      // Past the first or last row: the focus stays where it is.
      focusIndex(next ?? from, step > 0 ? 'end' : 'start');
    };
    const focusLastRow = () => {
      const last = rowIndexes.at(-1);
      if (last !== undefined) focusIndex(last, 'end');
    };
    virtualTables.set(locationId, { focusRow, focusLastRow });
    return () => {
      virtualTables.delete(locationId);
      clearPendingVirtualRow(locationId);
    };
  }, [locationId, rowIndexes]);
  return (
    <TableVirtuoso<TableItem, RowContext>
      ref={table}
      useWindowScroll
      data={items}
      context={context}
      computeItemKey={(_, item) => `${item.kind}-${item.key}`}
      increaseViewportBy={600}
      fixedHeaderContent={headRows}
      components={virtualComponents}
    />
  );
}

/** One location's entries: its drafts, then its committed rows (spec 001 §2). */
export function LocationTable({ location }: { readonly location: ActivityLocation }) {
  const { detail, partial, drafts, histories, expandedTotals, view, selectedLocationId } =
    useDetails();
  if (detail === null) return null;
  // While only the country's entries are in (issue 31), another place's are on their way.
  const waiting = partial && location.id !== detail.activity.countryDetails.countryId;
  const history = histories[location.id];
  const reports: readonly ReportJson[] =
    history?.status === 'ready'
      ? history.reports
      : detail.reports.filter((r) => r.locationId === location.id);
  const types = entryViewTypes[view];
  const mine = drafts
    .filter((d) => d.locationId === location.id && (types === null || types.has(d.type)))
    .slice()
    .sort((a, b) =>
      compareReports(
        {
          type: a.type,
          reportStatus: a.reportStatus,
          reportedOn: a.reportedOn || null,
          commitDate: null,
        },
        {
          type: b.type,
          reportStatus: b.reportStatus,
          reportedOn: b.reportedOn || null,
          commitDate: null,
        },
      ),
    );
  const rows = committedRows(reports, types);
  const recent = lastCommittedValues(reports, 3);
  const expanded = history !== undefined;
  const selected = selectedLocationId === location.id;
  const hasTotals = reports.some(
    (r) => r.type === EntryType.PROCESSED && r.reportStatus === ReportStatus.Committed,
  );
  const items: TableItem[] = [
    ...mine.flatMap((draft): TableItem[] => [
      { kind: 'draft', key: draft.key, draft },
      ...(draft.type === EntryType.CASE_DATA && recent.length > 0
        ? [{ kind: 'caseHistory' as const, key: `${draft.key}-history` }]
        : []),
    ]),
    ...rows.flatMap((row): TableItem[] => {
      const open = expandedTotals.includes(row.report.id);
      return [
        {
          kind: 'report',
          key: row.report.id,
          report: row.report,
          latestTotal: row.latestTotal,
          toggle:
            row.userEntries.length > 0
              ? { expanded: open, count: row.userEntries.length }
              : undefined,
        },
        ...(open
          ? row.userEntries.map((entry): TableItem => ({
              kind: 'userEntry',
              key: entry.id,
              report: entry,
            }))
          : []),
      ];
    }),
    ...(history?.status === 'loading'
      ? [
          {
            kind: 'note' as const,
            key: 'loading',
            text: 'Loading all reports…',
            tone: 'text-slate-500',
          },
        ]
      : []),
    ...(history?.status === 'error'
      ? [
          {
            kind: 'note' as const,
            key: 'error',
            text: 'The reports of this location could not be loaded.',
            tone: 'text-red-700',
          },
        ]
      : []),
    ...(waiting
      ? [
          {
            kind: 'note' as const,
            key: 'waiting',
            text: 'Loading entries…',
            tone: 'text-slate-500',
          },
        ]
      : []),
    ...(!waiting && mine.length === 0 && rows.length === 0 && history?.status !== 'loading'
      ? [
          {
            kind: 'note' as const,
            key: 'empty',
            text:
              hasTotals || reports.length > 0
                ? 'No entries of this type.'
                : messages.processedNotAvailable,
            tone: 'text-slate-500',
          },
        ]
      : []),
  ];
  const context: RowContext = {
    locationName: location.displayName,
    drafts,
    readOnly: detail.readOnly || partial,
    recent,
  };
  // 'Show all reports' loads the place's whole history, which has no bound: virtualised in the
  // page's own scroll (react-virtuoso). The latest reports alone stay a plain table.
  const virtual = history?.status === 'ready';

  return (
    <section
      aria-label={location.displayName}
      data-testid="location-table"
      aria-busy={waiting}
      tabIndex={-1}
      data-location-id={location.id}
      onFocusCapture={() => {
        if (!selected) selectLocation(location.id);
      }}
      className={`mb-3 rounded border bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600 ${selected ? 'border-accent-500 ring-1 ring-accent-300' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1.5">
        <h3 className="text-sm font-semibold text-slate-900">{location.displayName}</h3>
        {location.type === LocationType.Country && (
          <span className="rounded bg-slate-100 px-1.5 text-[11px] text-slate-600">Country</span>
        )}
        {location.type === LocationType.Country && <CountryCumulative countryId={location.id} />}
        {!detail.locations.some((l) => l.id === location.id) && (
          <span
            className="rounded bg-amber-50 px-1.5 text-[11px] text-amber-800"
            title={keptOnceAnEntryIsSaved}
          >
            Added here: kept once an entry is saved
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <AddEntryPicker location={location} />
          <LocationCurveToggle locationId={location.id} />
          <button
            type="button"
            onClick={() =>
              expanded ? collapseLocation(location.id) : void expandLocation(location.id)
            }
            className="rounded px-1.5 py-0.5 text-xs text-accent-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {expanded ? 'Collapse' : 'Show all reports'}
          </button>
        </div>
      </header>
      <LocationCurvePanel locationId={location.id} name={location.displayName} />
      <div className="overflow-x-auto">
        {virtual ? (
          <VirtualLocationTable locationId={location.id} items={items} context={context} />
        ) : (
          <table className={tableClass}>
            {columnGroup}
            <EntriesHead />
            <tbody>{items.map((item) => renderItem(item, context))}</tbody>
          </table>
        )}
      </div>
    </section>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ActivitySortColumn } from '@/domain/activity-index';
import { activityTitle, type DiseaseActivityListItem } from '@/domain/disease-activities';
import { iconBase } from '@/ui/icon-base';
import { CommitStatusIcon, EyeGlyph, VisibilityIcon } from './activity-icons';
import { formatCount, formatDay, formatLocalTime } from './activity-labels';
import {
  activityPath,
  openActivity,
  sortActivitiesBy,
  useActivityIndex,
} from './activity-index-store';
import { UpdateStatusCell } from './update-status-cell';
import { Sparkline } from './sparkline';

/** The columns of spec 001 §2, in order, each sortable by its list item field. */
const columns: readonly {
  readonly label: string;
  readonly column: ActivitySortColumn;
  readonly className: string;
  /** Shown to screen readers only (icon columns). */
  readonly hidden?: boolean;
  readonly numeric?: boolean;
}[] = [
  { label: 'Visibility', column: 'isVisible', className: 'w-7', hidden: true },
  { label: 'Commit status', column: 'commitStatus', className: 'w-7', hidden: true },
  // The one column without a width: it takes what the others leave.
  { label: 'Disease', column: 'diseaseName', className: '' },
  { label: 'Country', column: 'locationName', className: 'w-28' },
  { label: 'Species', column: 'speciesName', className: 'w-21' },
  { label: 'Update status', column: 'activityStatus', className: 'w-26' },
  { label: 'Articles', column: 'numberOfArticles', className: 'w-18', numeric: true },
  {
    label: 'Reported Cases Cumulative',
    column: 'totalReportedCases',
    className: 'w-26',
    numeric: true,
  },
  {
    label: 'Reported Deaths Cumulative',
    column: 'totalNumberOfDeaths',
    className: 'w-28',
    numeric: true,
  },
  { label: 'Last Entry', column: 'lastReportDate', className: 'w-21' },
  { label: 'Last Committed (local time)', column: 'lastCommittedDate', className: 'w-34' },
  { label: 'Last Committed By', column: 'lastCommittedBy', className: 'w-26' },
  // Issue 19: new cases a day over 30 days; the header sorts by growth (7 days against 7).
  { label: 'New cases, 30 days (growth)', column: 'growth', className: 'w-29' },
];

/** An icon column's heading: the column's own icon (its name is read, not shown). */
function ColumnGlyph({ column }: { readonly column: ActivitySortColumn }) {
  if (column === 'isVisible') return <EyeGlyph />;
  return (
    <svg {...iconBase}>
      <circle cx="8" cy="8" r="6" />
      <path d="m5.5 8 1.8 1.8L10.5 6.5" />
    </svg>
  );
}

function HeaderRow() {
  const { sort } = useActivityIndex();
  return (
    <tr>
      {columns.map(({ label, column, className, hidden, numeric }) => {
        const direction = sort.column === column ? sort.direction : null;
        return (
          <th
            key={column}
            scope="col"
            className={`${className} sticky top-0 z-10 border-b border-slate-200 bg-slate-100 px-1.5 py-1.5 text-left align-bottom text-xs font-semibold text-slate-600`}
            aria-sort={
              direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'
            }
          >
            <button
              type="button"
              onClick={() => sortActivitiesBy(column)}
              title={`Sort by ${label}`}
              className={`flex w-full flex-wrap items-end gap-x-1 leading-tight hover:text-slate-900 ${numeric ? 'justify-end text-right' : 'text-left'}`}
            >
              <span className={hidden ? 'sr-only' : ''}>
                {label}
                {/* Inline after the last word, so it never takes a line of its own. */}
                {!hidden && (
                  <span aria-hidden="true" className={direction === null ? 'invisible' : ''}>
                    {'\u00a0'}
                    {direction === 'asc' ? '▲' : '▼'}
                  </span>
                )}
              </span>
              {hidden && <ColumnGlyph column={column} />}
              {hidden && direction !== null && (
                <span aria-hidden="true">{direction === 'asc' ? '▲' : '▼'}</span>
              )}
            </button>
          </th>
        );
      })}
    </tr>
  );
}

const activityRowSelector = '[data-testid="activity-row"]';

function ActivityRow({
  row,
  selected,
}: {
  readonly row: DiseaseActivityListItem;
  readonly selected: boolean;
}) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (!selected) return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    // The focus follows j/k once it is in the rows (a roving focus), never out of a field.
    if (document.activeElement?.matches(activityRowSelector)) {
      ref.current?.focus({ preventScroll: true });
    }
  }, [selected]);
  const href = activityPath(row);
  return (
    <tr
      ref={ref}
      aria-selected={selected}
      tabIndex={-1}
      data-testid="activity-row"
      onClick={(event) => {
        if (event.target instanceof HTMLAnchorElement) return;
        openActivity(row);
      }}
      className={`cursor-pointer border-b border-slate-100 text-[13px] hover:bg-accent-50/60 ${
        selected ? 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600' : 'bg-white'
      }`}
    >
      <td className="px-1.5 py-1.5">
        <VisibilityIcon isVisible={row.isVisible} />
      </td>
      <td className="px-1.5 py-1.5">
        <CommitStatusIcon status={row.commitStatus} />
      </td>
      {/* Names on one line, cut with an ellipsis, the whole name in the tooltip (issue 31). */}
      <td className="truncate px-1.5 py-1.5 font-medium text-slate-900" title={row.diseaseName}>
        <a
          href={href}
          onClick={(event) => {
            event.preventDefault();
            openActivity(row);
          }}
          aria-label={activityTitle(row)}
          className="hover:underline"
          tabIndex={-1}
        >
          {row.diseaseName}
        </a>
      </td>
      <td className="truncate px-1.5 py-1.5" title={row.locationName}>
        {row.locationName}
      </td>
      <td className="truncate px-1.5 py-1.5" title={row.speciesName}>
        {row.speciesName}
      </td>
      <td className="px-1.5 py-1.5">
        <UpdateStatusCell row={row} />
      </td>
      <td className="px-1.5 py-1.5 text-right tabular-nums">{row.numberOfArticles}</td>
      <td className="px-1.5 py-1.5 text-right tabular-nums">
        {formatCount(row.totalReportedCases)}
      </td>
      <td className="px-1.5 py-1.5 text-right tabular-nums">
        {formatCount(row.totalNumberOfDeaths)}
      </td>
      <td className="px-1.5 py-1.5 whitespace-nowrap tabular-nums">
        {formatDay(row.lastReportDate)}
      </td>
      <td className="px-1.5 py-1.5 whitespace-nowrap tabular-nums">
        {formatLocalTime(row.lastCommittedDate)}
      </td>
      <td className="truncate px-1.5 py-1.5" title={row.lastCommittedBy ?? ''}>
        {row.lastCommittedBy ?? ''}
      </td>
      <td className="px-1.5 py-1">
        <TrendCell diseaseActivityId={row.diseaseActivityId} />
      </td>
    </tr>
  );
}

/** The row's sparkline, once the page's series have come (one call for the page). */
function TrendCell({ diseaseActivityId }: { readonly diseaseActivityId: number }) {
  const { trends } = useActivityIndex();
  const series = trends?.byId.get(diseaseActivityId);
  if (trends === null || series === undefined) {
    return <span className="text-xs text-slate-400">…</span>;
  }
  return <Sparkline series={series} from={trends.from} to={trends.to} />;
}

/** A row's height at least: 20 px of text, 12 px of padding and the 1 px border. */
const minRowHeightPx = 33;

/** Where the last table stood and how tall its rows were: the next mount's first guess. */
const seen = { top: 0, rowHeight: minRowHeightPx };

/** The rows a window of this height shows below a table top, rows this tall, and one more. */
const rowsInView = (windowHeight: number, top: number, rowHeight: number): number =>
  Math.max(1, Math.ceil((windowHeight - Math.max(0, top)) / rowHeight) + 1);

/**
 * How many of a page's rows to mount: first the rows the window shows (and the selected one),
 * then, once they are painted, the rest. The rows below the fold leave the first frame's style
 * and layout (issue 19's 50-row paint), and every row is in the table a frame later for
 * Ctrl+F, screen readers and the sort check. The first guess comes from the last table's rows;
 * if the window is not filled, more rows are mounted before the frame is painted.
 */
function useRowsInViewFirst(
  rows: readonly unknown[],
  selected: number,
  body: RefObject<HTMLTableSectionElement | null>,
): number {
  const first = Math.max(rowsInView(window.innerHeight, seen.top, seen.rowHeight), selected + 1);
  const [shown, setShown] = useState({ rows, count: first });
  // A new page starts again from the rows in view (state derived in render, as React advises).
  const count = shown.rows === rows ? shown.count : first;
  if (shown.rows !== rows) setShown({ rows, count });
  useLayoutEffect(() => {
    const element = body.current;
    const last = element?.lastElementChild;
    if (!element || !last) return;
    const top = element.getBoundingClientRect().top;
    const bottom = last.getBoundingClientRect().bottom;
    const mounted = element.childElementCount;
    seen.top = top + window.scrollY;
    seen.rowHeight = Math.max(minRowHeightPx, (bottom - top) / mounted);
    // Short of the window's bottom: mount enough more now, before this frame is painted.
    if (bottom < window.innerHeight && count < rows.length) {
      const more = rowsInView(window.innerHeight - bottom, 0, minRowHeightPx);
      setShown({ rows, count: count + more });
    }
  }, [rows, count, body]);
  useEffect(() => {
    if (count >= rows.length) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next frame is painted: a rAF runs before it, the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown({ rows, count: rows.length }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, count]);
  return Math.max(count, selected + 1);
}

/**
 * Focuses the selected row on each request (search box: Enter, ArrowDown, Escape), after the
 * commit that renders it: the request is counted after the answer is stored, so the render
 * that sees it shows that answer's rows, never the rows of a search typed halfway.
 */
function useRowFocusRequests(
  request: number,
  selected: number,
  body: RefObject<HTMLTableSectionElement | null>,
): void {
  const handled = useRef(request);
  useEffect(() => {
    if (handled.current === request) return;
    handled.current = request;
    const rows = body.current?.querySelectorAll<HTMLElement>(activityRowSelector);
    rows?.[selected]?.focus({ preventScroll: true });
  }, [request, selected, body]);
}

/** The sortable index table: one page of 50 rows; click or Enter opens a row. */
export function ActivityTable() {
  const { result, selected, rowFocusRequest } = useActivityIndex();
  const rows = result?.rows ?? noRows;
  const body = useRef<HTMLTableSectionElement>(null);
  const mounted = useRowsInViewFirst(rows, selected, body);
  useRowFocusRequests(rowFocusRequest, selected, body);
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      {/* Fixed layout: the widths are the header's, so the browser lays out 50 rows without
          measuring every cell, and the columns stay put from page to page. */}
      <table className="w-full table-fixed border-collapse" aria-label="Disease activities">
        <thead>
          <HeaderRow />
        </thead>
        <tbody ref={body}>
          {rows.slice(0, mounted).map((row, i) => (
            <ActivityRow key={row.diseaseActivityId} row={row} selected={i === selected} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const noRows: readonly DiseaseActivityListItem[] = [];

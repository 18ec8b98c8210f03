import { memo, useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { TableVirtuoso, type TableComponents, type TableVirtuosoHandle } from 'react-virtuoso';
import type { ArticleSortColumn } from '@/domain/article-search/query';
import {
  isArticleRead,
  openArticle,
  toggleArticleRead,
  toggleSort,
  useArticleIndex,
} from './article-index-store';
import { articleOrigin, formatArticleDate } from './article-labels';
import { EnvelopeClosedIcon, EnvelopeOpenIcon, LinkIcon, SortIcon } from './icons';
import { isAssociated, toggleAssociated } from './suggested-mode';
import { useSelectedRowFocus } from './selected-row-focus';
import { TitleCell } from './title-cell';
import { rowIndexOf, sameRow, visibleRows, type VisibleRow } from './visible-rows';

/**
 * The sortable columns of spec 000 §2, in order, with their index field. Widths fit their
 * content at 1280 px (issue 31): dates and sources in small type, the title takes the rest
 * (about 45 % of the table, where the three source columns once took 40 %).
 */
const columns: readonly { label: string; column: ArticleSortColumn; className: string }[] = [
  { label: 'Status', column: 'isRead', className: 'w-16' },
  { label: 'Inserted date', column: 'insertedDate', className: 'w-32' },
  { label: 'Published date', column: 'publishedDate', className: 'w-32' },
  { label: 'Article title', column: 'articleTitle', className: '' },
  { label: 'Source category', column: 'sourceCategory', className: 'w-32' },
  { label: 'Source sub-category', column: 'sourceGroup', className: 'w-32' },
  { label: 'Source origin', column: 'createdBy', className: 'w-32' },
];

function HeaderRow() {
  const { sort, suggested } = useArticleIndex();
  return (
    <tr>
      {columns.map(({ label, column, className }) => {
        const direction = sort.column === column ? sort.direction : null;
        return (
          <th
            key={column}
            className={`${className} sticky top-0`}
            aria-sort={
              direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'
            }
          >
            <button
              type="button"
              onClick={() => toggleSort(column)}
              className="flex w-full items-center gap-1 text-left hover:text-slate-900"
            >
              {label}
              <SortIcon direction={direction} />
            </button>
          </th>
        );
      })}
      {suggested !== null && <th className="sticky top-0 w-28">Associate</th>}
    </tr>
  );
}

/** What a toggle in a row shows and does (the envelope, the Associate link). */
interface RowToggleProps {
  readonly pressed: boolean;
  /** Runs on click; the click does not reach the row (which would open the article). */
  readonly onToggle: () => void;
  readonly label: string;
  readonly title: string;
  readonly testId: string;
  readonly className: string;
  readonly children: ReactNode;
}

/** A toggle button inside a row: out of the tab order (the row keys reach it), pressed state. */
function RowToggle({
  pressed,
  onToggle,
  label,
  title,
  testId,
  className,
  children,
}: RowToggleProps) {
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle();
  };
  return (
    <button
      type="button"
      tabIndex={-1}
      onClick={toggle}
      aria-pressed={pressed}
      aria-label={label}
      title={title}
      data-testid={testId}
      className={`flex h-6 items-center rounded ${className}`}
    >
      {children}
    </button>
  );
}

function ReadToggle({
  articleId,
  isRead,
}: {
  readonly articleId: string;
  readonly isRead: boolean;
}) {
  return (
    <RowToggle
      pressed={isRead}
      onToggle={() => void toggleArticleRead(articleId)}
      label={isRead ? 'Read: mark unread' : 'Unread: mark read'}
      title={isRead ? 'Read (m: mark unread)' : 'Unread (m: mark read)'}
      testId="read-toggle"
      className={`w-7 justify-center hover:bg-slate-200 ${isRead ? 'text-slate-400' : 'text-accent-700'}`}
    >
      {isRead ? <EnvelopeOpenIcon /> : <EnvelopeClosedIcon />}
    </RowToggle>
  );
}

/** Column 8 of spec 000 §2: the Associate link toggle (suggested mode only; `l` on a row). */
function AssociateToggle({
  articleId,
  associated,
}: {
  readonly articleId: string;
  readonly associated: boolean;
}) {
  return (
    <RowToggle
      pressed={associated}
      onToggle={() => toggleAssociated(articleId)}
      label={associated ? 'Associated: unassociate' : 'Associate'}
      title={associated ? 'Associated (l: unassociate)' : 'Associate (l)'}
      testId="associate-toggle"
      className={`gap-1 px-1.5 text-xs font-medium ${
        associated
          ? 'bg-accent-700 text-white hover:bg-accent-800'
          : 'text-slate-500 hover:bg-slate-200 hover:text-slate-800'
      }`}
    >
      <LinkIcon />
      {associated ? 'Associated' : 'Associate'}
    </RowToggle>
  );
}

/**
 * One row's cells. Memoised: while scrolling, virtuoso re-renders its item list, and rows whose
 * article, cluster state, read state and association are unchanged skip rendering.
 */
const Cells = memo(
  function Cells({
    row,
    isRead,
    associated,
  }: {
    readonly row: VisibleRow;
    readonly isRead: boolean;
    /** Suggested mode: whether the row is associated; undefined outside suggested mode. */
    readonly associated: boolean | undefined;
  }) {
    const { article } = row;
    const muted = 'truncate align-middle text-xs text-slate-600';
    return (
      <>
        <td className="py-0.5">
          <ReadToggle articleId={article.articleId} isRead={isRead} />
        </td>
        <td className="align-middle text-xs whitespace-nowrap text-slate-600 tabular-nums">
          {formatArticleDate(article.insertedDate)}
        </td>
        <td className="align-middle text-xs whitespace-nowrap text-slate-600 tabular-nums">
          {formatArticleDate(article.publishedDate)}
        </td>
        <td className="max-w-0">
          <TitleCell row={row} isRead={isRead} />
        </td>
        <td className={`max-w-0 ${muted}`} title={article.sourceCategory ?? ''}>
          {article.sourceCategory}
        </td>
        <td className={`max-w-0 ${muted}`} title={article.sourceGroup ?? ''}>
          {article.sourceGroup}
        </td>
        <td className={`max-w-0 ${muted}`} title={article.createdBy ?? ''}>
          {articleOrigin(article)}
        </td>
        {associated !== undefined && (
          <td className="py-0.5">
            <AssociateToggle articleId={article.articleId} associated={associated} />
          </td>
        )}
      </>
    );
  },
  // By value: opening a cluster (n walking into its children) rebuilds every row object, and the
  // 30–45 rows in view re-rendered for one changed chevron.
  (before, after) =>
    sameRow(before.row, after.row) &&
    before.isRead === after.isRead &&
    before.associated === after.associated,
);

/** A row's height: 24 px controls plus padding and the 1 px border (kept by `h-[29px]`). */
const rowHeightPx = 29;

/** What the row components read besides their item. */
interface TableContext {
  readonly selectedId: string | null;
}

// Defined once (not per render), so virtuoso keeps its rows mounted while the data changes.
const tableComponents: TableComponents<VisibleRow, TableContext> = {
  Table: ({ context: _context, ...props }) => (
    <table {...props} className="table-fixed" aria-label="Articles" />
  ),
  TableRow: ({ item, context, ...props }) => {
    const selected = item.article.articleId === context.selectedId;
    return (
      <tr
        {...props}
        aria-selected={selected}
        tabIndex={selected ? 0 : -1}
        data-testid="article-row"
        data-article-id={item.article.articleId}
        data-child={item.isChild}
        onClick={() => openArticle(item.article.articleId)}
        className={`h-[29px] cursor-pointer outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 ${
          selected
            ? 'bg-accent-50 shadow-[inset_3px_0_0_var(--color-accent-700)]'
            : item.isChild
              ? 'bg-slate-50/70 hover:bg-slate-100'
              : 'hover:bg-slate-50'
        }`}
      />
    );
  },
};

const headerContent = () => <HeaderRow />;

/**
 * The virtualized article table grouped by cluster (react-virtuoso): parents, and the children
 * of expanded clusters beneath them. The selected row is kept in view.
 */
export function ArticleTable() {
  const snap = useArticleIndex();
  const rows = useMemo(() => visibleRows(snap.groups, snap.expanded), [snap.groups, snap.expanded]);
  const table = useRef<TableVirtuosoHandle>(null);
  const selectedIndex = rowIndexOf(rows, snap.selectedId);
  const context = useMemo(() => ({ selectedId: snap.selectedId }), [snap.selectedId]);

  useEffect(() => {
    if (selectedIndex >= 0) table.current?.scrollIntoView({ index: selectedIndex });
  }, [selectedIndex]);
  useSelectedRowFocus(snap.selectedId);

  return (
    <TableVirtuoso<VisibleRow, TableContext>
      ref={table}
      data={rows}
      context={context}
      className="rounded-md border border-slate-200 bg-white"
      style={{ height: 'max(24rem, calc(100vh - 19rem))' }}
      computeItemKey={(_, row) => row.article.articleId}
      // Back from an article's details the selected row may be pages down: shown at once
      // (the scroll effect below runs before virtuoso has measured its viewport).
      initialTopMostItemIndex={{ index: Math.max(selectedIndex, 0), align: 'center' }}
      // Every row is one line (titles truncate): virtuoso skips measuring each row.
      fixedItemHeight={rowHeightPx}
      increaseViewportBy={400}
      fixedHeaderContent={headerContent}
      components={tableComponents}
      itemContent={(_, row) => (
        <Cells
          row={row}
          isRead={isArticleRead(row.article, snap.readOverrides)}
          associated={
            snap.suggested === null
              ? undefined
              : isAssociated(row.article.articleId, snap.associated)
          }
        />
      )}
    />
  );
}

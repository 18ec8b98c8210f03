import { useEffect, useRef, useState } from 'react';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import type { SuggestedActionItem } from '@/domain/suggested-actions';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { ErrorState } from '@/ui/error-state';
import { LoadingState } from '@/ui/loading-state';
import { Modal } from '@/ui/modal';
import { SelectField } from '@/ui/select-field';
import {
  closeSuggestions,
  createActivityFromSuggestion,
  loadSuggestions,
  openSuggestedActivity,
  rejectSuggestion,
  selectSuggestion,
  setFeedbackReason,
  showSuggestionArticles,
  suggestionLabel,
  useSuggestions,
} from './suggestions-store';
import { useSuggestionsCommands } from './suggestions-commands';

const day = (iso: string | null) => (iso === null ? '—' : iso.replaceAll('-', '/'));

function retry(): void {
  void loadSuggestions();
}

/** The list's elements: a list of list items, as before it was virtualised. */
const listComponents: Components<SuggestedActionItem, unknown, HTMLUListElement> = {
  List: ({ context: _context, ...props }) => (
    <ul {...props} aria-label="Suggested actions" className="pr-1" />
  ),
  // The space between rows is the item's own padding: virtuoso measures items, not a flex gap.
  Item: ({ item: _item, context: _context, ...props }) => <li {...props} className="pb-0.5" />,
};

/** The tallest the list grows before it scrolls (60 % of the window, as before). */
const listMaxHeight = () => Math.round(window.innerHeight * 0.6);

/**
 * Every suggestion of the last 30 days, virtualised (react-virtuoso): the list has no bound. It
 * is as tall as its rows up to 60 % of the window, and keeps the selected row in view.
 */
function SuggestionsList({
  items,
  selectedId,
}: {
  readonly items: readonly SuggestedActionItem[];
  readonly selectedId: number | undefined;
}) {
  const list = useRef<VirtuosoHandle>(null);
  const [height, setHeight] = useState(0);
  const selectedIndex = items.findIndex((i) => i.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) list.current?.scrollIntoView({ index: selectedIndex });
  }, [selectedIndex]);
  return (
    <Virtuoso<SuggestedActionItem, unknown>
      ref={list}
      data={items}
      computeItemKey={(_, item) => item.id}
      components={listComponents}
      // The row the panel opens on is shown at once (the effect above runs before measuring).
      initialTopMostItemIndex={Math.max(selectedIndex, 0)}
      totalListHeightChanged={(total) => setHeight(Math.min(total, listMaxHeight()))}
      style={{ height: height === 0 ? '16rem' : height }}
      itemContent={(_, item) => <SuggestionRow item={item} selected={item.id === selectedId} />}
    />
  );
}

function SuggestionRow({
  item,
  selected,
}: {
  readonly item: SuggestedActionItem;
  readonly selected: boolean;
}) {
  return (
    <button
      type="button"
      data-suggestion
      data-suggestion-id={item.id}
      aria-current={selected}
      // The panel starts on the selected suggestion, also when the list arrives after it opened.
      {...(selected ? { 'data-autofocus': true } : {})}
      autoFocus={selected}
      onClick={() => selectSuggestion(item.id)}
      // Selection follows focus, so Enter acts on the suggestion the focus is on.
      onFocus={() => selectSuggestion(item.id)}
      className={`flex w-full flex-col gap-0.5 rounded px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-inset ${selected ? 'bg-accent-50' : 'hover:bg-slate-50'}`}
    >
      <span className="flex items-center gap-1.5">
        {!item.isRead && (
          <span aria-label="unread" className="h-2 w-2 shrink-0 rounded-full bg-accent-600" />
        )}
        <span className={item.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}>
          {suggestionLabel(item)}
        </span>
      </span>
      <span className="text-xs text-slate-500">
        {item.isNewActivity ? 'New activity' : 'Update'} · {item.supportedArticles} article
        {item.supportedArticles === 1 ? '' : 's'} · since {day(item.startDate)}
        {item.isActiveEvent ? ' · active' : ''}
      </span>
    </button>
  );
}

function SuggestionDetail({ item }: { readonly item: SuggestedActionItem }) {
  const { reasonId, busy } = useSuggestions();
  return (
    <section aria-label="Suggestion" className="flex flex-col gap-3">
      <div>
        <h3 className="text-base font-semibold text-slate-900" data-testid="suggestion-title">
          {suggestionLabel(item)}
        </h3>
        <p className="text-sm text-slate-600">
          {item.isNewActivity
            ? 'No disease activity exists for this disease in this country.'
            : 'Articles arrived after the activity’s last commit.'}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Supporting articles</dt>
        <dd>{item.supportedArticles}</dd>
        <dt className="text-slate-500">Start date</dt>
        <dd>{day(item.startDate)}</dd>
        <dt className="text-slate-500">Active event</dt>
        <dd>{item.isActiveEvent ? 'Yes (an article of the last 7 days)' : 'No'}</dd>
        <dt className="text-slate-500">Locations</dt>
        <dd>{item.incomplete ? 'Incomplete: no place below the country named' : 'Named'}</dd>
        <dt className="text-slate-500">Pending suggested reports</dt>
        <dd>{item.numPendingReports}</dd>
      </dl>
      {item.suggestedReports.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left text-xs font-medium text-slate-700">
            Suggested reports
          </caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="font-medium">Location</th>
              <th className="font-medium">Reported on</th>
              <th className="font-medium">Cases</th>
              <th className="font-medium">Deaths</th>
            </tr>
          </thead>
          <tbody>
            {item.suggestedReports.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td>{r.locationName}</td>
                <td>{day(r.reportedOn)}</td>
                <td>{r.reportedCases ?? '—'}</td>
                <td>{r.deaths ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="flex flex-wrap gap-2" data-suggestion-actions>
        <Button variant="primary" onClick={() => void showSuggestionArticles()}>
          Show articles
        </Button>
        {item.isNewActivity ? (
          <Button onClick={() => void createActivityFromSuggestion()}>
            Create activity from this suggestion
          </Button>
        ) : (
          <Button onClick={openSuggestedActivity}>Open activity</Button>
        )}
      </div>
      <LookupsBoundary>
        {(lookups) => (
          <div className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3">
            <div className="min-w-56">
              <SelectField
                label="Rejection reason"
                value={reasonId}
                options={lookups.rejectionReasons.map((r) => ({
                  value: r.id,
                  label: r.displayName,
                }))}
                onValueChange={setFeedbackReason}
                placeholder="Choose a reason…"
              />
            </div>
            <Button
              variant="danger"
              disabled={reasonId === null || busy}
              onClick={() => void rejectSuggestion()}
            >
              Reject suggestion
            </Button>
          </div>
        )}
      </LookupsBoundary>
    </section>
  );
}

function SuggestionsBody() {
  const { status, error, items, selectedId } = useSuggestions();
  if (status === 'error') {
    return (
      <ErrorState title="The suggested actions could not be loaded." message={error ?? ''}>
        <Button onClick={retry}>Try again</Button>
      </ErrorState>
    );
  }
  if (status !== 'ready' && items.length === 0)
    return <LoadingState label="Loading suggested actions" rows={5} />;
  if (items.length === 0) {
    return (
      <EmptyState
        title="No suggested actions"
        description="Suggestions appear when disease-activity articles of the last 30 days name a disease in a country with no activity, or arrive after an activity's last commit."
      />
    );
  }
  const selected = items.find((i) => i.id === selectedId) ?? items[0];
  return (
    <div
      className="grid min-h-80 grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,1fr)_2fr]"
      // Its keys (j/k and the arrows, Enter on a suggestion): suggestions-commands.ts.
      data-suggestions-panel
    >
      <SuggestionsList items={items} selectedId={selected?.id} />
      {selected && <SuggestionDetail item={selected} />}
    </div>
  );
}

/** The suggested actions panel, opened from the activity index and the palette. */
export function SuggestionsPanel() {
  const { open, unread } = useSuggestions();
  useSuggestionsCommands();
  return (
    <Modal
      open={open}
      title={`Suggested actions${unread ? ` (${unread} unread)` : ''}`}
      onCancel={closeSuggestions}
      labels={{ cancel: 'Close' }}
    >
      <SuggestionsBody />
    </Modal>
  );
}

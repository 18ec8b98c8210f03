import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { routePatterns } from '@/app/routes';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { ErrorState } from '@/ui/error-state';
import { Kbd } from '@/ui/kbd';
import { LoadingState } from '@/ui/loading-state';
import { IndexTabs } from '@/app/index-tabs';
import { ActivityChips } from './index/activity-chips';
import { useActivityIndexCommands } from './index/activity-index-commands';
import {
  reloadActivities,
  startActivityIndex,
  useActivityIndex,
} from './index/activity-index-store';
import { ActivityPagination } from './index/activity-pagination';
import { ActivitySearchBox } from './index/activity-search-box';
import { ActivityTable } from './index/activity-table';
import { NewActivityHost } from './new-activity/new-activity-host';
import { SuggestionsButton } from './suggestions/suggestions-button';
import { SuggestionsPanel } from './suggestions/suggestions-panel';
import { useSuggestionsFromUrl } from './suggestions/suggestions-url';
import { openNewActivity, setOnActivityCreated } from './new-activity/new-activity-store';

function retry(): void {
  void reloadActivities();
}

function ActivityList() {
  const { status, error, result } = useActivityIndex();
  if (status === 'error') {
    return (
      <ErrorState title="The disease activities could not be loaded." message={error ?? ''}>
        <Button onClick={retry}>Try again</Button>
      </ErrorState>
    );
  }
  if (result === null || status === 'idle' || (status === 'loading' && result === null)) {
    return <LoadingState label="Loading disease activities" rows={12} />;
  }
  if (result.total === 0) {
    return (
      <EmptyState
        title="No matching results"
        description="Change the search text or the filters."
      />
    );
  }
  return (
    <>
      <ActivityTable />
      <ActivityPagination />
    </>
  );
}

/** /activity — the disease activity index of spec 001 §2, keyboard first. */
export default function ActivityIndexScreen() {
  const searchInput = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => {
    searchInput.current?.focus();
    searchInput.current?.select();
  }, []);
  useActivityIndexCommands(focusSearch);

  return (
    <div className="flex flex-col">
      <IndexTabs current={routePatterns.activityIndex} />
      <h1 className="sr-only">Disease Activity Index</h1>
      {/* The engine has its access token once the lookups have loaded. */}
      <LookupsBoundary>{() => <ActivityIndexBody searchInput={searchInput} />}</LookupsBoundary>
    </div>
  );
}

function ActivityIndexBody({
  searchInput,
}: {
  readonly searchInput: RefObject<HTMLInputElement | null>;
}) {
  useEffect(startActivityIndex, []);
  useEffect(() => {
    setOnActivityCreated(retry);
  }, []);
  useSuggestionsFromUrl();
  const { result, status, pending, answeredSearchText } = useActivityIndex();
  return (
    <>
      <div className="mb-2 flex flex-wrap items-start gap-3">
        <ActivitySearchBox inputRef={searchInput} />
        <Button variant="primary" onClick={openNewActivity} aria-keyshortcuts="c">
          Create New Disease Activity
        </Button>
        <SuggestionsButton />
      </div>
      <ActivityChips />
      <div className="mb-1.5 flex items-center justify-between gap-3">
        {/* Busy while a search, sort or page is on its way, so the count is read once it is
            the answer's; the search the rows answer is named for tests and tools. */}
        <p
          className="text-sm text-slate-600"
          aria-live="polite"
          aria-busy={pending}
          data-answered-search={answeredSearchText}
          data-testid="activity-count"
        >
          {result === null
            ? '\u00a0'
            : `${result.total} of ${result.loaded} disease activities${status === 'loading' ? ' …' : ''}`}
        </p>
        <p className="hidden items-center gap-1 text-xs text-slate-500 lg:flex">
          <Kbd>J</Kbd>
          <Kbd>K</Kbd> move · <Kbd>Enter</Kbd> open · <Kbd>/</Kbd> search · <Kbd>C</Kbd> create ·{' '}
          <Kbd>?</Kbd> all keys
        </p>
      </div>
      <ActivityList />
      <NewActivityHost />
      <SuggestionsPanel />
    </>
  );
}

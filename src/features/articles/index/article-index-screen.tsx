import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from '@/app/router';
import { routePatterns } from '@/app/routes';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Kbd } from '@/ui/kbd';
import { LoadingState } from '@/ui/loading-state';
import { AddArticleHost } from '../add/add-article-host';
import { useArticleIndexCommands } from './article-index-commands';
import { engineArticleIndexServices } from './article-index-services';
import { useArticleIndex } from './article-index-store';
import { ArticleListFooter } from './article-list-footer';
import { ArticleTable } from './article-table';
import { FilterPanel } from './filter-panel';
import { IndexTabs } from '@/app/index-tabs';
import { MarkAllReadDialog } from './mark-all-read-dialog';
import { SearchBox } from './search-box';
import { SuggestedBanner } from './suggested-banner';
import { showArticleIndex } from './suggested-mode';

function openAddArticle(): void {
  engineArticleIndexServices.openAddArticle();
}

/** 'N article(s) found', or nothing while a fresh search runs. */
function FoundCount() {
  const { total } = useArticleIndex();
  return (
    <p className="text-sm text-slate-600" aria-live="polite" data-testid="article-count">
      {total === null ? '\u00a0' : `${total} article(s) found`}
    </p>
  );
}

/**
 * The list: the table, with the loading skeleton laid over it while a fresh search runs. The
 * table stays mounted from one search to the next (virtuoso keeps its measured viewport), so
 * new results paint in the frame they arrive rather than after a fresh mount.
 */
function ArticleList() {
  const { status, loadedCount, searchFailed } = useArticleIndex();
  const loading = status === 'idle' || status === 'loading';
  if (!loading && loadedCount === 0) {
    return (
      <EmptyState
        title="No articles found"
        description={
          searchFailed
            ? 'The article search did not answer. Try again in a moment.'
            : 'Change the search text or the filters.'
        }
      />
    );
  }
  return (
    <>
      {searchFailed && (
        <p role="status" className="mb-2 text-xs text-amber-800">
          The article search did not answer the last request; the rows shown may be incomplete.
        </p>
      )}
      <div className="relative">
        <ArticleTable />
        {loading && (
          <div className="absolute inset-x-px top-8 bottom-px">
            <LoadingState label="Loading articles" rows={10} />
          </div>
        )}
      </div>
      {!loading && <ArticleListFooter />}
    </>
  );
}

/** /article — the article index of spec 000 §2, keyboard first. */
export default function ArticleIndexScreen() {
  const searchInput = useRef<HTMLInputElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const focusSearch = useCallback(() => {
    searchInput.current?.focus();
    searchInput.current?.select();
  }, []);
  const toggleFilters = useCallback(() => filterButton.current?.click(), []);
  useArticleIndexCommands({ focusSearch, toggleFilters });
  const { search } = useLocation();
  useEffect(() => showArticleIndex(search), [search]);
  const { suggested } = useArticleIndex();

  return (
    <div className="flex flex-col">
      <IndexTabs current={routePatterns.articleIndex} />
      <h1 className="sr-only">Article Index</h1>
      {suggested === null ? <FilterPanel buttonRef={filterButton} /> : <SuggestedBanner />}
      <div className="mb-2 flex flex-wrap items-start gap-3">
        <SearchBox inputRef={searchInput} />
        <Button variant="primary" onClick={openAddArticle} aria-keyshortcuts="a">
          Add an article
        </Button>
      </div>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <FoundCount />
        <p className="hidden items-center gap-1 text-xs text-slate-500 lg:flex">
          <Kbd>J</Kbd>
          <Kbd>K</Kbd> move · <Kbd>M</Kbd> read · <Kbd>N</Kbd> read &amp; next · <Kbd>X</Kbd>{' '}
          cluster · <Kbd>?</Kbd> all keys
        </p>
      </div>
      <ArticleList />
      <MarkAllReadDialog />
      <AddArticleHost />
    </div>
  );
}

import { Button } from '@/ui/button';
import { hasMoreArticles, loadMoreArticles, useArticleIndex } from './article-index-store';

/** What `n` or `j` found at the real end of the list, read out when it changes. */
function EndNotice() {
  const { endNotice } = useArticleIndex();
  return (
    <p role="status" className="text-xs font-medium text-slate-700" data-testid="list-end-notice">
      {endNotice ?? ''}
    </p>
  );
}

/** 'Show more rows' under the table: the next page of 100, appended (n and j load it too). */
export function ArticleListFooter() {
  const snap = useArticleIndex();
  if (!hasMoreArticles(snap)) {
    return (
      <div className="mt-2 flex items-center gap-3">
        {snap.loadedCount > 0 && (
          <p className="text-xs text-slate-500">All {snap.loadedCount} articles are loaded.</p>
        )}
        <EndNotice />
      </div>
    );
  }
  return (
    <div className="mt-2 flex items-center gap-3">
      <Button onClick={() => void loadMoreArticles()} disabled={snap.status === 'loadingMore'}>
        {snap.status === 'loadingMore' ? 'Loading…' : 'Show more rows'}
      </Button>
      <span className="text-xs text-slate-500">
        {snap.loadedCount} of {snap.total} loaded
      </span>
      <EndNotice />
    </div>
  );
}

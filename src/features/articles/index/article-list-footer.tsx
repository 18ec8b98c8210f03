import { Button } from '@/ui/button';
import { hasMoreArticles, loadMoreArticles, useArticleIndex } from './article-index-store';

/** 'Show more rows' under the table: the next page of 100, appended. */
export function ArticleListFooter() {
  const snap = useArticleIndex();
  if (!hasMoreArticles(snap)) {
    return snap.loadedCount > 0 ? (
      <p className="mt-2 text-xs text-slate-500">All {snap.loadedCount} articles are loaded.</p>
    ) : null;
  }
  return (
    <div className="mt-2 flex items-center gap-3">
      <Button onClick={() => void loadMoreArticles()} disabled={snap.status === 'loadingMore'}>
        {snap.status === 'loadingMore' ? 'Loading…' : 'Show more rows'}
      </Button>
      <span className="text-xs text-slate-500">
        {snap.loadedCount} of {snap.total} loaded
      </span>
    </div>
  );
}

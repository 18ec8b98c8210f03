import { Link } from '@/app/link';
import { routePatterns } from '@/app/routes';
import { Kbd } from '@/ui/kbd';
import { useArticleIndex } from './article-index-store';

/**
 * Suggested mode's header, in place of the filter panel (the filters do not apply to a
 * suggestion's articles): what the articles would be associated with, how many are, and the
 * way back to all articles.
 */
export function SuggestedBanner() {
  const { suggested, associated } = useArticleIndex();
  if (suggested === null) return null;
  const count = suggested.articleIds.filter((id) => associated[id] === true).length;
  return (
    <section
      aria-label="Suggested articles"
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-accent-100 bg-accent-50 px-3 py-2 text-sm text-slate-800"
    >
      <p className="font-medium">
        Suggested articles{suggested.target === null ? '' : ` for ${suggested.target}`}
      </p>
      <p className="text-slate-600" data-testid="associated-count" aria-live="polite">
        {count} of {suggested.articleIds.length} associated
      </p>
      <p className="hidden items-center gap-1 text-xs text-slate-500 md:flex">
        <Kbd>L</Kbd> associate the selected article
      </p>
      <Link className="ml-auto text-accent-700 hover:underline" href={routePatterns.articleIndex}>
        Show all articles
      </Link>
    </section>
  );
}

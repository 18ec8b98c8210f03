import { useEffect } from 'react';
import { Link } from '@/app/link';
import { routePatterns } from '@/app/routes';
import { Button } from '@/ui/button';
import { Kbd } from '@/ui/kbd';
import { useArticleIndex } from './article-index-store';
import { clearLinkAssociated, linkAssociatedArticles, useLinkAssociated } from './link-associated';

/**
 * Suggested mode's header, in place of the filter panel (the filters do not apply to a
 * suggestion's articles): what the articles would be associated with, how many are, and the
 * way back to all articles.
 */
export function SuggestedBanner() {
  const { suggested, associated } = useArticleIndex();
  const outcome = useLinkAssociated();
  // Leaving suggested mode forgets the last outcome.
  useEffect(() => clearLinkAssociated, []);
  if (suggested === null) return null;
  const count = suggested.articleIds.filter((id) => associated[id] === true).length;
  const linkable = suggested.suggestion !== undefined;
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
        {linkable && (
          <>
            , <Kbd>Shift</Kbd>
            <Kbd>L</Kbd> link them to the activity
          </>
        )}
      </p>
      {linkable && (
        <Button
          variant="primary"
          disabled={count === 0 || outcome.status === 'linking'}
          onClick={() => void linkAssociatedArticles()}
          aria-keyshortcuts="Shift+L"
        >
          {outcome.status === 'linking' ? 'Linking…' : `Link ${count} associated`}
        </Button>
      )}
      <Link className="ml-auto text-accent-700 hover:underline" href={routePatterns.articleIndex}>
        Show all articles
      </Link>
      {outcome.status === 'linked' && (
        <p role="status" className="w-full text-emerald-800" data-testid="associate-outcome">
          {outcome.message}{' '}
          {outcome.activityPath !== null && (
            <Link className="text-accent-700 underline" href={outcome.activityPath}>
              Open the activity
            </Link>
          )}
        </p>
      )}
      {outcome.status === 'refused' && (
        <p role="alert" className="w-full text-red-700" data-testid="associate-outcome">
          {outcome.message}
        </p>
      )}
      {suggested.articleIds.length === 0 && (
        <p className="w-full text-slate-600">No article supports this suggestion any more.</p>
      )}
    </section>
  );
}

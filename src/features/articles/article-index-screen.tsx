import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { EmptyState } from '@/ui/empty-state';
import { ScreenHeader } from '@/ui/screen-header';

/** /article — the article index (spec 000 §2); a placeholder until the feature lands. */
export default function ArticleIndexScreen() {
  return (
    <>
      <ScreenHeader
        title="Article Index"
        subtitle="Triage news articles: read, link to disease activities, tag."
      />
      <LookupsBoundary>
        {(lookups) => (
          <EmptyState
            title="Coming in the next release"
            description={`The article table is not built yet. Lookups are loaded: ${lookups.feeds.length} feeds, ${lookups.dataSourceCategories.length} source categories.`}
          />
        )}
      </LookupsBoundary>
    </>
  );
}

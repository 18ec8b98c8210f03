import { Link } from '@/app/link';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { EmptyState } from '@/ui/empty-state';
import { ScreenHeader } from '@/ui/screen-header';

/** Props of {@link ArticleDetailsScreen}: the route's parameter. */
export interface ArticleDetailsScreenProps {
  readonly articleIdParam: string;
}

/** /article/:articleIdParam — article details (spec 000 §2); a placeholder. */
export default function ArticleDetailsScreen({ articleIdParam }: ArticleDetailsScreenProps) {
  return (
    <>
      <ScreenHeader
        breadcrumb={
          <Link className="text-accent-700 hover:underline" href="/article">
            Article Index
          </Link>
        }
        title={`Article ${articleIdParam}`}
      />
      <LookupsBoundary>
        {() => (
          <EmptyState
            title="Coming in the next release"
            description="The article body, its related reports and tags are not built yet."
          />
        )}
      </LookupsBoundary>
    </>
  );
}

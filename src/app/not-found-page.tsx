import { Link } from '@/app/link';
import { EmptyState } from '@/ui/empty-state';
import { ScreenHeader } from '@/ui/screen-header';

/** Any path outside the route table. */
export function NotFoundPage({ pathname }: { readonly pathname: string }) {
  return (
    <>
      <ScreenHeader title="Page not found" />
      <EmptyState
        title={`Nothing lives at ${pathname}.`}
        description="Go back to one of the indexes."
      >
        <Link className="text-sm font-medium text-accent-700 hover:underline" href="/activity">
          Disease Activity Index
        </Link>
        <Link className="text-sm font-medium text-accent-700 hover:underline" href="/article">
          Article Index
        </Link>
      </EmptyState>
    </>
  );
}

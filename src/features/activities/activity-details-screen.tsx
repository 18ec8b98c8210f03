import { Link } from '@/app/link';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { EmptyState } from '@/ui/empty-state';
import { ScreenHeader } from '@/ui/screen-header';

/** Props of {@link ActivityDetailsScreen}: the route's parameters. */
export interface ActivityDetailsScreenProps {
  readonly diseaseActivityIdParam: string;
  readonly countryIdParam: string;
}

/** /activity/:diseaseActivityIdParam/:countryIdParam — details (spec 001 §2); a placeholder. */
export default function ActivityDetailsScreen({
  diseaseActivityIdParam,
  countryIdParam,
}: ActivityDetailsScreenProps) {
  return (
    <>
      <ScreenHeader
        breadcrumb={
          <Link className="text-accent-700 hover:underline" href="/activity">
            Disease Activity Index
          </Link>
        }
        title={`Disease activity ${diseaseActivityIdParam}`}
        subtitle={`Country ${countryIdParam}`}
      />
      <LookupsBoundary>
        {() => (
          <EmptyState
            title="Coming in the next release"
            description="Entries, reporting periods and the location panel are not built yet."
          />
        )}
      </LookupsBoundary>
    </>
  );
}

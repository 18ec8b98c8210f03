import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { EmptyState } from '@/ui/empty-state';
import { ScreenHeader } from '@/ui/screen-header';

/** /activity — the disease activity index (spec 001 §2); a placeholder until the feature lands. */
export default function ActivityIndexScreen() {
  return (
    <>
      <ScreenHeader
        title="Disease Activity Index"
        subtitle="A disease, in a country, in a species: search, filter and open an activity."
      />
      <LookupsBoundary>
        {(lookups) => (
          <EmptyState
            title="Coming in the next release"
            description={`The index table is not built yet. Lookups are loaded: ${lookups.diseases.length} diseases, ${lookups.species.length} species.`}
          />
        )}
      </LookupsBoundary>
    </>
  );
}

import type { ReactNode } from 'react';
import type { Lookups } from '@/domain/lookups';
import { ErrorState } from '@/ui/error-state';
import { LoadingState } from '@/ui/loading-state';
import { retryLookups, useLookups } from '@/app/lookups/lookups-store';
import { Button } from '@/ui/button';

/** Props of {@link LookupsBoundary}. */
export interface LookupsBoundaryProps {
  /** Rendered once the lookups are loaded. */
  readonly children: (lookups: Lookups) => ReactNode;
}

function retry(): void {
  void retryLookups();
}

/**
 * Renders its children with the lookups, the loading state while they load, and the error
 * text (with a retry) when they failed: screens never render half their select lists.
 */
export function LookupsBoundary({ children }: LookupsBoundaryProps) {
  const state = useLookups();
  switch (state.status) {
    case 'ready':
      return children(state.lookups);
    case 'error':
      return (
        <ErrorState title="The lookup data could not be loaded." message={state.error}>
          <Button onClick={retry}>Try again</Button>
        </ErrorState>
      );
    default:
      return <LoadingState label="Loading lookup data" />;
  }
}

import { useLookups } from '@/app/lookups/lookups-store';
import { AssessmentsTab } from './assessments-tab';

/** The Assessments tab on the details screen, once the lookups (its levels and criteria) are in. */
export function AssessmentsTabSlot({ diseaseActivityId }: { readonly diseaseActivityId: number }) {
  const lookups = useLookups();
  if (lookups.status !== 'ready') return null;
  return <AssessmentsTab diseaseActivityId={diseaseActivityId} lookups={lookups.lookups} />;
}

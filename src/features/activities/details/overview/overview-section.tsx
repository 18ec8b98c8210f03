import { useLookups } from '@/app/lookups/lookups-store';
import { ActivityCurve } from '../epi-curve/activity-curves';
import { openDetails, useDetails, validationOutcome } from '../details-store';
import { OverviewTab } from './overview-tab';

/** Why the overview cannot be edited now: unsaved entries would be lost in the refresh. */
export const overviewEditBlocked = 'Please save or commit your work before editing the overview';

/**
 * The panel of the Overview sub-tab under Entries (spec 001 §2): the overview with 'Edit
 * overview' (SAVE OVERVIEW in its modal), and the activity's epidemic curve. A saved edit
 * refreshes the activity (spec 001 §4).
 */
export function OverviewSection() {
  const { key, detail, dirty, validation } = useDetails();
  const lookups = useLookups();
  if (detail === null || key === null || lookups.status !== 'ready') return null;
  const blocked = dirty || validationOutcome(validation) === 'succeeded';
  return (
    <div className="mb-3 grid grid-cols-1 gap-4 rounded border border-slate-200 bg-white p-3 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <OverviewTab
        detail={detail}
        lookups={lookups.lookups}
        blockedReason={blocked ? overviewEditBlocked : null}
        onSaved={() =>
          void openDetails({
            diseaseActivityId: key.diseaseActivityId,
            countryId: key.countryId,
          })
        }
      />
      <ActivityCurve />
    </div>
  );
}

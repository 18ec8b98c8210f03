import { useState } from 'react';
import { useLookups } from '@/app/lookups/lookups-store';
import { ActivityCurve } from '../epi-curve/activity-curves';
import { openDetails, useDetails, validationOutcome } from '../details-store';
import { OverviewTab } from './overview-tab';

/** Why the overview cannot be edited now: unsaved entries would be lost in the refresh. */
export const overviewEditBlocked = 'Please save or commit your work before editing the overview';

/**
 * The Overview sub-tab under Entries (spec 001 §2) as the details screen shows it: the
 * overview with 'Edit overview', and the activity's epidemic curve. Collapsed by default so
 * the entries stay in view; a saved edit refreshes the activity (spec 001 §4).
 */
export function OverviewSection() {
  const [open, setOpen] = useState(false);
  const { key, detail, dirty, validation } = useDetails();
  const lookups = useLookups();
  if (detail === null || key === null || lookups.status !== 'ready') return null;
  const blocked = dirty || validationOutcome(validation) === 'succeeded';
  return (
    <section className="mb-3 rounded border border-slate-200 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="activity-overview"
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span aria-hidden>{open ? '▾' : '▸'}</span> Overview and epidemic curve
      </button>
      {open && (
        <div
          id="activity-overview"
          className="grid grid-cols-1 gap-4 border-t border-slate-200 p-3 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        >
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
      )}
    </section>
  );
}

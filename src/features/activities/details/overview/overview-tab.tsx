import { useState, type ReactNode } from 'react';
import { displayDay } from '@/domain/calendar-day';
import type { ActivityDetailJson } from '@/domain/entries/entries-api';
import type { Lookups } from '@/domain/lookups';
import { Button } from '@/ui/button';
import { EditOverviewDialog } from './edit-overview-dialog';

/** Props of {@link OverviewTab}. */
export interface OverviewTabProps {
  readonly detail: ActivityDetailJson;
  readonly lookups: Lookups;
  /** Set while the overview may not be edited: the button is disabled with this hint. */
  readonly blockedReason?: string | null;
  /** The activity after a saved overview edit: the screen shows it (spec 001 §4). */
  readonly onSaved: (detail: ActivityDetailJson) => void;
}

/**
 * The Overview sub-tab under Entries (spec 001 §2): the activity's country details, and the
 * 'Edit overview' modal with SAVE OVERVIEW.
 */
export function OverviewTab({ detail, lookups, blockedReason = null, onSaved }: OverviewTabProps) {
  const [editing, setEditing] = useState(false);
  const country = detail.activity.countryDetails;
  const riskModel =
    country.riskModelName ??
    lookups.riskModels.find((r) => r.riskModelId === country.riskModelId)?.displayName;
  return (
    <section aria-label="Overview" className="flex flex-col gap-3 text-sm">
      <div className="flex items-center gap-3">
        <h2 className="text-sm font-semibold text-slate-900">Overview</h2>
        <Button
          className="ml-auto"
          aria-disabled={blockedReason !== null}
          title={blockedReason ?? undefined}
          aria-description={blockedReason ?? undefined}
          onClick={() => {
            if (blockedReason === null) setEditing(true);
          }}
        >
          Edit overview
        </Button>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5">
        <Item term="Risk model">{riskModel ?? <Blank />}</Item>
        <Item term="Visibility">{country.publiclyVisible ? 'Visible' : 'Invisible'}</Item>
        <Item term="Number of days for update required">{country.daysNeededForUpdate}</Item>
        <Item term="Update frequency">
          {country.allowedDaysGap >= 1000
            ? 'No expected updates'
            : `${country.allowedDaysGap} day(s)`}
        </Item>
        <Item term="Reporting Period Start Date">
          {country.totalCountStartDate === null ? (
            <Blank />
          ) : (
            displayDay(country.totalCountStartDate.slice(0, 10))
          )}
        </Item>
        <Item term="Notes">
          {country.notes.trim() === '' ? (
            <Blank />
          ) : (
            <span className="whitespace-pre-wrap">{country.notes}</span>
          )}
        </Item>
      </dl>
      <EditOverviewDialog
        open={editing}
        detail={detail}
        lookups={lookups}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          onSaved(saved);
        }}
      />
    </section>
  );
}

function Item({ term, children }: { readonly term: string; readonly children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

function Blank() {
  return <span className="text-slate-500">None</span>;
}

import { useState } from 'react';
import type { Snapshot } from 'valtio';
import { displayDay, todayOf } from '@/domain/calendar-day';
import { EntryType, ReportStatus } from '@/domain/enums';
import { commitAllowed, hasUnresolvedAutoSurveillance } from '@/domain/entries/commit-rules';
import {
  propagationAvailability,
  propagationDateBounds,
  propagationDateProblem,
} from '@/domain/entries/propagation';
import { messages } from '@/domain/messages';
import { Button } from '@/ui/button';
import { HoverTooltip } from '@/ui/hover-tooltip';
import { Modal } from '@/ui/modal';
import { DayInput, localToday } from './day-input';
import {
  cancelPropagation,
  closeCommitDialog,
  confirmPropagation,
  detailsStore,
  hasHighWarnings,
  openCommitDialog,
  type DetailsState,
  saveOrCommit,
  setPropagation,
  useDetails,
  validate,
  validationOutcome,
} from './details-store';

/** Whether 'Commit changes' may be used now (spec 001 §4 "Commit is allowed when…"). */
export function canCommitNow(s: DetailsView = detailsStore): boolean {
  if (s.detail === null) return false;
  const succeeded = validationOutcome(s.validation) === 'succeeded';
  return commitAllowed({
    isDirty: s.dirty || (s.drafts.length > 0 && s.validation === null),
    validationSucceeded: succeeded,
    hasUnresolvedAutoSurveillance: hasUnresolvedAutoSurveillance(s.detail.reports),
    hasPendingNewPeriod: s.drafts.some(
      (d) => d.type === EntryType.NEW_REPORTING_PERIOD && d.id === null,
    ),
    reports: [
      ...s.detail.reports.map((r) => ({ reportStatus: r.reportStatus })),
      ...s.drafts.filter((d) => d.id === null).map(() => ({ reportStatus: null })),
    ],
  });
}

/** What the commit and propagation rules read: the store, or a render's snapshot of it. */
type DetailsView = Snapshot<Pick<DetailsState, 'detail' | 'dirty' | 'drafts' | 'validation'>>;

/**
 * 'Commit changes': validates first when nothing is validated yet (saved entries may be
 * committed without a fresh validate, spec 001 §4, but their warnings are still shown and
 * confirmed), then opens the commit dialog once every warning is confirmed.
 */
export async function requestCommit(): Promise<void> {
  if (!canCommitNow()) return;
  if (detailsStore.validation === null) await validate();
  if (validationOutcome(detailsStore.validation) === 'succeeded') openCommitDialog();
}

/** Whether the propagation toggle may be turned on, and the tooltip when not. */
export function propagationState(s: DetailsView = detailsStore) {
  const detail = s.detail;
  if (detail === null) return { available: false as const, message: null };
  const lastTotal = detail.reports
    .filter((r) => r.type === EntryType.PROCESSED && r.reportStatus === ReportStatus.Committed)
    .reduce<string | null>((a, r) => (a === null || r.reportedOn > a ? r.reportedOn : a), null);
  return propagationAvailability({
    uncommittedCaseEntries: s.drafts
      .filter((d) => d.type === EntryType.CASE_DATA)
      .map((d) => ({ reportedOn: d.reportedOn === '' ? null : d.reportedOn })),
    lastCommittedProcessedDate: lastTotal,
    latestPeriod: detail.latestReportingPeriod,
    priorPeriods: detail.previousReportingPeriod ? [detail.previousReportingPeriod] : [],
  });
}

function PropagationToggle() {
  const snapshot = useDetails();
  const { propagate, propagateUptoDate } = snapshot;
  // Read through the snapshot, so the toggle follows every draft's date.
  const availability = propagationState(snapshot);
  const disabled = !propagate && !availability.available;
  const label = propagate
    ? `Propagate case data [${propagateUptoDate === null ? '' : displayDay(propagateUptoDate)}]`
    : 'Do not propagate case data';
  const toggle = (
    <button
      type="button"
      role="switch"
      aria-checked={propagate}
      aria-label={label}
      disabled={disabled}
      onClick={() => setPropagation(!propagate)}
      className="flex items-center gap-2 rounded px-1 py-0.5 text-xs text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
    >
      <span
        className={`relative inline-block h-4 w-7 rounded-full ${propagate ? 'bg-accent-600' : 'bg-slate-300'}`}
      >
        <span
          className={`absolute top-0.5 h-3 w-3 rounded-full bg-white transition-all ${propagate ? 'left-3.5' : 'left-0.5'}`}
        />
      </span>
      {label}
    </button>
  );
  if (!disabled || availability.available || availability.message === null) return toggle;
  return (
    <HoverTooltip label="Propagation unavailable" content={availability.message}>
      {toggle}
    </HoverTooltip>
  );
}

/** 'Propagate cases until date: ' with OK once a date is chosen (spec 001 §2, §5). */
function PropagationPicker() {
  const snapshot = useDetails();
  const { propagationPickerOpen } = snapshot;
  const [day, setDay] = useState('');
  const availability = propagationState(snapshot);
  const period = availability.available ? availability.period : null;
  // The server's bounds (src/domain/entries/propagation.ts); today is the earlier of the
  // analyst's and the server's (UTC), so the picker never offers a day the server refuses.
  const bounds = propagationDateBounds({
    latestReportedOn: snapshot.detail?.lastEntryDate ?? null,
    periodEndDate: period?.endDate ?? null,
    today: [localToday(), todayOf(Date.now())].sort()[0] ?? localToday(),
  });
  const problemOf = (d: string) => propagationDateProblem(d, bounds);
  const problem = day === '' ? null : problemOf(day);
  return (
    <Modal
      open={propagationPickerOpen}
      title="Propagate cases until date: "
      onCancel={() => {
        setDay('');
        cancelPropagation();
      }}
      onSubmit={() => {
        if (day === '' || problem !== null) return;
        confirmPropagation(day);
        setDay('');
      }}
      labels={{ submit: 'OK' }}
      disabled={{ submit: day === '' || problem !== null }}
    >
      <p className="mb-2 text-sm text-slate-700">{messages.propagationConfirm}</p>
      <DayInput
        label="Propagate cases until date"
        value={day}
        onChange={setDay}
        earliest={bounds.earliest}
        latest={bounds.latest}
        boundsProblem={problemOf}
      />
      <p className="mt-2 text-xs text-slate-600">
        {day === '' ? messages.propagationDateRequired : (problem ?? '')}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        From {bounds.earliest === null ? 'any day' : displayDay(bounds.earliest)} to{' '}
        {displayDay(bounds.latest)}.
      </p>
    </Modal>
  );
}

/** Confirms a commit; with high-impact warnings it says so once more (spec 001 §4). */
function CommitDialog() {
  const { commitDialogOpen, saving, saveErrors, validation } = useDetails();
  const high = hasHighWarnings(validation);
  return (
    <Modal
      open={commitDialogOpen}
      title={high ? 'Commit changes with high-impact warnings' : 'Commit changes'}
      onCancel={closeCommitDialog}
      onSubmit={() => void saveOrCommit(true)}
      labels={{ submit: 'Commit' }}
      busy={saving}
    >
      {high ? (
        <p className="text-sm text-orange-900">
          These entries carry high-impact warnings (notifications, reporting periods). Commit them
          anyway?
        </p>
      ) : (
        <p className="text-sm text-slate-700">Commit the validated entries of this activity?</p>
      )}
      {saveErrors.length > 0 && (
        <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-red-700">
          {saveErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Validate, Save, Commit changes and the propagation toggle, with their messages. */
export function CommitBar() {
  const snapshot = useDetails();
  const { detail, drafts, deleted, validating, saving, saveErrors, notice, commitDialogOpen } =
    snapshot;
  if (detail === null) return null;
  const nothing = drafts.length === 0 && deleted.length === 0;
  const readOnly = detail.readOnly;
  return (
    <div className="mb-3 flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={() => void validate()}
          disabled={nothing || validating || readOnly}
          aria-keyshortcuts="Alt+V"
        >
          {validating ? 'Validating…' : 'Validate'}
        </Button>
        <Button
          onClick={() => void saveOrCommit(false)}
          disabled={nothing || saving || readOnly}
          aria-keyshortcuts="Alt+S"
        >
          Save
        </Button>
        <Button
          variant="primary"
          onClick={() => void requestCommit()}
          disabled={!canCommitNow(snapshot) || saving}
          aria-keyshortcuts="Alt+C"
        >
          Commit changes
        </Button>
        <PropagationToggle />
        {notice !== null && (
          <span role="status" className="text-sm text-emerald-800">
            {notice}
          </span>
        )}
      </div>
      {saveErrors.length > 0 && !commitDialogOpen && (
        <ul
          role="alert"
          className="list-disc rounded border border-red-200 bg-red-50 py-1.5 pl-6 text-sm text-red-800"
        >
          {saveErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <CommitDialog />
      <PropagationPicker />
    </div>
  );
}

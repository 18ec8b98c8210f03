import { Switch } from '@headlessui/react';
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
import { focusLocationTable } from './location-table';
import { levelStyle } from './warnings-panel';
import {
  cancelPropagation,
  cardMessages,
  closeCommitDialog,
  confirmAllWarnings,
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

/** Whether a commit may be confirmed now (spec 001 §4 "Commit is allowed when…"). */
export function canCommitNow(s: DetailsView = detailsStore): boolean {
  return commitRulesAllow(s, { validated: validationOutcome(s.validation) === 'succeeded' });
}

/**
 * Whether 'Commit changes' (Alt+C) can start a round: something to commit, not read-only,
 * nothing on its way, and nothing a validation cannot mend (a pending new period, unresolved
 * auto-surveillance, a validation already answered with errors and not changed since). The
 * round validates what needs it.
 */
export function canRequestCommit(
  s: DetailsView & Snapshot<Pick<DetailsState, 'deleted' | 'partial' | 'saving' | 'validating'>>,
): boolean {
  if (s.detail === null || s.detail.readOnly || s.partial || s.saving || s.validating) {
    return false;
  }
  const fresh = s.validation !== null && !s.dirty;
  if (fresh && validationOutcome(s.validation) === 'errors') return false;
  const typed = s.drafts.length > 0 || s.deleted.length > 0;
  return typed ? commitRulesAllow(s, { validated: true, clean: true }) : canCommitNow(s);
}

/** Spec 001 §4's commit rules; `clean` and `validated` say what the round will have done. */
function commitRulesAllow(
  s: DetailsView,
  { validated, clean = false }: { readonly validated: boolean; readonly clean?: boolean },
): boolean {
  if (s.detail === null) return false;
  return commitAllowed({
    isDirty: !clean && (s.dirty || (s.drafts.length > 0 && s.validation === null)),
    validationSucceeded: validated,
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
 * 'Commit changes' in one round (issue 31): validates what is not validated yet (saved entries
 * too: their warnings are still shown), then opens the one confirmation, its Commit focused.
 * Warnings not yet confirmed are listed there, and confirming it confirms them and commits
 * (spec 001 §4: "shows a warning confirmation; confirming sets commit and submits"). Errors
 * stop the round: their cards say what to change.
 */
export async function requestCommit(): Promise<void> {
  const s = detailsStore;
  if (!canRequestCommit(s)) return;
  if (s.validation === null || s.dirty) await validate();
  const outcome = validationOutcome(s.validation);
  if (outcome !== 'succeeded' && outcome !== 'unconfirmed') return;
  if (commitRulesAllow(s, { validated: true })) openCommitDialog();
}

/** The commit dialog's Commit: the warnings it listed are confirmed by it, then the commit. */
function confirmAndCommit(): void {
  confirmAllWarnings();
  void submitKeepingFocus(true);
}

/**
 * Save or commit with the focus kept in the tables: the rows typed in are replaced by the saved
 * ones, which dropped the focus to <body> (issue 31). It goes to the location it was in.
 */
export async function submitKeepingFocus(commit: boolean): Promise<void> {
  const from = document.activeElement?.closest<HTMLElement>('[data-testid="location-table"]');
  const locationId = Number(from?.dataset['locationId'] ?? detailsStore.selectedLocationId);
  if (!(await saveOrCommit(commit))) return;
  const active = document.activeElement;
  const lost = active === null || active === document.body || !active.isConnected;
  if (lost && Number.isInteger(locationId)) focusLocationTable(locationId);
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
  // Headless UI's Switch: role switch, aria-checked, Space toggles and Enter does not submit.
  const toggle = (
    <Switch
      checked={propagate}
      onChange={setPropagation}
      aria-label={label}
      disabled={disabled}
      className="group flex items-center gap-2 rounded px-1 py-0.5 text-xs text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 data-disabled:opacity-50"
    >
      <span className="relative inline-block h-4 w-7 rounded-full bg-slate-300 group-data-checked:bg-accent-600">
        <span className="absolute top-0.5 left-0.5 h-3 w-3 rounded-full bg-white transition-all group-data-checked:left-3.5" />
      </span>
      {label}
    </Switch>
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

/** The warnings a commit would confirm: each unconfirmed card's messages, by location. */
function UnconfirmedWarnings() {
  const { validation, detail, addedLocations } = useDetails();
  if (validation === null) return null;
  const names = new Map(
    [...(detail?.locations ?? []), ...addedLocations].map((l) => [l.id, l.displayName]),
  );
  const open = validation.answer.locations.filter(
    (l) => l.messages.length > 0 && !validation.confirmed.includes(l.locationId),
  );
  if (open.length === 0) return null;
  return (
    <div className="mb-2 text-sm" data-testid="commit-warnings">
      <p className="text-slate-800">Committing confirms these warnings:</p>
      <ul className="mt-1 list-disc pl-5 text-slate-700">
        {open.flatMap((l) =>
          cardMessages(l.messages).map((m) => (
            <li key={`${l.locationId}-${m.message}`}>
              <span className="font-medium">{names.get(l.locationId) ?? l.locationId}</span>:{' '}
              {levelStyle[m.level].label}: {m.message}
            </li>
          )),
        )}
      </ul>
    </div>
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
      onSubmit={confirmAndCommit}
      labels={{ submit: 'Commit' }}
      busy={saving}
    >
      <UnconfirmedWarnings />
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
  // While only the country's entries are in, nothing is saved or validated (issue 31).
  const readOnly = detail.readOnly || snapshot.partial;
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
          onClick={() => void submitKeepingFocus(false)}
          disabled={nothing || saving || readOnly}
          aria-keyshortcuts="Alt+S"
        >
          Save
        </Button>
        <Button
          variant="primary"
          onClick={() => void requestCommit()}
          disabled={!canRequestCommit(snapshot)}
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

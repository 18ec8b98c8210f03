import { useState } from 'react';
import { format } from 'date-fns';
import { getEngine } from '@/app/engine';
import type { ReportJson } from '@/domain/entries/entries-api';
import { TITLE_MAX_LENGTH } from '@/domain/entries/entry-validation';
import { Importance } from '@/domain/enums';
import { CalendarButton } from '@/ui/calendar-picker';
import { Modal } from '@/ui/modal';
import { RichTextEditor } from '@/ui/rich-text-editor';
import { TextField } from '@/ui/text-field';
import type { DialogActivityKey } from '@workers/engine-contract';
import {
  dayOfText,
  descriptionDraftOf,
  descriptionEditOf,
  updateReasons,
  type DescriptionDraft,
} from './description-edit-form';

/** Props of {@link EditSituationalUpdateDialog}. */
export interface EditSituationalUpdateDialogProps {
  readonly open: boolean;
  readonly activity: DialogActivityKey;
  /** The activity version the screen shows: the edit names it (If-Match). */
  readonly version: number;
  /** The committed situational update (description report) being edited. */
  readonly report: ReportJson;
  readonly onClose: () => void;
  /** The edit is saved: the screen refreshes the activity (spec 001 §4 "Description edit"). */
  readonly onSaved: () => void;
}

/**
 * The edit-situational-update dialog (spec 001 §2, §5 "Description edit"): a committed update's
 * date, importance, title, reason and rich-text description; saving writes a new version (the
 * earlier wording stays in the version history).
 */
export function EditSituationalUpdateDialog(props: EditSituationalUpdateDialogProps) {
  return props.open ? <EditForm key={`${props.report.id}/${props.version}`} {...props} /> : null;
}

const fieldClass = 'h-8 rounded border bg-white px-2 text-sm text-slate-900';

function EditForm({
  activity,
  version,
  report,
  onClose,
  onSaved,
}: EditSituationalUpdateDialogProps) {
  const [draft, setDraft] = useState<DescriptionDraft>(() => descriptionDraftOf(report));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const checked = descriptionEditOf(draft);
  const error = (field: string) =>
    attempted ? checked.messages.find((m) => m.field === field)?.message : undefined;
  const set = <K extends keyof DescriptionDraft>(field: K, value: DescriptionDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const today = format(new Date(), 'yyyy-MM-dd');
  const [calendarRequest, setCalendarRequest] = useState(0);
  const pickedDay = dayOfText(draft.reportedOnText);

  async function save() {
    setAttempted(true);
    if (!('body' in checked)) return;
    setBusy(true);
    setServerErrors([]);
    try {
      const result = await getEngine().editDescriptionReport(
        activity,
        version,
        report.id,
        checked.body,
      );
      if (result.status === 'saved') onSaved();
      else setServerErrors(result.status === 'stale' ? [result.message] : result.errors);
    } catch {
      // Spec 001 §8: description update failures are only logged (the engine did), no message;
      // the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Edit situational update"
      onCancel={onClose}
      onSave={() => void save()}
      busy={busy}
    >
      <div className="flex flex-col gap-3">
        <div className="grid grid-cols-1 gap-x-5 gap-y-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="edit-update-reported-on" className="text-xs font-medium text-slate-700">
              Reported on
            </label>
            <div className="flex gap-1">
              <input
                id="edit-update-reported-on"
                value={draft.reportedOnText}
                placeholder="YYYY/MM/DD"
                inputMode="numeric"
                onChange={(e) => set('reportedOnText', e.target.value)}
                onKeyDown={(e) => {
                  if (e.altKey && e.key === 'ArrowDown') {
                    e.preventDefault();
                    setCalendarRequest((n) => n + 1);
                  }
                }}
                aria-invalid={error('reportedOn') !== undefined}
                aria-describedby="edit-update-reported-on-error"
                className={`${fieldClass} w-32 tabular-nums ${error('reportedOn') === undefined ? 'border-slate-300' : 'border-red-500'}`}
              />
              <CalendarButton
                label="Reported on"
                value={pickedDay ?? ''}
                earliest={null}
                latest={today}
                onPick={(day) => set('reportedOnText', day.replaceAll('-', '/'))}
                returnFocus={() => document.getElementById('edit-update-reported-on')?.focus()}
                openRequest={calendarRequest}
              />
            </div>
            {error('reportedOn') !== undefined && (
              <p id="edit-update-reported-on-error" className="text-xs text-red-700">
                {error('reportedOn')}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="edit-update-reason" className="text-xs font-medium text-slate-700">
              Update reason
            </label>
            <select
              id="edit-update-reason"
              value={draft.updateReason ?? ''}
              onChange={(e) => set('updateReason', e.target.value === '' ? null : e.target.value)}
              aria-invalid={error('updateReason') !== undefined}
              aria-describedby="edit-update-reason-error"
              className={`${fieldClass} ${error('updateReason') === undefined ? 'border-slate-300' : 'border-red-500'}`}
            >
              <option value="">Select…</option>
              {updateReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
            {error('updateReason') !== undefined && (
              <p id="edit-update-reason-error" className="text-xs text-red-700">
                {error('updateReason')}
              </p>
            )}
          </div>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-slate-700">Importance</legend>
          <div className="flex items-center gap-4">
            {Object.values(Importance).map((level) => (
              <label key={level} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="edit-update-importance"
                  checked={draft.importance === level}
                  onChange={() => set('importance', level)}
                />
                {level}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={`Title (required for Important and Critical; up to ${TITLE_MAX_LENGTH} characters)`}
          value={draft.title}
          onValueChange={(text) => set('title', text)}
          error={error('title')}
        />
        <RichTextEditor
          label="Description"
          value={draft.description}
          onValueChange={(html) => set('description', html)}
          error={error('description')}
        />
        {serverErrors.length > 0 && (
          <div role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-red-800">
            {serverErrors.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}

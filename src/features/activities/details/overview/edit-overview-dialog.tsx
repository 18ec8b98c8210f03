import { useState } from 'react';
import { format } from 'date-fns';
import { getEngine } from '@/app/engine';
import { isRiskModelOffered, type NewActivityField } from '@/domain/disease-activities';
import type { ActivityDetailJson } from '@/domain/entries/entries-api';
import type { Lookups } from '@/domain/lookups';
import { Modal } from '@/ui/modal';
import { SelectField } from '@/ui/select-field';
import { TextField } from '@/ui/text-field';
import { VisibilityField } from '@/ui/visibility-field';
import { overviewBodyOf, overviewDraftOf, type OverviewDraft } from './overview-form';

/** Props of {@link EditOverviewDialog}. */
export interface EditOverviewDialogProps {
  readonly open: boolean;
  readonly detail: ActivityDetailJson;
  readonly lookups: Lookups;
  readonly onClose: () => void;
  /** The activity as the server has it after the save ("shows updated details", spec 001 §4). */
  readonly onSaved: (detail: ActivityDetailJson) => void;
}

/**
 * The 'Edit overview' modal (spec 001 §2, §5 "Overview edit"): risk model, visibility, days
 * needed for update, update frequency and notes; SAVE OVERVIEW sends them with the version
 * the analyst saw. Closes through its buttons only.
 */
export function EditOverviewDialog(props: EditOverviewDialogProps) {
  // A fresh form each time it opens: the key drops what an earlier, cancelled edit typed.
  return props.open ? <OverviewForm key={props.detail.version} {...props} /> : null;
}

const wholeNumber = (text: string) => (text.trim() === '' ? null : Number(text));
const textOf = (value: number | null) => (value === null ? '' : String(value));

function OverviewForm({ detail, lookups, onClose, onSaved }: EditOverviewDialogProps) {
  const [draft, setDraft] = useState<OverviewDraft>(() => overviewDraftOf(detail));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const today = format(new Date(), 'yyyy-MM-dd');
  const checked = overviewBodyOf(draft, today);
  const error = (field: NewActivityField) =>
    attempted && 'messages' in checked
      ? checked.messages.find((m) => m.field === field)?.message
      : undefined;
  const set = <K extends keyof OverviewDraft>(field: K, value: OverviewDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const riskModels = lookups.riskModels
    .filter(
      (r) => r.riskModelId >= 1 && isRiskModelOffered(r.riskModelId, detail.activity.speciesId),
    )
    .map((r) => ({ value: r.riskModelId, label: r.displayName }));

  async function save() {
    setAttempted(true);
    if (!('body' in checked)) return;
    setBusy(true);
    setServerErrors([]);
    try {
      const key = {
        diseaseActivityId: detail.activity.diseaseActivityId,
        countryId: detail.activity.countryDetails.countryId,
      };
      const result = await getEngine().updateActivityOverview(key, detail.version, checked.body);
      if (result.status === 'saved') onSaved(result.value);
      else setServerErrors(result.status === 'stale' ? [result.message] : result.errors);
    } catch {
      // The engine has shown the 'IST Error: …' alert and logged it; the form stays as typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Edit overview"
      onCancel={onClose}
      onSave={() => void save()}
      labels={{ save: 'SAVE OVERVIEW' }}
      busy={busy}
    >
      <div className="grid grid-cols-1 gap-x-5 gap-y-3 sm:grid-cols-2">
        <SelectField
          label="Risk model"
          value={draft.riskModelId === 0 ? null : draft.riskModelId}
          options={riskModels}
          onValueChange={(id) => set('riskModelId', id)}
          error={error('riskModelId')}
        />
        <VisibilityField
          value={draft.publiclyVisible}
          onValueChange={(visible) => set('publiclyVisible', visible)}
          error={error('publiclyVisible')}
        />
        <TextField
          label="Number of days for update required"
          type="number"
          inputMode="numeric"
          step={1}
          value={textOf(draft.daysNeededForUpdate)}
          onValueChange={(text) => set('daysNeededForUpdate', wholeNumber(text))}
          error={error('daysNeededForUpdate')}
        />
        <TextField
          label="Update frequency (days; 1000 means no expected updates)"
          type="number"
          inputMode="numeric"
          step={1}
          value={textOf(draft.allowedDaysGap)}
          onValueChange={(text) => set('allowedDaysGap', wholeNumber(text))}
          error={error('allowedDaysGap')}
        />
        <label className="flex flex-col gap-1 sm:col-span-2">
          <span className="text-xs font-medium text-slate-700">Notes</span>
          <textarea
            value={draft.notes}
            rows={4}
            onChange={(event) => set('notes', event.target.value)}
            className="rounded border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
      </div>
      {serverErrors.length > 0 && (
        <div role="alert" className="mt-3 rounded border border-red-200 bg-red-50 p-2 text-red-800">
          {serverErrors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </Modal>
  );
}

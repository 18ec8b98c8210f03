import { useEffect, useState } from 'react';
import { getEngine } from '@/app/engine';
import { Link } from '@/app/link';
import {
  earliestReportingPeriodStart,
  isRiskModelOffered,
  type Country,
  type NewActivityField,
} from '@/domain/disease-activities';
import { displayDay, isCalendarDay } from '@/domain/calendar-day';
import { ReportingPeriodType, reportingPeriodTypeLabel, speciesGroupLabel } from '@/domain/enums';
import type { Lookups } from '@/domain/lookups';
import { ComboboxField } from '@/ui/combobox-field';
import { CalendarButton } from '@/ui/calendar-picker';
import { SelectField } from '@/ui/select-field';
import { VisibilityField } from '@/ui/visibility-field';
import {
  closeNewActivity,
  currentMessages,
  localToday,
  setNewActivityField,
  setStartDateText,
  useNewActivity,
} from './new-activity-store';

const fieldClass = 'h-8 rounded border bg-white px-2 text-sm text-slate-900';
const border = (error: string | undefined) =>
  error === undefined ? 'border-slate-300' : 'border-red-500';

function Message({ id, text }: { readonly id: string; readonly text: string | undefined }) {
  return text === undefined ? null : (
    <p id={id} className="text-xs text-red-700">
      {text}
    </p>
  );
}

/** The countries of GET /api/countries, loaded when the form opens. */
function useCountries(): readonly Country[] | string {
  const [countries, setCountries] = useState<readonly Country[] | string>([]);
  useEffect(() => {
    let live = true;
    getEngine()
      .getCountries()
      .then((list) => live && setCountries(list))
      .catch(
        (error: unknown) =>
          live && setCountries(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

/**
 * The new activity form's fields (spec 001 §3, §5) with their defaults and rules: the disease
 * picker is filtered by species and matches from the start of the typed text; the species
 * picker is grouped by species group and filtered by disease; species above 1 hide risk model
 * 1; the start date runs from 2000/01/01 to today.
 */
export function NewActivityFields({ lookups }: { readonly lookups: Lookups }) {
  const state = useNewActivity();
  const { values } = state;
  const countries = useCountries();
  const messages = state.attempted ? currentMessages(values) : [];
  const error = (field: NewActivityField) => messages.find((m) => m.field === field)?.message;

  const chosenSpecies = lookups.species.find((s) => s.speciesId === values.speciesId);
  const chosenDisease = lookups.diseases.find((d) => d.diseaseId === values.diseaseId);
  const diseaseOptions = lookups.diseases
    .filter((d) => chosenSpecies === undefined || d.speciesIds.includes(chosenSpecies.speciesId))
    .map((d) => ({ value: d.diseaseId, label: d.displayName }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const speciesShown = lookups.species.filter(
    (s) => chosenDisease === undefined || chosenDisease.speciesIds.includes(s.speciesId),
  );
  const speciesGroups = [...new Set(speciesShown.map((s) => s.speciesGroup))].sort((a, b) => a - b);
  const riskModelOptions = lookups.riskModels
    .filter((r) => r.riskModelId >= 1 && isRiskModelOffered(r.riskModelId, values.speciesId))
    .map((r) => ({ value: r.riskModelId, label: r.displayName }));
  const countryOptions =
    typeof countries === 'string'
      ? []
      : countries.map((c) => ({ value: c.countryId, label: c.name }));
  const today = localToday();
  const [calendarRequest, setCalendarRequest] = useState(0);

  const number = (text: string) => (text.trim() === '' ? null : Number(text));

  return (
    <div className="grid grid-cols-1 gap-x-5 gap-y-3 sm:grid-cols-2">
      {state.fromSuggestion && (
        <p className="text-sm text-slate-600 sm:col-span-2" data-testid="from-suggestion">
          From the suggestion: {state.fromSuggestion.diseaseName} in{' '}
          {state.fromSuggestion.countryName}
        </p>
      )}
      <ComboboxField
        label="Disease"
        value={values.diseaseId}
        options={diseaseOptions}
        onValueChange={(id) => setNewActivityField('diseaseId', id)}
        placeholder="Type the start of a disease"
        error={error('diseaseId')}
      />
      <div className="flex flex-col gap-1">
        <ComboboxField
          label="Country"
          value={values.countryId}
          options={countryOptions}
          onValueChange={(id) => setNewActivityField('countryId', id)}
          placeholder="Type the start of a country"
          error={error('countryId')}
        />
        {typeof countries === 'string' && (
          <p className="text-xs text-red-700">The countries could not be loaded: {countries}</p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-activity-species" className="text-xs font-medium text-slate-700">
          Species
        </label>
        <select
          id="new-activity-species"
          value={values.speciesId === null ? '' : String(values.speciesId)}
          onChange={(e) =>
            setNewActivityField('speciesId', e.target.value === '' ? null : Number(e.target.value))
          }
          aria-invalid={error('speciesId') !== undefined}
          aria-describedby="new-activity-species-error"
          className={`${fieldClass} ${border(error('speciesId'))}`}
        >
          <option value="">Select…</option>
          {speciesGroups.map((group) => (
            <optgroup
              key={group}
              label={speciesGroupLabel[group as keyof typeof speciesGroupLabel] ?? String(group)}
            >
              {speciesShown
                .filter((s) => s.speciesGroup === group)
                .map((s) => (
                  <option key={s.speciesId} value={String(s.speciesId)}>
                    {s.displayName}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <Message id="new-activity-species-error" text={error('speciesId')} />
      </div>
      <SelectField
        label="Risk model"
        value={values.riskModelId === 0 ? null : values.riskModelId}
        options={riskModelOptions}
        onValueChange={(id) => setNewActivityField('riskModelId', id)}
        error={error('riskModelId')}
      />
      <VisibilityField
        value={values.publiclyVisible}
        onValueChange={(visible) => setNewActivityField('publiclyVisible', visible)}
        error={error('publiclyVisible')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="new-activity-days" className="text-xs font-medium text-slate-700">
          Number of days for update required
        </label>
        <input
          id="new-activity-days"
          type="number"
          inputMode="numeric"
          step={1}
          value={values.daysNeededForUpdate ?? ''}
          onChange={(e) => setNewActivityField('daysNeededForUpdate', number(e.target.value))}
          aria-invalid={error('daysNeededForUpdate') !== undefined}
          aria-describedby="new-activity-days-error"
          className={`${fieldClass} ${border(error('daysNeededForUpdate'))}`}
        />
        <Message id="new-activity-days-error" text={error('daysNeededForUpdate')} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-activity-gap" className="text-xs font-medium text-slate-700">
          Update frequency (days; 1000 means no expected updates)
        </label>
        <input
          id="new-activity-gap"
          type="number"
          inputMode="numeric"
          step={1}
          value={values.allowedDaysGap ?? ''}
          onChange={(e) => setNewActivityField('allowedDaysGap', number(e.target.value))}
          aria-invalid={error('allowedDaysGap') !== undefined}
          aria-describedby="new-activity-gap-error"
          className={`${fieldClass} ${border(error('allowedDaysGap'))}`}
        />
        <Message id="new-activity-gap-error" text={error('allowedDaysGap')} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-activity-start" className="text-xs font-medium text-slate-700">
          Reporting Period Start Date
        </label>
        <div className="flex gap-1">
          <input
            id="new-activity-start"
            value={state.startDateText}
            placeholder="YYYY/MM/DD"
            inputMode="numeric"
            onChange={(e) => setStartDateText(e.target.value)}
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                setCalendarRequest((n) => n + 1);
              }
            }}
            aria-invalid={error('totalCountStartDate') !== undefined}
            aria-describedby="new-activity-start-error"
            className={`${fieldClass} w-32 tabular-nums ${border(error('totalCountStartDate'))}`}
          />
          <CalendarButton
            label="Reporting Period Start Date"
            value={
              values.totalCountStartDate !== null && isCalendarDay(values.totalCountStartDate)
                ? values.totalCountStartDate
                : ''
            }
            earliest={earliestReportingPeriodStart}
            latest={today}
            onPick={(day) => setStartDateText(displayDay(day))}
            returnFocus={() => document.getElementById('new-activity-start')?.focus()}
            openRequest={calendarRequest}
          />
        </div>
        <Message id="new-activity-start-error" text={error('totalCountStartDate')} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-activity-period-type" className="text-xs font-medium text-slate-700">
          Reporting Period Type
        </label>
        <select
          id="new-activity-period-type"
          value={values.reportingPeriodType ?? ''}
          onChange={(e) => {
            const chosen = Object.values(ReportingPeriodType).find((t) => t === e.target.value);
            setNewActivityField('reportingPeriodType', chosen ?? null);
          }}
          aria-invalid={error('reportingPeriodType') !== undefined}
          aria-describedby="new-activity-period-type-error"
          className={`${fieldClass} ${border(error('reportingPeriodType'))}`}
        >
          <option value="">Select…</option>
          {Object.values(ReportingPeriodType).map((type) => (
            <option key={type} value={type}>
              {reportingPeriodTypeLabel[type]}
            </option>
          ))}
        </select>
        <Message id="new-activity-period-type-error" text={error('reportingPeriodType')} />
      </div>
      {state.duplicate && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:col-span-2"
        >
          {state.duplicate.message}{' '}
          <Link
            href={state.duplicate.path}
            onClick={closeNewActivity}
            className="font-semibold text-accent-800 underline"
          >
            Go to activity
          </Link>
        </div>
      )}
      {state.serverErrors.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2"
        >
          {state.serverErrors.join('. ')}
        </div>
      )}
    </div>
  );
}

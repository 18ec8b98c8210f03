import { useState } from 'react';
import { format } from 'date-fns';
import { getEngine } from '@/app/engine';
import {
  RATIONALE_MAX_LENGTH,
  validateAssessment,
  type AssessmentInput,
  type AssessmentJson,
} from '@/domain/assessments';
import type { Lookups } from '@/domain/lookups';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { formatDay, formatLocalTime } from '../../index/activity-labels';
import { LoadedBody } from '../dialogs/dialog-states';
import { dayOfText } from '../dialogs/description-edit-form';
import { useEngineLoad } from '../dialogs/use-engine-load';

/** Props of {@link AssessmentsTab}. */
export interface AssessmentsTabProps {
  readonly diseaseActivityId: number;
  readonly lookups: Lookups;
}

/**
 * The Assessments tab (spec 001 §2 "Assessments content not shown"; designed in docs/decisions/0049-assessments-tab.md
 * from the assessment lookups): the current judgement of the activity — concern level,
 * confidence level, the criteria met, a rationale — with every earlier one below it, and a
 * form to record a new one. Assessments are never edited: a new judgement is a new record.
 */
export function AssessmentsTab({ diseaseActivityId, lookups }: AssessmentsTabProps) {
  const { loaded, reload } = useEngineLoad(true, String(diseaseActivityId), () =>
    getEngine().getAssessments(diseaseActivityId),
  );
  const name = (list: readonly { id: number; displayName: string }[], id: number) =>
    list.find((item) => item.id === id)?.displayName ?? `#${id}`;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <NewAssessmentForm
        diseaseActivityId={diseaseActivityId}
        lookups={lookups}
        onRecorded={reload}
      />
      <section aria-label="Assessments" className="flex flex-col gap-3">
        <LoadedBody loaded={loaded} what="the assessments" onRetry={reload}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                title="No assessment yet"
                description="Record the first judgement of this activity: concern, confidence and the criteria met."
              />
            ) : (
              list.map((a: AssessmentJson, index: number) => (
                <article
                  key={a.id}
                  aria-label={
                    index === 0 ? 'Current assessment' : `Assessment of ${formatDay(a.assessedOn)}`
                  }
                  className={`rounded border bg-white p-3 text-sm ${index === 0 ? 'border-accent-600' : 'border-slate-200'}`}
                >
                  <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <h3 className="font-semibold text-slate-900">
                      {index === 0 ? 'Current assessment' : 'Earlier assessment'} ·{' '}
                      {formatDay(a.assessedOn)}
                    </h3>
                    <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">
                      Concern: {name(lookups.assessmentConcernLevels, a.concernLevelId)}
                    </span>
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">
                      Confidence: {name(lookups.assessmentConfidenceLevels, a.confidenceLevelId)}
                    </span>
                    <span className="ml-auto text-xs text-slate-500">
                      {[a.createdBy, formatLocalTime(a.createdAt)].filter(Boolean).join(' · ')}
                    </span>
                  </header>
                  {a.criteriaIds.length > 0 && (
                    <ul className="mb-1 flex flex-wrap gap-1" aria-label="Criteria met">
                      {a.criteriaIds.map((id) => (
                        <li key={id} className="rounded border border-slate-300 px-1.5 text-xs">
                          {name(lookups.assessmentCriteria, id)}
                        </li>
                      ))}
                    </ul>
                  )}
                  {a.rationale !== '' && (
                    <p className="whitespace-pre-wrap text-slate-800">{a.rationale}</p>
                  )}
                </article>
              ))
            )
          }
        </LoadedBody>
      </section>
    </div>
  );
}

function NewAssessmentForm({
  diseaseActivityId,
  lookups,
  onRecorded,
}: {
  readonly diseaseActivityId: number;
  readonly lookups: Lookups;
  readonly onRecorded: () => void;
}) {
  const today = format(new Date(), 'yyyy-MM-dd');
  const blank = () => ({
    assessedOnText: today.replaceAll('-', '/'),
    concernLevelId: null as number | null,
    confidenceLevelId: null as number | null,
    criteriaIds: [] as number[],
    rationale: '',
  });
  const [draft, setDraft] = useState(blank);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const input: AssessmentInput = {
    assessedOn: dayOfText(draft.assessedOnText),
    concernLevelId: draft.concernLevelId,
    confidenceLevelId: draft.confidenceLevelId,
    criteriaIds: draft.criteriaIds,
    rationale: draft.rationale,
  };
  const problems = validateAssessment(input, today);
  const error = (field: string) =>
    attempted ? problems.find((p) => p.field === field)?.message : undefined;

  async function record() {
    setAttempted(true);
    if (problems.length > 0) return;
    setBusy(true);
    setServerErrors([]);
    try {
      const result = await getEngine().addAssessment(diseaseActivityId, input);
      if (result.status === 'saved') {
        setDraft(blank());
        setAttempted(false);
        onRecorded();
      } else setServerErrors(result.errors);
    } catch {
      // The engine has shown the 'IST Error: …' alert; what was typed stays.
    } finally {
      setBusy(false);
    }
  }

  const levelGroup = (
    legend: string,
    field: 'concernLevelId' | 'confidenceLevelId',
    options: readonly { id: number; displayName: string }[],
  ) => (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${field}-error`}>
      <legend className="mb-1 text-xs font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={field}
              checked={draft[field] === o.id}
              onChange={() => setDraft({ ...draft, [field]: o.id })}
            />
            {o.displayName}
          </label>
        ))}
      </div>
      {error(field) !== undefined && (
        <p id={`${field}-error`} className="text-xs text-red-700">
          {error(field)}
        </p>
      )}
    </fieldset>
  );

  return (
    <form
      aria-label="New assessment"
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void record();
      }}
    >
      <h3 className="font-semibold text-slate-900">New assessment</h3>
      <div className="flex flex-col gap-1">
        <label htmlFor="assessed-on" className="text-xs font-medium text-slate-700">
          Assessed on
        </label>
        <input
          id="assessed-on"
          value={draft.assessedOnText}
          placeholder="YYYY/MM/DD"
          inputMode="numeric"
          onChange={(e) => setDraft({ ...draft, assessedOnText: e.target.value })}
          aria-invalid={error('assessedOn') !== undefined}
          aria-describedby="assessed-on-error"
          className={`h-8 w-32 rounded border px-2 tabular-nums ${error('assessedOn') === undefined ? 'border-slate-300' : 'border-red-500'}`}
        />
        {error('assessedOn') !== undefined && (
          <p id="assessed-on-error" className="text-xs text-red-700">
            {error('assessedOn')}
          </p>
        )}
      </div>
      {levelGroup('Concern level', 'concernLevelId', lookups.assessmentConcernLevels)}
      {levelGroup('Confidence level', 'confidenceLevelId', lookups.assessmentConfidenceLevels)}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-slate-700">Criteria met</legend>
        {lookups.assessmentCriteria.map((c) => (
          <label key={c.id} className="flex items-start gap-1.5">
            <input
              type="checkbox"
              className="mt-1"
              checked={draft.criteriaIds.includes(c.id)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  criteriaIds: e.target.checked
                    ? [...draft.criteriaIds, c.id]
                    : draft.criteriaIds.filter((id) => id !== c.id),
                })
              }
            />
            <span>
              {c.displayName}
              {c.description !== '' && (
                <span className="block text-xs text-slate-500">{c.description}</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium text-slate-700">
          Rationale (up to {RATIONALE_MAX_LENGTH} characters)
        </span>
        <textarea
          rows={4}
          value={draft.rationale}
          onChange={(e) => setDraft({ ...draft, rationale: e.target.value })}
          aria-invalid={error('rationale') !== undefined}
          className="rounded border border-slate-300 px-2 py-1"
        />
        {error('rationale') !== undefined && (
          <span className="text-xs text-red-700">{error('rationale')}</span>
        )}
      </label>
      {serverErrors.length > 0 && (
        <div role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-red-800">
          {serverErrors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          Record assessment
        </Button>
      </div>
    </form>
  );
}

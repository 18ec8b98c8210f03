import type { HTMLAttributes } from 'react';
import {
  EntryType,
  Importance,
  InactivityReason,
  ReportingPeriodType,
  reportingPeriodTypeLabel,
  entryTypeLabel,
} from '@/domain/enums';
import { updateReasons } from '@/domain/entries/update-reasons';
import { caseFigures, type CaseFigure, type UserEntered } from '@/domain/entries/case-figures';
import { caseFigureLabel } from '@/domain/entries/case-figures';
import { TITLE_MAX_LENGTH } from '@/domain/entries/entry-validation';
import { RichTextEditor } from '@/ui/rich-text-editor';
import { formatCount } from '../index/activity-labels';
import { DayInput } from './day-input';
import { TravellerOriginPicker } from './traveller-origin-picker';
import { editDraft, removeDraft, typeCase, useDetails } from './details-store';
import { numberOf, type DraftEntry } from './drafts';
import { acceptedNumberText, gridCellAttribute, moveInGrid, numberCellKeyDown } from './grid-keys';
import { DraftArticlesCell } from './dialogs/entry-dialogs';
import { rememberRow, rowFocusRing, tableRowAttribute } from './row-keys';

const cell = 'border-b border-slate-200 px-1.5 py-1 align-top';
const grid = { [gridCellAttribute]: '' };

/** The bounds of a draft's reported-on date. */
export interface DraftBounds {
  readonly earliest: string | null;
  readonly latest: string | null;
}

function CaseInput({
  draft,
  figure,
  half,
  shown,
  readOnly,
}: {
  readonly draft: DraftEntry;
  readonly figure: CaseFigure;
  readonly half: UserEntered;
  readonly shown: number | null;
  readonly readOnly: boolean;
}) {
  const typed = draft.counts[figure].userEntered === half;
  const value = typed ? draft.counts[figure][half] : shown;
  const label = `${half === 'newCases' ? 'New' : 'Cumulative'} ${caseFigureLabel[figure]}`;
  return (
    <input
      {...grid}
      aria-label={label}
      inputMode="numeric"
      disabled={readOnly}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        const text = acceptedNumberText(event.target.value);
        if (text !== null) typeCase(draft.key, figure, half, numberOf(text));
      }}
      onKeyDown={numberCellKeyDown}
      className={`h-7 w-16 rounded border px-1 text-right font-mono text-xs tabular-nums ${
        typed
          ? 'border-slate-400 bg-white text-slate-900'
          : 'border-slate-200 bg-slate-50 text-slate-500'
      }`}
    />
  );
}

/** The typed and derived figures of one case draft, with what came before it. */
function CaseCells({
  draft,
  readOnly,
}: {
  readonly draft: DraftEntry;
  readonly readOnly: boolean;
}) {
  const { recomputed } = useDetails();
  const derived = recomputed[draft.key];
  const half = (figure: CaseFigure, which: UserEntered) => derived?.counts[figure][which] ?? null;
  return (
    <>
      {caseFigures.map((figure) => (
        <td key={`n-${figure}`} className={cell}>
          <CaseInput
            draft={draft}
            figure={figure}
            half="newCases"
            shown={half(figure, 'newCases')}
            readOnly={readOnly}
          />
        </td>
      ))}
      {caseFigures.map((figure) => (
        <td key={`c-${figure}`} className={cell}>
          <CaseInput
            draft={draft}
            figure={figure}
            half="cumulative"
            shown={half(figure, 'cumulative')}
            readOnly={readOnly}
          />
        </td>
      ))}
    </>
  );
}

type DraftChoice = 'importance' | 'inactivityReason' | 'reportingPeriodType' | 'updateReason';

/** A choice of a draft; the empty first option names the field (nothing chosen yet). */
function DraftSelect<F extends DraftChoice>({
  draft,
  field,
  label,
  disabled,
  options,
}: {
  readonly draft: DraftEntry;
  readonly field: F;
  readonly label: string;
  readonly disabled: boolean;
  readonly options: readonly (readonly [Exclude<DraftEntry[F], ''>, string])[];
}) {
  return (
    <select
      {...grid}
      aria-label={label}
      disabled={disabled}
      value={draft[field]}
      onChange={(event) => editDraft(draft.key, field, event.target.value as DraftEntry[F])}
      onKeyDown={moveInGrid}
      className="h-7 rounded border border-slate-300 bg-white px-1 text-xs"
    >
      <option value="">{label}…</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}

/** The fields of a non-case draft, across the figure columns. */
function OtherFields({
  draft,
  readOnly,
}: {
  readonly draft: DraftEntry;
  readonly readOnly: boolean;
}) {
  const off = readOnly || draft.reportedOn === '';
  const text = (field: 'notes' | 'title', label: string, max?: number) => (
    <input
      {...grid}
      aria-label={label}
      placeholder={label}
      disabled={off}
      maxLength={max}
      value={draft[field]}
      onChange={(event) => editDraft(draft.key, field, event.target.value)}
      onKeyDown={moveInGrid}
      className="h-7 min-w-0 flex-1 rounded border border-slate-300 px-1.5 text-xs disabled:bg-slate-100"
    />
  );
  switch (draft.type) {
    case EntryType.TRAVELLER:
      return (
        <div className="flex flex-wrap items-start gap-2">
          <input
            {...grid}
            aria-label="Cases"
            placeholder="Cases"
            inputMode="numeric"
            disabled={readOnly}
            value={draft.cases}
            onChange={(event) => {
              const text = acceptedNumberText(event.target.value);
              if (text !== null) editDraft(draft.key, 'cases', text);
            }}
            onKeyDown={numberCellKeyDown}
            className="h-7 w-16 rounded border border-slate-300 px-1 text-right font-mono text-xs"
          />
          <label className="flex items-center gap-1 text-xs text-slate-600">
            Departure
            <DayInput
              label="Departure date"
              value={draft.departureDate}
              onChange={(day) => editDraft(draft.key, 'departureDate', day)}
              disabled={readOnly}
              onKeyDown={moveInGrid}
              gridCell
            />
          </label>
          <label className="flex items-center gap-1 text-xs text-slate-600">
            Arrival
            <DayInput
              label="Arrival date"
              value={draft.arrivalDate}
              onChange={(day) => editDraft(draft.key, 'arrivalDate', day)}
              disabled={readOnly}
              onKeyDown={moveInGrid}
              gridCell
            />
          </label>
          <label className="flex items-center gap-1 text-xs text-slate-600">
            Origin
            <TravellerOriginPicker
              travellerLocationId={draft.locationId}
              value={draft.origin}
              onChange={(origin) => editDraft(draft.key, 'origin', origin)}
              disabled={readOnly}
            />
          </label>
          {text('notes', 'Notes')}
        </div>
      );
    case EntryType.DESCRIPTION:
      return (
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <DraftSelect
              draft={draft}
              field="importance"
              label="Importance"
              disabled={off}
              options={Object.values(Importance).map((value) => [value, value])}
            />
            {text('title', 'Title', TITLE_MAX_LENGTH)}
            <DraftSelect
              draft={draft}
              field="updateReason"
              label="Update reason"
              disabled={off}
              // A reason saved before the choice existed stays shown as it was typed.
              options={[...new Set([...updateReasons, draft.updateReason])]
                .filter((reason) => reason !== '')
                .map((reason) => [reason, reason])}
            />
          </div>
          <RichTextEditor
            label="Description"
            placeholder="Description"
            disabled={off}
            value={draft.description}
            onValueChange={(html) => editDraft(draft.key, 'description', html)}
            // A grid cell: Enter from Update reason lands in the text; there Enter is a new
            // paragraph, and Escape leaves the text for its row.
            contentAttributes={grid}
            onKeyDown={(event) => {
              if (event.key === 'Escape') moveInGrid(event);
            }}
          />
        </div>
      );
    case EntryType.INACTIVITY:
      return (
        <div className="flex flex-wrap items-center gap-2">
          <DraftSelect
            draft={draft}
            field="inactivityReason"
            label="Reason"
            disabled={readOnly}
            options={[
              [InactivityReason.NoNewCases, 'No new cases'],
              [InactivityReason.NoNewInformation, 'No new information'],
            ]}
          />
          <input
            {...grid}
            aria-label="Check-in note"
            placeholder="Description (optional)"
            disabled={readOnly}
            value={draft.description}
            onChange={(event) => editDraft(draft.key, 'description', event.target.value)}
            onKeyDown={moveInGrid}
            className="h-7 min-w-0 flex-1 rounded border border-slate-300 px-1.5 text-xs"
          />
        </div>
      );
    case EntryType.NEW_REPORTING_PERIOD:
    case EntryType.END_REPORTING_PERIOD:
      return (
        <DraftSelect
          draft={draft}
          field="reportingPeriodType"
          label="Reporting period type"
          disabled={readOnly}
          options={Object.values(ReportingPeriodType).map((value) => [
            value,
            reportingPeriodTypeLabel[value],
          ])}
        />
      );
    case EntryType.CASE_DATA:
      return null;
  }
}

/** One entry being typed, as a row of the location's table. */
export function DraftRow({
  draft,
  locationName,
  bounds,
  readOnly,
  rowProps,
}: {
  readonly draft: DraftEntry;
  readonly locationName: string;
  readonly bounds: DraftBounds;
  readonly readOnly: boolean;
  /** Virtuoso's attributes of the row, when the location's table is virtualised. */
  readonly rowProps?: HTMLAttributes<HTMLTableRowElement> | undefined;
}) {
  const { recomputed } = useDetails();
  const isCase = draft.type === EntryType.CASE_DATA;
  const derived = recomputed[draft.key];
  // Blue: a pending case entry whose derived figures are not computed yet (spec 001 §2).
  const pendingBlue =
    isCase &&
    (derived === undefined || caseFigures.every((f) => derived.counts[f].cumulative === null));
  const dateLabel = draft.type === EntryType.END_REPORTING_PERIOD ? 'End Date' : 'Reported on';
  return (
    <tr
      {...rowProps}
      data-testid="draft-row"
      data-entry-type={draft.type}
      {...{ [tableRowAttribute]: '' }}
      tabIndex={-1}
      onFocus={rememberRow}
      className={`${pendingBlue ? 'bg-sky-50' : 'bg-amber-50/60'} ${rowFocusRing}`}
    >
      <td className={`${cell} text-xs text-slate-700`}>{locationName}</td>
      <td className={cell}>
        <DayInput
          id={`reported-on-${draft.key}`}
          label={dateLabel}
          value={draft.reportedOn}
          onChange={(day) => editDraft(draft.key, 'reportedOn', day)}
          earliest={bounds.earliest}
          latest={bounds.latest}
          disabled={readOnly}
          onKeyDown={moveInGrid}
          gridCell
        />
      </td>
      <td className={`${cell} text-xs text-slate-600`}>{draft.id === null ? 'New' : 'Saved'}</td>
      <td className={`${cell} text-xs font-medium text-slate-800`}>{entryTypeLabel[draft.type]}</td>
      {isCase ? (
        <CaseCells draft={draft} readOnly={readOnly} />
      ) : (
        <td className={cell} colSpan={8}>
          <OtherFields draft={draft} readOnly={readOnly} />
        </td>
      )}
      <td className={`${cell} text-center text-xs text-slate-600`}>
        {readOnly ? (
          draft.articles.length > 0 ? (
            draft.articles.length
          ) : (
            ''
          )
        ) : (
          <DraftArticlesCell
            draftKey={draft.key}
            type={draft.type}
            articleIds={draft.articles}
            locationName={locationName}
            reportedOn={draft.reportedOn}
          />
        )}
      </td>
      <td className={cell} />
      <td className={`${cell} text-center`}>
        <button
          type="button"
          aria-label={`Delete ${entryTypeLabel[draft.type]} entry`}
          disabled={readOnly}
          onClick={() => removeDraft(draft.key)}
          className="rounded px-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          ×
        </button>
      </td>
    </tr>
  );
}

/** Beside a case draft: the location's last committed cumulatives (DHIS2 shows history). */
export function CaseHistoryRow({
  history,
  rowProps,
}: {
  readonly history: readonly {
    readonly reportedOn: string;
    readonly values: Record<CaseFigure, number | null>;
  }[];
  readonly rowProps?: HTMLAttributes<HTMLTableRowElement> | undefined;
}) {
  if (history.length === 0) return null;
  return (
    <tr
      {...rowProps}
      className="bg-sky-50/40 text-[11px] text-slate-500"
      data-testid="case-history"
    >
      <td className="px-1.5 py-0.5" colSpan={4}>
        Last committed: {history.map((h) => h.reportedOn.replaceAll('-', '/')).join(' · ')}
      </td>
      <td colSpan={4} />
      {caseFigures.map((figure) => (
        <td key={figure} className="px-1.5 py-0.5 text-right font-mono tabular-nums">
          {history.map((h) => formatCount(h.values[figure])).join(' · ')}
        </td>
      ))}
      <td colSpan={3} />
    </tr>
  );
}

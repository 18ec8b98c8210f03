import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useLookups } from '@/app/lookups/lookups-store';
import {
  DateMode,
  defaultArticleFilters,
  validateDateFilter,
  type ArticleFilters,
} from '@/domain/article-search/filters';
import { Origin, ReadStatus } from '@/domain/enums';
import { excludedDiseasePreset } from '@/domain/excluded-diseases';
import { Button } from '@/ui/button';
import { applyFilters } from './article-index-store';
import { DateTimeField } from './date-time-field';
import { MultiSelect, type Choice } from './multi-select';

const origins: readonly Choice<Origin>[] = [
  Origin.IstUser,
  Origin.PubcrawlerSystem,
  Origin.OiSystem,
].map((origin) => ({ value: origin, label: origin }));

function Checkbox(props: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly title?: string | undefined;
}) {
  return (
    <label
      title={props.title}
      className={`flex items-center gap-1.5 text-sm ${props.disabled ? 'text-slate-400' : 'text-slate-700'}`}
    >
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        className="h-3.5 w-3.5 accent-accent-700"
      />
      {props.label}
    </label>
  );
}

function Row({ children }: { readonly children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-3 md:grid-cols-3">{children}</div>;
}

/**
 * The filter form of spec 000 §2 "Filter panel fields": edits a draft, validates the dates
 * (spec 000 §5) and applies on submit (the Apply button or Enter in a field).
 */
export function FilterForm({ applied }: { readonly applied: ArticleFilters }) {
  const lookups = useLookups();
  const [draft, setDraft] = useState<ArticleFilters>(applied);
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateDateFilter(draft);
  const set = (change: Partial<ArticleFilters>) =>
    setDraft((current) => ({ ...current, ...change }));

  const ready = lookups.status === 'ready' ? lookups.lookups : undefined;
  const categories = useMemo(() => ready?.dataSourceCategories ?? [], [ready]);
  const categoryChoices = categories.map((c) => ({ value: c.displayName, label: c.displayName }));
  // Source groups narrow to the chosen categories (all of them when none is chosen).
  const chosenCategoryIds = new Set(
    categories.filter((c) => draft.sourceCategory.includes(c.displayName)).map((c) => c.id),
  );
  const groupChoices = (ready?.dataSourceGroups ?? [])
    .filter((g) => chosenCategoryIds.size === 0 || chosenCategoryIds.has(g.categoryId))
    .map((g) => ({ value: g.displayName, label: g.displayName }));
  const diseaseChoices = (ready?.diseases ?? [])
    .map((d) => ({ value: d.diseaseId, label: d.displayName }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const oiChosen = draft.createdBy.includes(Origin.OiSystem);
  const readSelected = (id: ReadStatus) =>
    draft.readStatus.some((status) => status.id === id && status.selected);
  const setReadSelected = (id: ReadStatus, selected: boolean) =>
    set({
      readStatus: draft.readStatus.map((status) =>
        status.id === id ? { ...status, selected } : status,
      ),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    applyFilters(draft);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Article filters">
      <Row>
        <div>
          <label
            htmlFor="filter-date-mode"
            className="mb-0.5 block text-xs font-medium text-slate-600"
          >
            Date mode
          </label>
          <select
            id="filter-date-mode"
            value={draft.dateMode}
            onChange={(event) =>
              set({
                dateMode:
                  event.target.value === DateMode.PublishedDate
                    ? DateMode.PublishedDate
                    : DateMode.InsertedDate,
              })
            }
            className="h-8 w-full rounded border border-slate-300 bg-white px-1.5 text-sm"
          >
            <option value={DateMode.InsertedDate}>Inserted date</option>
            <option value={DateMode.PublishedDate}>Published date</option>
          </select>
        </div>
        <DateTimeField
          label="From"
          name="filter-from"
          date={draft.fromDate}
          time={draft.fromTime}
          error={showErrors ? errors.fromDate : undefined}
          onDateChange={(fromDate) => set({ fromDate })}
          onTimeChange={(fromTime) => set({ fromTime })}
          onBlur={() => setShowErrors(true)}
        />
        <DateTimeField
          label="To"
          name="filter-to"
          date={draft.toDate}
          time={draft.toTime}
          error={showErrors ? errors.toDate : undefined}
          onDateChange={(toDate) => set({ toDate })}
          onTimeChange={(toTime) => set({ toTime })}
          onBlur={() => setShowErrors(true)}
        />
      </Row>
      <Row>
        <MultiSelect
          label="Source category"
          choices={categoryChoices}
          value={draft.sourceCategory}
          onChange={(sourceCategory) => {
            // A group outside the chosen categories can no longer be chosen: drop it.
            const ids = new Set(
              categories.filter((c) => sourceCategory.includes(c.displayName)).map((c) => c.id),
            );
            const allowed = new Set(
              (ready?.dataSourceGroups ?? [])
                .filter((g) => ids.size === 0 || ids.has(g.categoryId))
                .map((g) => g.displayName),
            );
            set({ sourceCategory, sourceGroup: draft.sourceGroup.filter((g) => allowed.has(g)) });
          }}
        />
        <MultiSelect
          label="Source sub-category"
          choices={groupChoices}
          value={draft.sourceGroup}
          onChange={(sourceGroup) => set({ sourceGroup })}
        />
        <MultiSelect
          label="Origin"
          choices={origins}
          value={draft.createdBy}
          onChange={(createdBy) =>
            set({
              createdBy,
              // 'OI System' disables 'Hide Pubcrawler Articles' (spec 000 §2): the feed shows.
              ...(createdBy.includes(Origin.OiSystem) ? { isArticleFeed: true } : {}),
            })
          }
        />
      </Row>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded border border-slate-200 bg-slate-50 px-3 py-2">
        <Checkbox
          label="Hide Pubcrawler Articles"
          checked={!draft.isArticleFeed}
          disabled={oiChosen}
          title={oiChosen ? "Not available while 'OI System' is chosen" : undefined}
          onChange={(hide) => set({ isArticleFeed: !hide })}
        />
        <span className="h-4 w-px bg-slate-300" aria-hidden />
        <span className="text-xs font-medium text-slate-600">Read status</span>
        <Checkbox
          label="Unread"
          checked={readSelected(ReadStatus.Unread)}
          onChange={(selected) => setReadSelected(ReadStatus.Unread, selected)}
        />
        <Checkbox
          label="Read"
          checked={readSelected(ReadStatus.Read)}
          onChange={(selected) => setReadSelected(ReadStatus.Read, selected)}
        />
        <span className="h-4 w-px bg-slate-300" aria-hidden />
        <Checkbox
          label="Linked to activity"
          checked={draft.isLinkedToActivity}
          onChange={(isLinkedToActivity) => set({ isLinkedToActivity })}
        />
        <Checkbox
          label="Has context tag"
          checked={draft.hasContextTag}
          onChange={(hasContextTag) => set({ hasContextTag })}
        />
        <Checkbox
          label="Has suggested context tag"
          checked={draft.hasSuggestedContextTag}
          onChange={(hasSuggestedContextTag) => set({ hasSuggestedContextTag })}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_1fr_auto]">
        <MultiSelect
          label="Included diseases"
          choices={diseaseChoices}
          value={draft.includedDiseases}
          onChange={(includedDiseases) => set({ includedDiseases })}
        />
        <MultiSelect
          label="Excluded diseases"
          choices={diseaseChoices}
          value={draft.excludedDiseases}
          placeholder="None"
          onChange={(excludedDiseases) => set({ excludedDiseases })}
        />
        <div className="flex items-end gap-2">
          <Button
            onClick={() =>
              set({
                excludedDiseases: [
                  ...new Set([...draft.excludedDiseases, ...excludedDiseasePreset]),
                ],
              })
            }
            title={`Exclude the ${excludedDiseasePreset.length} commonly excluded diseases`}
          >
            Exclude common diseases
          </Button>
        </div>
      </div>
      <div className="flex items-center gap-2 border-t border-slate-200 pt-3">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(defaultArticleFilters);
            setShowErrors(false);
          }}
        >
          Reset to defaults
        </Button>
        <span className="ml-auto text-xs text-slate-500">
          An article matching both an included and an excluded disease is shown.
        </span>
      </div>
    </form>
  );
}

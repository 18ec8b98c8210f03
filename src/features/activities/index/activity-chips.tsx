import { activityChipGroups } from '@/domain/activity-index';
import { clearActivityChips, toggleActivityChip, useActivityIndex } from './activity-index-store';

/** The five filter chip groups (spec 001 §2); each chip shows how many rows it would give. */
export function ActivityChips() {
  const { filters, result } = useActivityIndex();
  const anyOn = activityChipGroups.some(({ group }) => filters[group].length > 0);
  return (
    <div
      className="mb-3 flex flex-wrap items-start gap-x-5 gap-y-2"
      aria-label="Filters"
      role="group"
    >
      {activityChipGroups.map(({ group, title, chips }) => (
        <fieldset key={group} className="min-w-0">
          <legend className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
            {title}
          </legend>
          <div className="flex flex-wrap gap-1">
            {chips.map((chip) => {
              const values: readonly (string | number)[] = filters[group];
              const on = values.includes(chip.value);
              const count = result?.chipCounts[group][String(chip.value)];
              return (
                <button
                  key={String(chip.value)}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggleActivityChip(group, chip.value)}
                  className={`h-7 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap ${
                    on
                      ? 'border-accent-700 bg-accent-700 text-white'
                      : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
                  }`}
                >
                  {chip.label}
                  {count !== undefined && ' '}
                  {count !== undefined && (
                    <span
                      className={`ml-0.5 tabular-nums ${on ? 'text-white/80' : 'text-slate-600'}`}
                    >
                      {count}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {anyOn && (
        <button
          type="button"
          onClick={clearActivityChips}
          className="mt-5 h-7 text-xs font-medium text-accent-700 hover:underline"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

import {
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';

/** One choice of a {@link MultiSelect}. */
export interface Choice<T> {
  readonly value: T;
  readonly label: string;
}

/** Props of {@link MultiSelect}. */
export interface MultiSelectProps<T extends string | number> {
  readonly label: string;
  readonly choices: readonly Choice<T>[];
  readonly value: readonly T[];
  readonly onChange: (value: T[]) => void;
  readonly disabled?: boolean;
  readonly placeholder?: string;
}

/** A compact multiple-choice list (Headless UI Listbox: arrows, type-ahead, Space to pick). */
export function MultiSelect<T extends string | number>(props: MultiSelectProps<T>) {
  const { label, choices, value, onChange, disabled = false, placeholder = 'Any' } = props;
  const chosen = choices.filter((choice) => value.includes(choice.value));
  const summary =
    chosen.length === 0
      ? placeholder
      : chosen.length <= 2
        ? chosen.map((choice) => choice.label).join(', ')
        : `${chosen.length} selected`;
  return (
    <Field disabled={disabled} className="min-w-0">
      <Label className="mb-0.5 block text-xs font-medium text-slate-600">{label}</Label>
      <Listbox value={[...value]} onChange={onChange} multiple>
        <ListboxButton
          title={chosen.map((choice) => choice.label).join(', ')}
          className="flex h-8 w-full items-center justify-between gap-2 rounded border border-slate-300 bg-white px-2 text-left text-sm disabled:bg-slate-50 disabled:text-slate-400"
        >
          <span className={`truncate ${chosen.length === 0 ? 'text-slate-500' : ''}`}>
            {summary}
          </span>
          <span aria-hidden className="text-[10px] text-slate-400">
            ▼
          </span>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-40 max-h-64 w-(--button-width) min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none"
        >
          {choices.map((choice) => (
            <ListboxOption
              key={choice.value}
              value={choice.value}
              className="group flex cursor-default items-center gap-2 px-2 py-1 data-focus:bg-accent-50"
            >
              <span className="flex h-3.5 w-3.5 items-center justify-center rounded-sm border border-slate-400 text-[10px] group-data-selected:border-accent-700 group-data-selected:bg-accent-700 group-data-selected:text-white">
                <span className="hidden group-data-selected:inline">✓</span>
              </span>
              <span className="truncate">{choice.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from '@headlessui/react';
import { useId, useMemo, useState } from 'react';

/** One option of a {@link ComboboxField}. */
export interface ComboboxFieldOption {
  readonly value: number;
  readonly label: string;
}

/** Props of {@link ComboboxField}. */
export interface ComboboxFieldProps {
  readonly label: string;
  readonly value: number | null;
  readonly options: readonly ComboboxFieldOption[];
  readonly onValueChange: (value: number | null) => void;
  /** Which options a typed text keeps; default: labels starting with it, any case. */
  readonly matches?: (option: ComboboxFieldOption, typed: string) => boolean;
  readonly placeholder?: string;
  /** Validation message shown under the field (spec wording). */
  readonly error?: string | undefined;
  /** Most options listed at once (the rest are reached by typing). */
  readonly limit?: number;
}

const startsWith = (option: ComboboxFieldOption, typed: string) =>
  option.label.toLowerCase().startsWith(typed.trim().toLowerCase());

/**
 * A typeahead picker on Headless UI's Combobox: type to filter, arrows and Enter to choose,
 * Escape to close; the chosen option's label stays in the input.
 */
export function ComboboxField({
  label,
  value,
  options,
  onValueChange,
  matches = startsWith,
  placeholder = 'Type to search…',
  error,
  limit = 100,
}: ComboboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [typed, setTyped] = useState('');
  const selected = options.find((o) => o.value === value) ?? null;
  const shown = useMemo(
    () =>
      (typed.trim() === '' ? options : options.filter((o) => matches(o, typed))).slice(0, limit),
    [options, typed, matches, limit],
  );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <Combobox
        value={selected}
        onChange={(option: ComboboxFieldOption | null) => onValueChange(option?.value ?? null)}
        onClose={() => setTyped('')}
        by="value"
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? undefined : errorId}
            displayValue={(option: ComboboxFieldOption | null) => option?.label ?? ''}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            className={`h-8 w-full rounded border bg-white pr-7 pl-2 text-sm text-slate-900 ${
              error === undefined ? 'border-slate-300' : 'border-red-500'
            }`}
          />
          <ComboboxButton
            aria-label={`Show ${label} options`}
            className="absolute inset-y-0 right-0 px-2 text-xs text-slate-500"
          >
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-[60] max-h-64 w-[var(--input-width)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
        >
          {shown.map((option) => (
            <ComboboxOption
              key={option.value}
              value={option}
              className="cursor-pointer px-2.5 py-1.5 text-slate-800 data-[focus]:bg-accent-50 data-[selected]:font-semibold"
            >
              {option.label}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error !== undefined && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

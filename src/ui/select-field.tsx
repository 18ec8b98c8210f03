import { useId } from 'react';

/** One option of a {@link SelectField}. */
export interface SelectOption {
  readonly value: number;
  readonly label: string;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  readonly label: string;
  readonly value: number | null;
  readonly options: readonly SelectOption[];
  readonly onValueChange: (value: number | null) => void;
  /** Shown (and chosen) while nothing is selected. */
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /** Validation message shown under the field (spec wording). */
  readonly error?: string | undefined;
}

/**
 * The shared dropdown (spec 000 §2 "Shared inputs") on a native select: keyboard behaviour
 * (type-ahead, arrows) comes from the browser.
 */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  placeholder = 'Select…',
  disabled = false,
  error,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(event) =>
          onValueChange(event.target.value === '' ? null : Number(event.target.value))
        }
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        className={`h-8 rounded border bg-white px-2 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-400 ${
          error === undefined ? 'border-slate-300' : 'border-red-500'
        }`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      {error !== undefined && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

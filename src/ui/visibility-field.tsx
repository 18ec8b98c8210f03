import { useId } from 'react';

/** Props of {@link VisibilityField}. */
export interface VisibilityFieldProps {
  /** null: nothing chosen yet (the create form's Clear empties it). */
  readonly value: boolean | null;
  readonly onValueChange: (visible: boolean) => void;
  /** Validation message shown under the radios (spec wording). */
  readonly error?: string | undefined;
}

const options = [
  { label: 'Visible', value: true },
  { label: 'Invisible', value: false },
] as const;

/** An activity's publiclyVisible as Visible / Invisible radios: the create form and the overview edit. */
export function VisibilityField({ value, onValueChange, error }: VisibilityFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-invalid={error !== undefined}
      aria-describedby={error === undefined ? undefined : errorId}
    >
      <legend className="mb-1 text-xs font-medium text-slate-700">Visibility</legend>
      <div className="flex h-8 items-center gap-4">
        {options.map((option) => (
          <label key={option.label} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={id}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

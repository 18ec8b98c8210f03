import { useId, type InputHTMLAttributes } from 'react';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id'
> {
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  /** Validation message shown under the field (spec wording). */
  readonly error?: string | undefined;
}

/** The shared text input (spec 000 §2 "Shared inputs"): label, input, message under it. */
export function TextField({ label, value, onValueChange, error, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        className={`h-8 rounded border px-2 text-sm text-slate-900 disabled:bg-slate-100 ${
          error === undefined ? 'border-slate-300' : 'border-red-500'
        }`}
        {...rest}
      />
      {error !== undefined && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { timeOptions } from '@/domain/article-search/filters';

/** Props of {@link DateTimeField}. */
export interface DateTimeFieldProps {
  readonly label: string;
  readonly name: string;
  readonly date: string;
  readonly time: string;
  readonly error: string | undefined;
  readonly onDateChange: (date: string) => void;
  readonly onTimeChange: (time: string) => void;
  readonly onBlur: () => void;
}

/** A filter date (YYYY/MM/DD) and its hourly time (00:00–23:00, labelled am/pm). */
export function DateTimeField(props: DateTimeFieldProps) {
  const { label, name, date, time, error } = props;
  const errorId = `${name}-error`;
  return (
    <div className="min-w-0">
      <label htmlFor={`${name}-date`} className="mb-0.5 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex gap-1">
        <input
          id={`${name}-date`}
          value={date}
          placeholder="YYYY/MM/DD"
          inputMode="numeric"
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(event) => props.onDateChange(event.target.value)}
          onBlur={props.onBlur}
          className={`h-8 w-28 rounded border bg-white px-2 text-sm tabular-nums placeholder:text-slate-400 ${
            error === undefined ? 'border-slate-300' : 'border-red-500'
          }`}
        />
        <select
          aria-label={`${label} time`}
          value={time}
          onChange={(event) => props.onTimeChange(event.target.value)}
          onBlur={props.onBlur}
          className="h-8 w-28 rounded border border-slate-300 bg-white px-1.5 text-sm"
        >
          <option value="">Any time</option>
          {timeOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error !== undefined && (
        <p id={errorId} className="mt-0.5 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { displayDay, isCalendarDay } from '@/domain/calendar-day';
import { CalendarButton } from '@/ui/calendar-picker';
import { gridCellAttribute } from './grid-keys';

/** The analyst's local day, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'YYYY/MM/DD' (or YYYY-MM-DD) typed → YYYY-MM-DD, or null. */
export function parseTypedDay(text: string): string | null {
  const match = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/** Why a typed day is refused, or null when it is within the bounds. */
export function dayProblem(
  text: string,
  earliest: string | null,
  latest: string | null,
  boundsProblem?: (day: string) => string | null,
): string | null {
  if (text.trim() === '') return null;
  const day = parseTypedDay(text);
  if (day === null) return 'Enter the date as YYYY/MM/DD.';
  if (boundsProblem) return boundsProblem(day);
  if (latest !== null && day > latest) {
    return `The date cannot be later than ${displayDay(latest)}.`;
  }
  if (earliest !== null && day < earliest) {
    return `The date cannot be earlier than ${displayDay(earliest)}.`;
  }
  return null;
}

export interface DayInputProps {
  readonly label: string;
  /** YYYY-MM-DD, or '' when none is chosen. */
  readonly value: string;
  readonly onChange: (day: string) => void;
  readonly earliest?: string | null;
  /** Future dates are disabled: defaults to today. */
  readonly latest?: string | null;
  readonly disabled?: boolean;
  readonly id?: string;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Part of the entries grid (Enter moves on). */
  readonly gridCell?: boolean;
  /** The message of a day out of bounds, in the caller's (spec) words; null when within. */
  readonly boundsProblem?: (day: string) => string | null;
}

/**
 * A date typed YYYY/MM/DD (spec 001 §9), keyboard first: 't' is today, ↑/↓ move a day, other
 * letters are not typed; or chosen on the shared calendar (spec 000 §2), opened by its button
 * or Alt+↓. Only a day within the bounds reaches the entry; what was typed stays in the box
 * with its message.
 */
export function DayInput({
  label,
  value,
  onChange,
  earliest = null,
  latest = localToday(),
  disabled = false,
  id,
  onKeyDown,
  gridCell = false,
  boundsProblem,
}: DayInputProps) {
  const [text, setText] = useState(value === '' ? '' : displayDay(value));
  const input = useRef<HTMLInputElement>(null);
  const [calendarRequest, setCalendarRequest] = useState(0);
  useEffect(() => {
    setText((current) =>
      parseTypedDay(current) === (value || null) ? current : displayDay(value),
    );
  }, [value]);
  const problem = dayProblem(text, earliest, latest, boundsProblem);

  function take(next: string) {
    setText(next);
    const day = parseTypedDay(next);
    const ok = dayProblem(next, earliest, latest, boundsProblem) === null;
    onChange(ok && day !== null ? day : '');
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      setCalendarRequest((n) => n + 1);
      return;
    }
    if (event.key === 't' || event.key === 'T') {
      event.preventDefault();
      take(displayDay(latest ?? localToday()));
      return;
    }
    // Only what a date is made of is typed: digits and its separators.
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable && !/[0-9/-]/.test(event.key)) {
      event.preventDefault();
      return;
    }
    const day = parseTypedDay(text) ?? latest;
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && day !== null) {
      event.preventDefault();
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + (event.key === 'ArrowUp' ? 1 : -1));
      take(displayDay(date.toISOString().slice(0, 10)));
      return;
    }
    onKeyDown?.(event);
  }

  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex items-center gap-1">
        <input
          ref={input}
          id={id}
          {...(gridCell ? { [gridCellAttribute]: '' } : {})}
          aria-label={label}
          placeholder="YYYY/MM/DD"
          value={text}
          disabled={disabled}
          onChange={(event) => take(event.target.value)}
          onKeyDown={keyDown}
          aria-invalid={problem !== null}
          className={`h-7 w-[5.75rem] rounded border px-1.5 font-mono text-xs disabled:bg-slate-100 ${
            problem === null ? 'border-slate-300' : 'border-red-500'
          }`}
        />
        <CalendarButton
          label={label}
          value={parseTypedDay(text) ?? ''}
          earliest={earliest}
          latest={latest}
          onPick={(day) => take(displayDay(day))}
          returnFocus={() => input.current?.focus()}
          disabled={disabled}
          openRequest={calendarRequest}
        />
      </span>
      {problem !== null && <span className="text-[11px] text-red-700">{problem}</span>}
    </span>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { displayDay } from '@/domain/calendar-day';
import { useOverlayRegistration } from '@/ui/overlay-store';
import { addMonths, dayAllowed, monthOf, monthWeeks, movedDay } from '@/ui/calendar-grid';

/** Props of {@link CalendarButton}. */
export interface CalendarButtonProps {
  /** The date field's label ('Reported on'): the button and the calendar are named after it. */
  readonly label: string;
  /** YYYY-MM-DD, or '' when none is chosen. */
  readonly value: string;
  /** The first and last days that may be chosen (null: unbounded on that side). */
  readonly earliest: string | null;
  readonly latest: string | null;
  readonly onPick: (day: string) => void;
  /** Where the focus goes back to when the calendar closes (the date's text box). */
  readonly returnFocus: () => void;
  readonly disabled?: boolean;
  /** The text box asks the calendar to open (Alt+ArrowDown); the count changes each time. */
  readonly openRequest?: number;
}

const weekdayNames = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The day the calendar opens on: the chosen one, else the latest allowed (today), clamped. */
function startDay(value: string, earliest: string | null, latest: string | null, today: string) {
  if (value !== '') return value;
  const end = latest ?? today;
  return earliest !== null && end < earliest ? earliest : end;
}

/**
 * The shared date picker of spec 000 §2 ("Shared inputs: … date picker"), beside a date typed
 * YYYY/MM/DD: a button opening a month grid that the keys drive like the WAI-ARIA date picker
 * (arrows a day or a week, Home/End, PageUp/PageDown a month, Shift a year; Enter or Space
 * chooses; Escape closes back to the text box). Days outside the bounds (the future, by
 * default) are shown disabled. The grid is placed fixed under the button, so a table's or a
 * dialog's scrolling box does not clip it, and stays inside a dialog's focus trap.
 */
export function CalendarButton({
  label,
  value,
  earliest,
  latest,
  onPick,
  returnFocus,
  disabled = false,
  openRequest = 0,
}: CalendarButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openRequest > 0 && !disabled) setOpen(true);
  }, [openRequest, disabled]);
  const close = (backToField: boolean) => {
    setOpen(false);
    if (backToField) returnFocus();
  };
  return (
    <span className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-label={`Choose ${label} from the calendar`}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-7 w-7 items-center justify-center rounded border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
      >
        <svg
          width={14}
          height={14}
          viewBox="0 0 16 16"
          aria-hidden
          fill="none"
          stroke="currentColor"
        >
          <rect x="2" y="3" width="12" height="11" rx="1" />
          <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
        </svg>
      </button>
      {open && (
        <CalendarPopup
          label={label}
          anchor={button.current}
          start={startDay(value, earliest, latest, new Date().toISOString().slice(0, 10))}
          chosen={value}
          earliest={earliest}
          latest={latest}
          onPick={(day) => {
            onPick(day);
            close(true);
          }}
          onClose={close}
        />
      )}
    </span>
  );
}

function CalendarPopup({
  label,
  anchor,
  start,
  chosen,
  earliest,
  latest,
  onPick,
  onClose,
}: {
  readonly label: string;
  readonly anchor: HTMLElement | null;
  readonly start: string;
  readonly chosen: string;
  readonly earliest: string | null;
  readonly latest: string | null;
  readonly onPick: (day: string) => void;
  readonly onClose: (backToField: boolean) => void;
}) {
  useOverlayRegistration(true);
  const id = useId();
  const [focused, setFocused] = useState(start);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const rect = anchor?.getBoundingClientRect();
    if (rect === undefined) return;
    const height = 290;
    const below = rect.bottom + 4 + height <= window.innerHeight;
    setPlace({
      top: below ? rect.bottom + 4 : Math.max(4, rect.top - 4 - height),
      left: Math.max(4, Math.min(rect.left, window.innerWidth - 264)),
    });
  }, [anchor]);

  useEffect(() => {
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, place]);

  const choose = (day: string) => {
    if (dayAllowed(day, earliest, latest)) onPick(day);
  };

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Tab') return;
    // Every other key is the calendar's: none reaches the screen's shortcuts behind it.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      if (!(event.target instanceof HTMLElement) || event.target.dataset['day'] === undefined) {
        return; // a month button's own activation
      }
      event.preventDefault();
      choose(focused);
      return;
    }
    const next = movedDay(focused, event.key, event.shiftKey);
    if (next !== null) {
      event.preventDefault();
      setFocused(next);
    }
  }

  const weeks = monthWeeks(focused);
  const month = monthOf(focused);
  return (
    <div
      role="dialog"
      aria-label={`Choose ${label}`}
      data-testid="calendar"
      ref={grid}
      onKeyDown={keyDown}
      onBlur={() => {
        // After the move: a month change replaces the focused day's button before the next
        // one takes the focus.
        setTimeout(() => {
          if (grid.current !== null && !grid.current.contains(document.activeElement)) {
            onClose(false);
          }
        }, 0);
      }}
      // Placed by the CSSOM (allowed under the CSP), fixed so no scrolling box clips it.
      style={place === null ? { visibility: 'hidden' } : { top: place.top, left: place.left }}
      className="fixed z-[70] w-64 rounded-md border border-slate-200 bg-white p-2 text-xs shadow-lg"
    >
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => setFocused(addMonths(focused, -1))}
          className="rounded px-2 py-0.5 text-slate-600 hover:bg-slate-100"
        >
          ‹
        </button>
        <span id={`${id}-month`} aria-live="polite" className="font-medium text-slate-800">
          {monthName(month)}
        </span>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => setFocused(addMonths(focused, 1))}
          className="rounded px-2 py-0.5 text-slate-600 hover:bg-slate-100"
        >
          ›
        </button>
      </div>
      <table role="grid" aria-labelledby={`${id}-month`} className="w-full border-collapse">
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name} scope="col" className="py-0.5 font-normal text-slate-500">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const allowed = dayAllowed(day, earliest, latest);
                const inMonth = monthOf(day) === month;
                return (
                  <td key={day} role="gridcell" aria-selected={day === chosen}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={displayDay(day)}
                      aria-disabled={!allowed}
                      onClick={() => choose(day)}
                      className={`h-7 w-full rounded text-center tabular-nums focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 ${
                        day === chosen
                          ? 'bg-accent-700 text-white'
                          : allowed
                            ? `${inMonth ? 'text-slate-900' : 'text-slate-400'} hover:bg-accent-50`
                            : 'cursor-not-allowed text-slate-300 line-through'
                      }`}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-[11px] text-slate-500">
        Arrows move · PgUp/PgDn month · Enter chooses · Esc closes
      </p>
    </div>
  );
}

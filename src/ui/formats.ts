import { format, isValid, parseISO } from 'date-fns';

/**
 * The app's one number format and one date-time format (spec 000 §9: 'YYYY/MM/DD' and
 * 'YYYY/MM/DD hh:mm a', local time), used by every screen so none drifts to the browser's
 * locale (the feed sources screen showed '11/25/26, 9:42 AM').
 */

/** 'YYYY/MM/DD' of a 'YYYY-MM-DD' date (no time zone shift); '' when absent. */
export const formatDay = (day: string | null) =>
  day === null ? '' : day.slice(0, 10).replaceAll('-', '/');

/** An ISO timestamp as 'YYYY/MM/DD hh:mm a' in the analyst's time zone; '' when absent. */
export function formatDateTime(iso: string | null): string {
  if (iso === null || iso === '') return '';
  let shown = formattedTimes.get(iso);
  if (shown === undefined) {
    const date = parseISO(iso);
    shown = isValid(date) ? format(date, 'yyyy/MM/dd hh:mm a') : '';
    // Rows of one commit share its timestamp: a table of them formats it once (issue 31).
    if (formattedTimes.size >= 1000) formattedTimes.clear();
    formattedTimes.set(iso, shown);
  }
  return shown;
}
const formattedTimes = new Map<string, string>();

const numbers = new Intl.NumberFormat('en');

/** A count with thousands separators (4,759); '' when there is none. */
export const formatCount = (n: number | null) => (n === null ? '' : numbers.format(n));

import { format } from 'date-fns';

/** YYYY-MM-DD as the index shows dates: YYYY/MM/DD (spec 001 §9). */
export const formatDay = (day: string | null) => (day === null ? '' : day.replaceAll('-', '/'));

/** An ISO timestamp in local time: YYYY/MM/DD hh:mm a ('Last Committed (local time)'). */
export const formatLocalTime = (iso: string | null) =>
  iso === null ? '' : format(new Date(iso), 'yyyy/MM/dd hh:mm a');

const numbers = new Intl.NumberFormat('en');
/** A case or death count with thousands separators; empty when there is none. */
export const formatCount = (n: number | null) => (n === null ? '' : numbers.format(n));

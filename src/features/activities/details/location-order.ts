import { EntryType, LocationType } from '@/domain/enums';
import type { ActivityDetailJson } from '@/domain/entries/entries-api';

/** Spec 001 §9: entries locations are listed 20 per page. */
export const locationPageSize = 20;

export type LocationOrder = 'geographical' | 'alphabetical';
export const locationOrderLabel: Readonly<Record<LocationOrder, string>> = {
  geographical: 'Geographical',
  alphabetical: 'Alphabetical',
};

/** The 'View' entry-type filter (spec 001 §9 "Entry-type filter"). */
export const entryViews = [
  'all',
  'caseData',
  'traveller',
  'description',
  'autoSurveillance',
  'processed',
  'inactivity',
  'newReportingPeriod',
  'endReportingPeriod',
] as const;
export type EntryView = (typeof entryViews)[number];

export const entryViewLabel: Readonly<Record<EntryView, string>> = {
  all: 'All',
  caseData: 'Case Data',
  traveller: 'Traveller',
  description: 'Situational Update',
  autoSurveillance: 'Auto Surveillance',
  processed: 'Daily Total',
  inactivity: 'Check-in',
  newReportingPeriod: 'New Reporting Period',
  endReportingPeriod: 'End Reporting Period',
};

/** The entry types a view shows; case data includes auto surveillance and processed. */
export const entryViewTypes: Readonly<Record<EntryView, ReadonlySet<EntryType> | null>> = {
  all: null,
  caseData: new Set([EntryType.CASE_DATA, EntryType.AUTO_SURVEILLANCE, EntryType.PROCESSED]),
  traveller: new Set([EntryType.TRAVELLER]),
  description: new Set([EntryType.DESCRIPTION]),
  autoSurveillance: new Set([EntryType.AUTO_SURVEILLANCE]),
  processed: new Set([EntryType.PROCESSED]),
  inactivity: new Set([EntryType.INACTIVITY]),
  newReportingPeriod: new Set([EntryType.NEW_REPORTING_PERIOD]),
  endReportingPeriod: new Set([EntryType.END_REPORTING_PERIOD]),
};

export type ActivityLocation = ActivityDetailJson['locations'][number];

/** 'City, Province' → 'Province, City': the geographical key (spec 001 §2). */
const geographicalKey = (location: ActivityLocation) =>
  location.displayName
    .split(',')
    .map((part) => part.trim().toLocaleLowerCase())
    .reverse()
    .join('\u0000');

const isCountry = (location: ActivityLocation) => location.type === LocationType.Country;

/**
 * The activity's locations in the order the analyst chose: country-type locations first, then
 * geographical hierarchy (reversed name parts, so places sit under their province) or
 * alphabetical (spec 001 §2 "Location order").
 */
export function orderLocations(
  locations: readonly ActivityLocation[],
  order: LocationOrder,
): ActivityLocation[] {
  const key =
    order === 'geographical'
      ? geographicalKey
      : (location: ActivityLocation) => location.displayName.toLocaleLowerCase();
  const keyed = locations.map((location) => ({ location, key: key(location) }));
  keyed.sort(
    (a, b) =>
      Number(isCountry(b.location)) - Number(isCountry(a.location)) ||
      a.key.localeCompare(b.key) ||
      a.location.id - b.location.id,
  );
  return keyed.map((k) => k.location);
}

/** Whether a location's name matches the Filter mode text (every word, start of a word). */
export function locationMatches(location: ActivityLocation, text: string): boolean {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const nameWords = location.displayName.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
}

/** One page of a list (1-based), and how many pages there are. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
): { readonly items: T[]; readonly page: number; readonly pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / locationPageSize));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * locationPageSize;
  return { items: items.slice(start, start + locationPageSize), page: current, pages };
}

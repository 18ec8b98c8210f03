import { useEffect, useRef, useState, type RefObject } from 'react';
import { getEngine } from '@/app/engine';
import { messages } from '@/domain/messages';
import {
  activityLocationSearchDebounceMs,
  isLocationSearchable,
  locationIdsToExclude,
} from '@/domain/location-search';
import type { LocationHit } from '@workers/location-search/location-search-contract';
import {
  addLocation,
  setLocationMode,
  setLocationText,
  setOrder,
  setView,
  useDetails,
} from './details-store';
import { focusLocationTable } from './location-table';
import { keptOnceAnEntryIsSaved } from './added-location-note';
import {
  entryViewLabel,
  entryViews,
  locationOrderLabel,
  type EntryView,
  type LocationOrder,
} from './location-order';

const control = 'h-8 rounded border border-slate-300 bg-white px-2 text-sm';

/** Leaves the location box for the tables: the selected location's, else the first. */
function focusTables(selectedLocationId: number | null): void {
  const tables = '[data-testid="location-table"]';
  const selected =
    selectedLocationId === null
      ? null
      : document.querySelector<HTMLElement>(`${tables}[data-location-id="${selectedLocationId}"]`);
  (selected ?? document.querySelector<HTMLElement>(tables))?.focus();
}

type SearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'searching' }
  | { readonly status: 'done'; readonly hits: readonly LocationHit[]; readonly error: boolean };

/**
 * Search/Add mode: the country's other locations from the location search service, from the
 * third character typed and 1000 ms after the last key (spec 000 §5, 001 §9); the locations
 * already in the activity (its own and those added on this screen) are excluded by the query.
 */
function useLocationSearch(text: string, enabled: boolean): SearchState {
  const { detail, addedLocations } = useDetails();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const countryId = detail?.activity.countryDetails.countryId;
  const known = [...(detail?.locations ?? []), ...addedLocations];
  useEffect(() => {
    if (!enabled || !isLocationSearchable(text) || countryId === undefined) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching' });
    let live = true;
    const timer = setTimeout(() => {
      void getEngine()
        .searchActivityLocations(countryId, text, locationIdsToExclude(known, text))
        .then((answer) => {
          if (live) setState({ status: 'done', hits: answer.locations, error: answer.error });
        });
    }, activityLocationSearchDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `known` changes identity on every render; the detail's version and the added count stand for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, enabled, countryId, detail?.version, addedLocations.length]);
  return state;
}

/** The location filter/add control above the tables (spec 001 §2). */
export function LocationPanel({
  inputRef,
}: {
  readonly inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { detail, locationMode, locationText, view, order, addedLocations, selectedLocationId } =
    useDetails();
  const searching = locationMode === 'search';
  const blocked = searching && detail?.readOnly === true;
  const search = useLocationSearch(locationText, searching && !blocked);
  // The place the 'not in this activity' notice is about: shown while it is still only added
  // (no committed entry yet), gone once its entries are committed or the mode changes.
  const [noticeFor, setNoticeFor] = useState<number | null>(null);
  const notice =
    noticeFor !== null && addedLocations.some((l) => l.id === noticeFor)
      ? messages.locationNotInActivity
      : null;
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const hits = search.status === 'done' ? search.hits : [];

  function choose(hit: LocationHit) {
    addLocation({
      id: hit.id,
      name: hit.name,
      type: hit.locationType,
      parentId: null,
      displayName: hit.displayName,
      population: null,
    });
    // The analyst is adding a place the activity has no entry for yet: say so (spec 001 §5).
    setNoticeFor(hit.id);
    // The next key is for the new place's table (a c adds its entry), not for the search box.
    focusLocationTable(hit.id);
  }

  return (
    <div
      className="mb-3 rounded border border-slate-200 bg-slate-50 p-2"
      data-testid="location-panel"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div
          role="radiogroup"
          aria-label="Location panel mode"
          className="flex overflow-hidden rounded border border-slate-300"
        >
          {(['search', 'filter'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={locationMode === mode}
              onClick={() => {
                setLocationMode(mode);
                setNoticeFor(null);
                inputRef.current?.focus();
              }}
              className={`px-2.5 py-1 text-xs font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 ${
                locationMode === mode ? 'bg-accent-700 text-white' : 'bg-white text-slate-700'
              }`}
            >
              {mode === 'search' ? 'Search/Add' : 'Filter'}
            </button>
          ))}
        </div>
        <input
          ref={inputRef}
          type="search"
          aria-label={searching ? 'Search locations to add' : 'Filter locations'}
          placeholder={searching ? 'Search a location in this country' : 'Filter locations'}
          value={locationText}
          disabled={blocked}
          // Back in the box (Shift+L, /): the notice about the last place added is stale.
          onFocus={() => setNoticeFor(null)}
          onChange={(event) => {
            setLocationText(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.altKey && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              event.stopPropagation();
              setNoticeFor(null);
              // Escape closes what is open (the results go with the text), then leaves the box
              // for the tables, where the screen's keys work again. A filter stays applied.
              if (searching && locationText !== '') setLocationText('');
              else focusTables(selectedLocationId);
              return;
            }
            if (!searching || hits.length === 0) return;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setActive(
                (a) => (a + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length,
              );
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const hit = hits[active];
              if (hit) choose(hit);
            }
          }}
          className={`${control} w-72`}
        />
        <label className="flex items-center gap-1 text-xs text-slate-700">
          View
          <select
            aria-label="View"
            value={view}
            onChange={(event) => setView(event.target.value as EntryView)}
            className={control}
          >
            {entryViews.map((v) => (
              <option key={v} value={v}>
                {entryViewLabel[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs text-slate-700">
          Order
          <select
            aria-label="Order"
            value={order}
            onChange={(event) => setOrder(event.target.value as LocationOrder)}
            className={control}
          >
            {(['geographical', 'alphabetical'] as const).map((o) => (
              <option key={o} value={o}>
                {locationOrderLabel[o]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {blocked && (
        <p role="alert" className="mt-1.5 text-xs text-amber-800">
          {messages.resolveAutoSurveillanceFirst}
        </p>
      )}
      {notice !== null && (
        <p role="status" className="mt-1.5 text-xs text-amber-800">
          {notice} {keptOnceAnEntryIsSaved}
        </p>
      )}
      {searching &&
        !blocked &&
        locationText.trim() !== '' &&
        !isLocationSearchable(locationText) && (
          <p className="mt-1.5 text-xs text-slate-500">Type at least 3 characters to search.</p>
        )}
      {searching && !blocked && search.status === 'searching' && (
        <p className="mt-1.5 text-xs text-slate-500">Searching…</p>
      )}
      {searching && search.status === 'done' && hits.length === 0 && (
        <p role="status" className="mt-1.5 text-xs text-slate-600">
          {messages.noResultsFound}
        </p>
      )}
      {searching && hits.length > 0 && (
        <ul
          ref={listRef}
          role="listbox"
          aria-label="Locations found"
          className="mt-1.5 max-h-64 overflow-y-auto rounded border border-slate-200 bg-white"
        >
          {hits.map((hit, index) => (
            <li
              key={hit.id}
              role="option"
              aria-selected={index === active}
              onClick={() => choose(hit)}
              className={`cursor-pointer px-2 py-1 text-sm ${index === active ? 'bg-accent-50 text-accent-800' : 'text-slate-800'}`}
            >
              {hit.displayName}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

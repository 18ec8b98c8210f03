import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { mapDayChoices, mapMeasureLabel, type MapCountry } from '@/domain/activity-map';
import type { Country } from '@/domain/disease-activities';
import { placeCountries, type CountryPlacement } from '@/domain/geo/country-shapes';
import type { CountryShape } from '@/domain/geo/points';
import { updateStatusLabel } from '@/domain/update-status';
import { ActivityChips } from '@/features/activities/index/activity-chips';
import {
  activityIndexStore,
  openActivity,
  startActivityIndex,
} from '@/features/activities/index/activity-index-store';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { ErrorState } from '@/ui/error-state';
import { formatCount } from '@/ui/formats';
import { Kbd } from '@/ui/kbd';
import { LoadingState } from '@/ui/loading-state';
import { useMapCommands } from './map-commands';
import { fillOf, legendOf } from './palette';
import {
  enterMapSelection,
  mapStore,
  runMap,
  selectMapCountry,
  setHoveredCountry,
  setMapDays,
  setMapMeasure,
  useMap,
} from './map-store';
import { WorldMap, type MapDot } from './world-map';
import { loadWorldShapes } from './world-shapes';

interface Geography {
  readonly shapes: readonly CountryShape[];
  /** Country location id → the index of its shape; countries without one are dots. */
  readonly placement: CountryPlacement;
}

function useGeography(): Geography | string | null {
  const [geo, setGeo] = useState<Geography | string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([loadWorldShapes(), getEngine().getCountries()]).then(
      ([shapes, countries]: [CountryShape[], readonly Country[]]) => {
        if (live) setGeo({ shapes, placement: placeCountries(countries, shapes) });
      },
      (error: unknown) => {
        if (live) setGeo(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return geo;
}

const figureText = (c: MapCountry, measure: 'activeActivities' | 'newCases', days: number) =>
  measure === 'newCases'
    ? `${formatCount(c.newCases)} new cases in ${days} days`
    : `${c.activeActivities} active of ${c.activityCount}`;

/** Keeps DOM focus on the selected item while the focus is in the list or nowhere in particular. */
function useFollowFocus(ref: React.RefObject<HTMLElement | null>, active: boolean, key: unknown) {
  useEffect(() => {
    const el = ref.current;
    if (!active || el === null) return;
    el.scrollIntoView({ block: 'nearest' });
    const focused = document.activeElement;
    const idle =
      focused === null ||
      focused === document.body ||
      focused.tagName === 'MAIN' ||
      focused.closest('[data-map-list]') !== null;
    if (idle) el.focus({ preventScroll: true });
  }, [ref, active, key]);
}

function CountryItem({
  country,
  rank,
  selected,
  measure,
  days,
}: {
  readonly country: MapCountry;
  readonly rank: number;
  readonly selected: boolean;
  readonly measure: 'activeActivities' | 'newCases';
  readonly days: number;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const { inActivities } = useMap();
  useFollowFocus(ref, selected && !inActivities, selected);
  return (
    <li
      ref={ref}
      role="option"
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-testid="map-country"
      onClick={() => {
        selectMapCountry(country.countryId);
        enterMapSelection();
      }}
      // An option owns Enter (the key dispatcher leaves it to the control): it opens.
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.repeat) return;
        event.preventDefault();
        selectMapCountry(country.countryId);
        enterMapSelection();
      }}
      onMouseEnter={() => setHoveredCountry(country.countryId)}
      onMouseLeave={() => setHoveredCountry(null)}
      className={`flex cursor-pointer items-baseline gap-2 border-b border-slate-100 px-2 py-1 text-sm ${
        selected ? 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600' : 'bg-white'
      }`}
    >
      <span className="w-6 shrink-0 text-right text-xs text-slate-500 tabular-nums">{rank}</span>
      <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
        {country.countryName}
      </span>
      <span className="shrink-0 text-xs text-slate-700 tabular-nums">
        {figureText(country, measure, days)}
      </span>
    </li>
  );
}

function CountryPanel({ country, days }: { readonly country: MapCountry; readonly days: number }) {
  const { inActivities, selectedActivity, result } = useMap();
  const own = result?.countries[mapStore.selected]?.countryId === country.countryId;
  return (
    <section aria-label={`${country.countryName}: its disease activities`} className="mt-3">
      <h2 className="text-sm font-semibold text-slate-900">
        {country.countryName}{' '}
        <span className="font-normal text-slate-600">
          · {country.activeActivities} active of {country.activityCount} activities ·{' '}
          {formatCount(country.newCases)} new cases in the last {days} days
        </span>
      </h2>
      <table className="mt-1 w-full border-collapse text-sm" aria-label="Activities in the country">
        <thead>
          <tr className="text-left text-xs text-slate-600">
            <th scope="col" className="px-2 py-1 font-semibold">
              Disease
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Species
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Update status
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Reported Cases Cumulative
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Reported Deaths Cumulative
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              New cases ({days} days)
            </th>
          </tr>
        </thead>
        <tbody data-map-list="">
          {country.activities.map((a, i) => (
            <ActivityItem
              key={a.diseaseActivityId}
              activity={a}
              selected={own && inActivities && i === selectedActivity}
            />
          ))}
        </tbody>
      </table>
      {country.activityCount > country.activities.length && (
        <p className="mt-1 text-xs text-slate-600">
          The first {country.activities.length} of {country.activityCount} activities, by the
          measure; the Disease Activity Index lists them all.
        </p>
      )}
    </section>
  );
}

function ActivityItem({
  activity,
  selected,
}: {
  readonly activity: MapCountry['activities'][number];
  readonly selected: boolean;
}) {
  const ref = useRef<HTMLTableRowElement>(null);
  useFollowFocus(ref, selected, selected);
  return (
    <tr
      ref={ref}
      tabIndex={selected ? 0 : -1}
      aria-selected={selected}
      data-testid="map-activity"
      onClick={() => openActivity(activity)}
      className={`cursor-pointer border-t border-slate-100 ${
        selected ? 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600' : ''
      }`}
    >
      <td className="px-2 py-1 font-medium text-slate-900">{activity.diseaseName}</td>
      <td className="px-2 py-1">{activity.speciesName}</td>
      <td className="px-2 py-1">{updateStatusLabel[activity.activityStatus]}</td>
      <td className="px-2 py-1 text-right tabular-nums">
        {formatCount(activity.totalReportedCases)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {formatCount(activity.totalNumberOfDeaths)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{formatCount(activity.newCases)}</td>
    </tr>
  );
}

/** The screen under its heading (exported for the map bench page, which renders it alone). */
export function MapBody() {
  useMapCommands();
  const index = useSnapshot(activityIndexStore);
  const map = useMap();
  const geo = useGeography();
  useEffect(() => {
    void runMap();
  }, [index.filters, index.appliedSearchText]);
  // After the map's own call: the worker answers in order, and the chips' counts can wait.
  useEffect(startActivityIndex, []);

  const countries = useMemo(() => map.result?.countries ?? [], [map.result]);
  const max = countries.reduce((m, c) => Math.max(m, c.value), 0);
  const selected = countries[map.selected];
  const shown =
    (map.hoveredCountryId === null
      ? undefined
      : countries.find((c) => c.countryId === map.hoveredCountryId)) ?? selected;

  const drawn = useMemo(() => {
    const fills = new Map<number, string>();
    const titles = new Map<number, string>();
    const countryOfShape = new Map<number, number>();
    const dots: MapDot[] = [];
    if (geo === null || typeof geo === 'string') return { fills, titles, countryOfShape, dots };
    for (const c of countries) {
      const title = `${c.countryName}: ${figureText(c, map.measure, map.days)}`;
      const i = geo.placement.shapeOfCountry.get(c.countryId);
      const point = geo.placement.pointOfCountry.get(c.countryId);
      if (i !== undefined) {
        fills.set(i, fillOf(c.value, max));
        titles.set(i, title);
        countryOfShape.set(i, c.countryId);
      } else if (point !== undefined) {
        dots.push({ countryId: c.countryId, point, fill: fillOf(c.value, max), title });
      }
    }
    return { fills, titles, countryOfShape, dots };
  }, [geo, countries, max, map.measure, map.days]);

  const { countryOfShape } = drawn;
  const onHover = useCallback(
    (i: number | null) => setHoveredCountry(i === null ? null : (countryOfShape.get(i) ?? null)),
    [countryOfShape],
  );
  const onPick = useCallback(
    (i: number) => {
      const id = countryOfShape.get(i);
      if (id !== undefined) selectMapCountry(id);
    },
    [countryOfShape],
  );

  const measureWords =
    map.measure === 'newCases'
      ? `new cases in the last ${map.days} days`
      : 'active disease activities';

  return (
    <>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Shade countries by" className="flex items-center gap-1">
          <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Shade by
          </span>
          {(['activeActivities', 'newCases'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={map.measure === m}
              onClick={() => setMapMeasure(m)}
              className={`h-7 rounded-full border px-2.5 text-xs font-medium ${
                map.measure === m
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700'
              }`}
            >
              {mapMeasureLabel[m]}
            </button>
          ))}
        </div>
        <div role="group" aria-label="New cases window" className="flex items-center gap-1">
          <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Last</span>
          {mapDayChoices.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={map.days === d}
              onClick={() => setMapDays(d)}
              className={`h-7 rounded-full border px-2 text-xs font-medium ${
                map.days === d
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700'
              }`}
            >
              {d} days
            </button>
          ))}
        </div>
        <p className="hidden items-center gap-1 text-xs text-slate-500 lg:flex">
          <Kbd>J</Kbd>
          <Kbd>K</Kbd> move · <Kbd>Enter</Kbd> open · <Kbd>Esc</Kbd> back · <Kbd>M</Kbd> measure ·{' '}
          <Kbd>W</Kbd> window
        </p>
      </div>
      <ActivityChips />
      {index.appliedSearchText !== '' && (
        <p className="mb-2 text-xs text-slate-600">
          Search from the activity index: <q>{index.appliedSearchText}</q>
        </p>
      )}
      {map.status === 'error' ? (
        <ErrorState title="The map could not be computed." message={map.error ?? ''}>
          <Button onClick={() => void runMap()}>Try again</Button>
        </ErrorState>
      ) : map.result === null ? (
        <LoadingState label="Loading the map" rows={8} />
      ) : countries.length === 0 ? (
        <EmptyState
          title="No matching results"
          description="Change the search text or the filters."
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)_20rem] gap-4">
          <div className="min-w-0">
            {geo === null ? (
              <LoadingState label="Loading the world map" rows={6} />
            ) : typeof geo === 'string' ? (
              <ErrorState title="The world map could not be loaded." message={geo} />
            ) : (
              <WorldMap
                shapes={geo.shapes}
                fills={drawn.fills}
                titles={drawn.titles}
                highlighted={
                  selected ? (geo.placement.shapeOfCountry.get(selected.countryId) ?? null) : null
                }
                dots={drawn.dots}
                highlightedDot={selected?.countryId ?? null}
                onHoverDot={setHoveredCountry}
                onPickDot={selectMapCountry}
                label={`World map: ${countries.length} countries shaded by ${measureWords}; the ranked list beside it gives every figure.`}
                onHover={onHover}
                onPick={onPick}
              />
            )}
            <ul
              aria-label="Legend"
              className="mt-1 flex flex-wrap items-center gap-3 text-xs text-slate-700"
            >
              <li className="font-semibold">
                {mapMeasureLabel[map.measure]}
                {map.measure === 'newCases' ? ` (${map.days} days)` : ''}:
              </li>
              {legendOf(max).map((entry) => (
                <li key={entry.label} className="flex items-center gap-1">
                  <svg width="14" height="14" aria-hidden="true">
                    <rect
                      width="14"
                      height="14"
                      fill={entry.colour}
                      stroke="#94a3b8"
                      strokeWidth="0.5"
                    />
                  </svg>
                  {entry.label}
                </li>
              ))}
              <li className="text-slate-500">
                {map.result.matched} of {map.result.loaded} activities · new cases {map.result.from}{' '}
                to {map.result.to}
              </li>
            </ul>
            {shown && <CountryPanel country={shown} days={map.days} />}
          </div>
          <div className="min-w-0">
            <h2 className="mb-1 text-sm font-semibold text-slate-900">
              Countries by {measureWords}
            </h2>
            <ol
              role="listbox"
              aria-label={`Countries ranked by ${measureWords}`}
              data-map-list=""
              className="max-h-[70vh] overflow-y-auto rounded-md border border-slate-200"
            >
              {countries.map((c, i) => (
                <CountryItem
                  key={c.countryId}
                  country={c}
                  rank={i + 1}
                  selected={i === map.selected}
                  measure={map.measure}
                  days={map.days}
                />
              ))}
            </ol>
          </div>
        </div>
      )}
    </>
  );
}

/** /map — disease activity by country on a world map, with the ranked list (issue 19). */
export default function MapScreen() {
  return (
    <div className="flex flex-col">
      <h1 className="mb-2 text-base font-semibold text-slate-900">Disease activity map</h1>
      <LookupsBoundary>{() => <MapBody />}</LookupsBoundary>
    </div>
  );
}

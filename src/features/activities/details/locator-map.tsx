import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { getEngine } from '@/app/engine';
import { detailCumulatives } from '@/domain/entries/epi-curve-totals';
import { LocationType } from '@/domain/enums';
import { isGeoPoint, shapeAt, type CountryShape, type GeoPoint } from '@/domain/geo/points';
import {
  bubbleRadius,
  placeFigures,
  locatorFigureLabel,
  type LocatorFigure,
} from '@/domain/geo/locator';
import { loadWorldShapes } from '../map/world-shapes';
import { formatCount } from '@/ui/formats';
import { useDetails } from './details-store';

const width = 300;
const height = 150;

/** The places' points from the locations index, one call per set of places. */
function usePoints(ids: readonly number[]): ReadonlyMap<number, GeoPoint> {
  const key = ids.join(',');
  const [points, setPoints] = useState<ReadonlyMap<number, GeoPoint>>(new Map());
  useEffect(() => {
    let live = true;
    const wanted = key === '' ? [] : key.split(',').map(Number);
    void getEngine()
      .getLocations(wanted)
      .then((answer) => {
        const found = new Map<number, GeoPoint>();
        for (const l of answer.locations) {
          const p = { latitude: l.latitude, longitude: l.longitude };
          if (isGeoPoint(p)) found.set(l.id, p);
        }
        if (live) setPoints(found);
      });
    return () => {
      live = false;
    };
  }, [key]);
  return points;
}

function useShapes(): readonly CountryShape[] | null {
  const [shapes, setShapes] = useState<readonly CountryShape[] | null>(null);
  useEffect(() => {
    let live = true;
    loadWorldShapes().then(
      (s) => live && setShapes(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return shapes;
}

/** The largest polygon of a shape (the US without Alaska and Hawaii frames the map). */
function mainland(shape: CountryShape): Feature<Geometry> {
  if (shape.geometry.type === 'Polygon') return shape;
  const frame = geoEqualEarth();
  const path = geoPath(frame);
  let best = shape.geometry.coordinates[0] ?? [];
  let bestArea = -1;
  for (const coordinates of shape.geometry.coordinates) {
    const area = path.area({ type: 'Polygon', coordinates });
    if (area > bestArea) {
      best = coordinates;
      bestArea = area;
    }
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: best } };
}

/**
 * The details screen's locator map (issue 19): the activity's country, a bubble per place at
 * its point, its area the place's cumulative by the one rule (reported cases or deaths,
 * the analyst's choice), the place selected with j/k ringed. Loaded lazily with d3-geo and the
 * world shapes; the figures are in the entries tables, and the map names the selection.
 */
/** The map's room, kept while the entries it sizes its bubbles by are on their way. */
function MapPlaceholder() {
  return (
    <div className="w-[300px] shrink-0" aria-hidden="true" data-testid="locator-map-placeholder">
      <div className="h-[150px] rounded border border-slate-200 bg-[#f8fbff]" />
      <div className="mt-1 h-[22px]" />
    </div>
  );
}

export default function LocatorMap() {
  const { detail: shown, partial, selectedLocationId } = useDetails();
  // Its figures read every place's entries: drawn once they are all in (issue 31).
  const detail = partial ? null : shown;
  const [figure, setFigure] = useState<LocatorFigure>('reportedCases');
  const places = useMemo(() => detail?.locations ?? [], [detail]);
  const points = usePoints(useMemo(() => places.map((p) => p.id), [places]));
  const shapes = useShapes();
  // Every place's figure by the one cumulative rule, as the index and the curve count it.
  const latest = useMemo(() => (detail === null ? null : detailCumulatives(detail)), [detail]);
  const figures = useMemo(
    () =>
      placeFigures(
        latest,
        places.map((p) => p.id),
        figure,
      ),
    [latest, places, figure],
  );
  const countryId = detail?.activity.countryDetails.countryId ?? null;
  const drawing = useMemo(() => {
    if (shapes === null || countryId === null) return null;
    const countryPoint = points.get(countryId);
    const shape = countryPoint === undefined ? null : shapeAt(shapes, countryPoint);
    const placed = places.filter((p) => p.type !== LocationType.Country && points.has(p.id));
    const frame: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        ...(shape === null ? [] : [mainland(shape)]),
        ...placed.map((p): Feature<Geometry> => ({
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Point',
            coordinates: [points.get(p.id)?.longitude ?? 0, points.get(p.id)?.latitude ?? 0],
          },
        })),
      ],
    };
    if (frame.features.length === 0) return null;
    const projection = geoEqualEarth().fitExtent(
      [
        [16, 16],
        [width - 16, height - 16],
      ],
      frame,
    );
    const path = geoPath(projection);
    return {
      outline: shape === null ? null : (path(shape) ?? ''),
      neighbours: shapes.filter((s) => s !== shape).map((s) => path(s) ?? ''),
      bubbles: placed.map((p) => {
        const point = points.get(p.id);
        const xy = point === undefined ? null : projection([point.longitude, point.latitude]);
        return { place: p, x: xy?.[0] ?? 0, y: xy?.[1] ?? 0 };
      }),
    };
  }, [shapes, points, places, countryId]);

  if (partial) return <MapPlaceholder />;
  if (detail === null) return null;
  const largest = Math.max(0, ...[...figures.values()]);
  const selected = places.find((p) => p.id === selectedLocationId);
  const selectedFigure = selected === undefined ? undefined : figures.get(selected.id);
  const label =
    `Locator map of ${detail.activity.countryDetails.countryName}: ` +
    `${drawing?.bubbles.length ?? 0} places sized by latest cumulative ${locatorFigureLabel[figure].toLowerCase()}` +
    (selected === undefined
      ? ''
      : `; selected ${selected.displayName}, ${selectedFigure === undefined ? 'no figure' : formatCount(selectedFigure)}`);
  return (
    <figure className="w-[300px] shrink-0" data-testid="locator-map">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={label}
        className="rounded border border-slate-200 bg-[#f8fbff]"
      >
        {drawing?.neighbours.map((d, i) => (
          <path key={i} d={d} fill="#eef1f4" stroke="#ffffff" strokeWidth={0.6} />
        ))}
        {drawing?.outline && (
          <path
            d={drawing.outline}
            fill="#dbe2ea"
            stroke={selected?.type === LocationType.Country ? '#000000' : '#94a3b8'}
            strokeWidth={selected?.type === LocationType.Country ? 2 : 0.8}
          />
        )}
        {drawing?.bubbles.map(({ place, x, y }) => {
          const value = figures.get(place.id) ?? 0;
          const isSelected = place.id === selectedLocationId;
          return (
            <circle
              key={place.id}
              cx={x}
              cy={y}
              r={bubbleRadius(value, largest)}
              fill="#2a788e"
              fillOpacity={0.55}
              stroke={isSelected ? '#000000' : '#ffffff'}
              strokeWidth={isSelected ? 2.5 : 0.8}
              data-selected={isSelected ? 'true' : undefined}
            >
              <title>{`${place.displayName}: ${formatCount(value)}`}</title>
            </circle>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap items-center gap-1 text-[11px] text-slate-600">
        <span className="mr-1 min-w-0 flex-1 truncate" data-testid="locator-selected">
          {selected === undefined
            ? ''
            : `${selected.displayName}: ${selectedFigure === undefined ? '–' : formatCount(selectedFigure)}`}
        </span>
        <span>Latest cumulative:</span>
        {(['reportedCases', 'deaths'] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={figure === f}
            onClick={() => setFigure(f)}
            className={`rounded-full border px-1.5 ${
              figure === f
                ? 'border-accent-700 bg-accent-700 text-white'
                : 'border-slate-300 bg-white text-slate-700'
            }`}
          >
            {locatorFigureLabel[f]}
          </button>
        ))}
      </figcaption>
    </figure>
  );
}

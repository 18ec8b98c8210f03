import { geoEqualEarth, geoPath } from 'd3-geo';
import { memo, useMemo } from 'react';
import type { CountryShape, GeoPoint } from '@/domain/geo/points';
import { noActivityColour } from './palette';

const width = 960;
const height = 470;

/** A country with activity and no shape at the map's scale (Malta, Singapore…): a dot. */
export interface MapDot {
  readonly countryId: number;
  readonly point: GeoPoint;
  readonly fill: string;
  readonly title: string;
}

interface Props {
  readonly shapes: readonly CountryShape[];
  readonly dots: readonly MapDot[];
  /** The highlighted dot's country, when the highlighted country is a dot. */
  readonly highlightedDot: number | null;
  readonly onHoverDot: (countryId: number | null) => void;
  readonly onPickDot: (countryId: number) => void;
  /** Fill per shape index; absent: no activity there. */
  readonly fills: ReadonlyMap<number, string>;
  /** Title (name and figure) per shape index, read by pointer users and screen readers. */
  readonly titles: ReadonlyMap<number, string>;
  readonly highlighted: number | null;
  readonly label: string;
  readonly onHover: (shapeIndex: number | null) => void;
  readonly onPick: (shapeIndex: number) => void;
}

/** The shapes' outlines, projected once (Equal Earth: an equal-area projection). */
function useOutlines(shapes: readonly CountryShape[]) {
  return useMemo(() => {
    const projection = geoEqualEarth().fitSize([width, height], { type: 'Sphere' });
    const path = geoPath(projection);
    return {
      projection,
      sphere: path({ type: 'Sphere' }) ?? '',
      shapes: shapes.map((s) => path(s) ?? ''),
    };
  }, [shapes]);
}

/**
 * The world map (issue 19): countries in SVG, filled by their figure's class; the highlighted
 * country outlined black and white (visible on every fill). The ranked list beside it is the
 * text equivalent; the map itself is one image to assistive technology.
 */
export const WorldMap = memo(function WorldMap({
  shapes,
  dots,
  highlightedDot,
  onHoverDot,
  onPickDot,
  fills,
  titles,
  highlighted,
  label,
  onHover,
  onPick,
}: Props) {
  const outlines = useOutlines(shapes);
  const selectedPath = highlighted === null ? null : outlines.shapes[highlighted];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="h-auto w-full"
      data-testid="world-map"
      onMouseLeave={() => onHover(null)}
    >
      <path d={outlines.sphere} fill="#f8fbff" stroke="#cbd5e1" strokeWidth={0.8} />
      {outlines.shapes.map((d, i) => (
        <path
          key={i}
          d={d}
          fill={fills.get(i) ?? noActivityColour}
          stroke="#ffffff"
          strokeWidth={0.5}
          onMouseEnter={() => onHover(i)}
          onClick={() => onPick(i)}
          className={fills.has(i) ? 'cursor-pointer' : undefined}
        >
          <title>{titles.get(i) ?? shapes[i]?.properties.name ?? ''}</title>
        </path>
      ))}
      {dots.map((dot) => {
        const at = outlines.projection([dot.point.longitude, dot.point.latitude]);
        if (at === null) return null;
        const picked = dot.countryId === highlightedDot;
        return (
          <circle
            key={dot.countryId}
            cx={at[0]}
            cy={at[1]}
            r={picked ? 5 : 3.5}
            fill={dot.fill}
            stroke={picked ? '#000000' : '#ffffff'}
            strokeWidth={picked ? 2 : 1}
            onMouseEnter={() => onHoverDot(dot.countryId)}
            onMouseLeave={() => onHoverDot(null)}
            onClick={() => onPickDot(dot.countryId)}
            className="cursor-pointer"
            data-testid="map-dot"
          >
            <title>{dot.title}</title>
          </circle>
        );
      })}
      {selectedPath && (
        <g pointerEvents="none" data-testid="map-highlight">
          <path d={selectedPath} fill="none" stroke="#000000" strokeWidth={3.2} />
          <path d={selectedPath} fill="none" stroke="#ffffff" strokeWidth={1.2} />
        </g>
      )}
    </svg>
  );
});

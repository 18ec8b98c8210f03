import { growthOf, sparklineLabel } from '@/domain/activity-trends';

const width = 60;
const height = 22;

/** The growth as a short signed percentage ('new' from none, '–' for no trend). */
function growthText(series: readonly number[]): string {
  const { ratio } = growthOf(series);
  if (ratio === null) return '–';
  if (ratio === Number.POSITIVE_INFINITY) return 'new';
  const pct = Math.round(ratio * 100);
  return `${pct > 0 ? '+' : ''}${pct} %`;
}

/**
 * New cases per day over the last 30 days as a line (issue 19), its figures as the accessible
 * name (sparklineLabel); beside it the last 7 days' growth against the 7 before, the growth
 * sort's figure. One colour of the map's viridis steps; the shape carries the meaning.
 */
export function Sparkline({
  series,
  from,
  to,
}: {
  readonly series: readonly number[];
  readonly from: string;
  readonly to: string;
}) {
  const max = series.reduce((m, v) => Math.max(m, v), 0);
  const step = series.length > 1 ? width / (series.length - 1) : width;
  const y = (v: number) => (max === 0 ? height - 1 : height - 1 - (v / max) * (height - 3));
  const points = series.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const label = sparklineLabel(series, from, to);
  return (
    <span className="flex items-center gap-1.5" data-testid="sparkline">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        className="shrink-0 overflow-visible"
      >
        <title>{label}</title>
        <polygon
          points={`0,${height - 1} ${points} ${width},${height - 1}`}
          fill="#2a788e"
          fillOpacity={0.15}
        />
        <polyline
          points={points}
          fill="none"
          stroke="#2a788e"
          strokeWidth={1.4}
          strokeLinejoin="round"
        />
      </svg>
      <span
        className="w-10 text-right text-[11px] whitespace-nowrap text-slate-600 tabular-nums"
        aria-hidden="true"
      >
        {growthText(series)}
      </span>
    </span>
  );
}

import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { displayDay } from '@/domain/calendar-day';
import { caseFigureLabel, caseFigures, type CaseFigure } from '@/domain/entries/case-figures';
import type { NestingPlace, PeriodSpan } from '@/domain/entries/nesting';
import { EmptyState } from '@/ui/empty-state';
import { curveSeries, type CurveTotal } from '@/domain/entries/epi-curve';

// uPlot is fetched the first time a curve is shown, not with the details screen.
const EpiCurveChart = lazy(() => import('./epi-curve-chart'));

/** Props of {@link EpiCurve}. */
export interface EpiCurveProps {
  /** 'Cholera in Canada' or a location's name: what the curve is of. */
  readonly title: string;
  /** The place drawn: the activity's country (the whole activity) or one location. */
  readonly rootId: number;
  /** The activity's locations with their parents (nested places roll up into it). */
  readonly places: readonly NestingPlace[];
  /** Committed Daily Totals and the entries being typed (see `curveTotalsOf`). */
  readonly totals: readonly CurveTotal[];
  /** The activity's reporting periods: cumulatives restart with each. */
  readonly periods: readonly PeriodSpan[];
  readonly height?: number;
}

/**
 * The epidemic curve of an activity or a location (issue 7, beyond the spec): new cases as bars
 * and the cumulative as a line, over the days anything was reported, for the figure chosen.
 * Recomputed from props, so it follows the case cells as they are typed.
 */
export function EpiCurve({ title, rootId, places, totals, periods, height }: EpiCurveProps) {
  const [figure, setFigure] = useState<CaseFigure>('reportedCases');
  const selectId = useId();
  const series = useMemo(
    () => curveSeries(rootId, places, totals, periods),
    [rootId, places, totals, periods],
  );
  const cumulative = series.cumulative[figure];
  const lastIndex = cumulative.length - 1;
  const latest = cumulative[lastIndex] ?? null;
  const label =
    latest === null
      ? `Epidemic curve of ${title}: no ${caseFigureLabel[figure].toLowerCase()} reported`
      : `Epidemic curve of ${title}: ${caseFigureLabel[figure]} cumulative ${latest} on ${displayDay(series.days[lastIndex] ?? '')}, ${series.days.length} day(s) reported`;

  return (
    <figure className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex items-center gap-3">
        <figcaption className="text-sm font-semibold text-slate-900">
          Epidemic curve · {title}
        </figcaption>
        <label htmlFor={selectId} className="ml-auto text-xs text-slate-600">
          Figure
        </label>
        <select
          id={selectId}
          value={figure}
          onChange={(event) => {
            const chosen = caseFigures.find((f) => f === event.target.value);
            if (chosen) setFigure(chosen);
          }}
          className="h-7 rounded border border-slate-300 bg-white px-1 text-xs"
        >
          {caseFigures.map((f) => (
            <option key={f} value={f}>
              {caseFigureLabel[f]}
            </option>
          ))}
        </select>
      </div>
      {series.days.length === 0 ? (
        <EmptyState
          title="No case data yet"
          description="The curve appears once case data is entered for this place."
        />
      ) : (
        <Suspense
          fallback={
            <div
              role="status"
              aria-label="Loading the epidemic curve"
              style={{ height: (height ?? 220) + 34 }}
              className="animate-pulse rounded bg-slate-100"
            />
          }
        >
          <EpiCurveChart series={series} figure={figure} label={label} height={height ?? 220} />
        </Suspense>
      )}
      {series.pendingDays.size > 0 && (
        <p className="text-xs text-slate-600">
          Blue bars include entries not committed yet ({series.pendingDays.size} day(s)).
        </p>
      )}
    </figure>
  );
}

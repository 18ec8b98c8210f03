import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayNumber, dayOf } from '@/domain/calendar-day';
import type { CaseFigure } from '@/domain/entries/case-figures';
import { curveDayRange, curveTickSteps } from '@/domain/entries/curve-axis';
import type { CurveSeries } from '@/domain/entries/epi-curve';

/** Props of {@link EpiCurveChart}. */
export interface EpiCurveChartProps {
  readonly series: CurveSeries;
  readonly figure: CaseFigure;
  readonly label: string;
  readonly height?: number;
}

const secondsPerDay = 86_400;
// Tailwind's teal-600 and slate-700: the accent for new cases, ink for the cumulative line.
const newCasesColour = '#0d9488';
const cumulativeColour = '#334155';
const pendingColour = '#2563eb';

/**
 * The epidemic curve drawn with uPlot (canvas, ~20 kB gzipped; loaded only when a curve is
 * shown): new cases as bars on the left axis, the cumulative as a line on the right axis.
 * Days with an entry not committed yet get a blue bar. New props redraw with setData, so
 * typing into a case cell does not rebuild the chart.
 */
export default function EpiCurveChart({ series, figure, label, height = 220 }: EpiCurveChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const newCases = series.newCases[figure];
  // Days holding an entry not committed yet are a series of their own (blue bars).
  const isPending = (index: number) => series.pendingDays.has(series.days[index] ?? '');
  const data: AlignedData = [
    series.days.map((day) => dayNumber(day) * secondsPerDay),
    newCases.map((v, i) => (isPending(i) ? null : v)),
    newCases.map((v, i) => (isPending(i) ? v : null)),
    [...series.cumulative[figure]],
  ];

  // The x range comes from the days themselves (curve-axis.ts), read through a ref so the chart
  // built once follows setData.
  const range = useRef<readonly [number, number] | null>(null);
  range.current = curveDayRange(series.days.map(dayNumber));

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const options: Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: {
          time: true,
          range: (_u, min, max) => {
            const days = range.current;
            return days === null ? [min, max] : [days[0] * secondsPerDay, days[1] * secondsPerDay];
          },
        },
        cumulative: {},
      },
      // Days are UTC midnights: ticks and labels in UTC, so no day shifts with the zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      axes: [
        { incrs: [...curveTickSteps] },
        { label: 'New', size: 50 },
        { scale: 'cumulative', side: 1, label: 'Cumulative', size: 60, grid: { show: false } },
      ],
      series: [
        { label: 'Day', value: (_u, v) => (v == null ? '' : dayText(v)) },
        bars('New', newCasesColour),
        bars('New (not committed)', pendingColour),
        { label: 'Cumulative', scale: 'cumulative', stroke: cumulativeColour, width: 2 },
      ],
    };
    const chart = new uPlot(options, data, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Built once per figure and height; data changes go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [figure, height]);

  useEffect(() => {
    plot.current?.setData(data);
  });

  return (
    <div
      ref={holder}
      role="img"
      aria-label={label}
      // The time axis's first and last day, for tests and for the curious (the axis is canvas).
      data-x-range={range.current && `${dayOf(range.current[0])}..${dayOf(range.current[1])}`}
      className="w-full"
    />
  );
}

function bars(label: string, colour: string): uPlot.Series {
  const paths = uPlot.paths.bars?.({ size: [0.6, 24], align: 0 });
  return {
    label,
    stroke: colour,
    fill: `${colour}cc`,
    ...(paths ? { paths } : {}),
    points: { show: false },
  };
}

function dayText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10).replaceAll('-', '/');
}

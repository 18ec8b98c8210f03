/**
 * The entries rules at activity scale (issue 6: 1,000 locations × 365 days, target under 50 ms
 * in the worker): `validateSubmission` — the arithmetic over the whole committed timeline, every
 * §5 rule of one new case entry per location, and the Daily Totals — on Node with the same
 * code the worker runs. Reports the median and p95 of repeated runs, in milliseconds.
 */
import { addDays } from '@domain/calendar-day';
import type { DailyTotalSource } from '@domain/entries/daily-totals';
import type { CaseCount } from '@domain/entries/case-figures';
import { mapFigures } from '@domain/entries/case-figures';
import type { SubmissionContext, SubmittedEntry } from '@domain/entries/submission';
import { validateSubmission } from '@domain/entries/submission';
import { indexCommitted } from '@domain/entries/timeline-index';
import { EntryType, ReportStatus } from '@domain/enums';

export interface EntriesBenchResult {
  readonly locations: number;
  readonly days: number;
  readonly timelineEntries: number;
  /** validateSubmission walking the history each time (no index). */
  readonly medianMs: number;
  readonly p95Ms: number;
  /** indexCommitted once per load (what the worker does when the history arrives). */
  readonly indexBuildMs: number;
  /** validateSubmission with the index: the per-check cost. */
  readonly indexedMedianMs: number;
  readonly indexedP95Ms: number;
}

const blank: CaseCount = { cumulative: null, newCases: null, userEntered: null, computed: false };

/** An activity's committed history: per location and day one case entry and its Daily Total. */
export function history(locations: number, days: number, start: string): DailyTotalSource[] {
  const out: DailyTotalSource[] = [
    {
      locationId: 1,
      type: EntryType.NEW_REPORTING_PERIOD,
      reportedOn: start,
      reportStatus: ReportStatus.Committed,
      counts: null,
    },
  ];
  for (let loc = 1; loc <= locations; loc++) {
    let reported = 0;
    let deaths = 0;
    for (let d = 0; d < days; d++) {
      const day = addDays(start, d);
      const n = (loc * 7 + d * 13) % 11;
      const k = n % 3 === 0 ? 1 : 0;
      reported += n;
      deaths += k;
      const counts = mapFigures((f) =>
        f === 'reportedCases'
          ? { cumulative: reported, newCases: n, userEntered: 'newCases', computed: false }
          : f === 'deaths'
            ? { cumulative: deaths, newCases: k, userEntered: 'newCases', computed: false }
            : blank,
      );
      out.push({
        locationId: loc,
        type: EntryType.CASE_DATA,
        reportedOn: day,
        reportStatus: ReportStatus.Committed,
        counts,
      });
      out.push({
        locationId: loc,
        type: EntryType.PROCESSED,
        reportedOn: day,
        reportStatus: ReportStatus.Committed,
        counts,
      });
    }
  }
  return out;
}

/** Runs the bench; `runs` timed runs after two warm-ups. */
export function benchEntries(locations = 1000, days = 365, runs = 15): EntriesBenchResult {
  const start = '2024-01-01';
  const committed = history(locations, days, start);
  const today = addDays(start, days + 1);
  const context: SubmissionContext = {
    committed,
    locations: new Map(
      Array.from({ length: locations }, (_, i) => [
        i + 1,
        { name: `Place ${i + 1}`, isCountry: i === 0, inActivity: true },
      ]),
    ),
    allowedDaysGap: 14,
    latestPeriod: { startDate: start, endDate: null },
    priorPeriods: [],
    lastEntryDate: addDays(start, days - 1),
    autoSurveillancePending: false,
    today,
  };
  const submitted: SubmittedEntry[] = Array.from({ length: locations }, (_, i) => {
    const counts = mapFigures((f) =>
      f === 'reportedCases' ? { ...blank, newCases: 5, userEntered: 'newCases' } : blank,
    );
    return {
      key: `cases.${i}`,
      locationId: i + 1,
      type: EntryType.CASE_DATA,
      reportedOn: today,
      reportStatus: null,
      counts,
      fields: { kind: 'case', counts, sourceId: null },
    };
  });
  const request = { propagate: false, propagateUptoDate: null };
  let sink = 0;
  const time = (ctx: SubmissionContext) => {
    for (let i = 0; i < 2; i++)
      sink += validateSubmission(submitted, ctx, request).dailyTotals.length;
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      sink += validateSubmission(submitted, ctx, request).dailyTotals.length;
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return (q: number) =>
      samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  };
  const plain = time(context);
  const t0 = performance.now();
  const committedIndex = indexCommitted(committed);
  const indexBuildMs = performance.now() - t0;
  const indexed = time({ ...context, committedIndex });
  if (sink < 0) throw new Error('unreachable');
  return {
    locations,
    days,
    timelineEntries: committed.length + submitted.length,
    medianMs: plain(0.5),
    p95Ms: plain(0.95),
    indexBuildMs,
    indexedMedianMs: indexed(0.5),
    indexedP95Ms: indexed(0.95),
  };
}

if (process.argv[1]?.endsWith('entries.ts')) {
  const r = benchEntries();
  const { benchEntriesHttp } = await import('./entries-http');
  const http = await benchEntriesHttp();
  console.log(
    `entries API over HTTP (${http.backend}, ${http.locations} places × ${http.days} days, loaded in ${http.loadSeconds.toFixed(0)} s): validate p50 ${http.validate.p50.toFixed(0)} ms p95 ${http.validate.p95.toFixed(0)} ms; commit p50 ${http.commit.p50.toFixed(0)} ms p95 ${http.commit.p95.toFixed(0)} ms`,
  );
  console.log(
    `validateSubmission, ${r.locations} locations × ${r.days} days (${r.timelineEntries} entries): median ${r.medianMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms; index built once in ${r.indexBuildMs.toFixed(0)} ms, then median ${r.indexedMedianMs.toFixed(1)} ms, p95 ${r.indexedP95Ms.toFixed(1)} ms`,
  );
}

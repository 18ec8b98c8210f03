/**
 * The bench page of tests/bench/map-browser.ts: the map screen's body (src/features/activities/map), with
 * the app's real engine worker through the app's Comlink bridge. The list and the new-cases
 * series are loaded first (the data has arrived); each run then mounts the screen afresh and
 * times it to the frame after its countries are drawn and listed: the worker's aggregation,
 * the structured clone, React's render, layout and paint.
 */
import '@/index.css';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { startEngine } from '@/app/engine';
import { MapBody } from '@/features/activities/map/map-screen';
import { mapStore } from '@/features/activities/map/map-store';
import { ref } from 'valtio';
import {
  activityIndexStore,
  goToActivityPage,
} from '@/features/activities/index/activity-index-store';
import { ActivityTable } from '@/features/activities/index/activity-table';

export interface MapBenchInput {
  readonly apiUrl: string;
  readonly runs: number;
}

export interface MapBenchOutput {
  readonly activities: number;
  readonly countries: number;
  readonly shaded: number;
  /** Mount to the painted frame with the map and the ranked list, each run. */
  readonly firstPaintMs: readonly number[];
  /** Of which the engine's activityMap call alone (aggregation and clone), each run. */
  readonly engineMs: readonly number[];
  /**
   * The index page with its sparklines, page and series in hand: render to the painted frame
   * of the rows in view (the table mounts those first, the rest a frame later).
   */
  readonly indexPaintMs: readonly number[];
  /** Render to the painted frame with all 50 rows mounted, each run. */
  readonly indexAllMs: readonly number[];
  /** How many rows the first frame held, and a row's height in px. */
  readonly indexFirstRows: number;
  readonly indexRowHeight: number;
  /** Of which React's render and commit alone (flushSync), each run. */
  readonly indexRenderMs: readonly number[];
  /** Of which mount to the next animation frame (render, then waiting for the frame). */
  readonly indexFrameMs: readonly number[];
  /** A page turn: the worker's search, the page's one series call, render, paint. */
  readonly pageTurnMs: readonly number[];
}

const frame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i += 1) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }
  if (!done()) throw new Error('the map was not drawn');
}

async function run(input: MapBenchInput): Promise<MapBenchOutput> {
  const engine = await startEngine(
    { apiUrl: input.apiUrl },
    { onUnauthorized: () => undefined, onApiError: (text) => console.error(text) },
  );
  await engine.setAccessToken('bench');
  // Data arrival: the list, the countries and the series over the window the screen opens with.
  const { loaded } = await engine.loadActivities();
  await engine.getCountries();
  const request = {
    searchText: '',
    filters: {
      updateStatus: [],
      commitStatus: [],
      visibility: [],
      asReviewStatus: [],
      speciesGroup: [],
    },
    measure: mapStore.measure,
    days: mapStore.days,
  };
  const warm = await engine.activityMap(request);
  const engineMs: number[] = [];
  for (let i = 0; i < input.runs; i += 1) {
    const t0 = performance.now();
    await engine.activityMap(request);
    engineMs.push(performance.now() - t0);
  }
  const container = document.getElementById('root');
  if (container === null) throw new Error('no root');
  const root = createRoot(container);
  const drawn = () =>
    document.querySelectorAll('[data-testid="map-country"]').length === warm.countries.length &&
    document.querySelector('[data-testid="world-map"] path[fill="#440154"]') !== null;
  const firstPaintMs: number[] = [];
  for (let i = 0; i < input.runs + 2; i += 1) {
    flushSync(() => root.render(null));
    mapStore.result = null;
    mapStore.status = 'idle';
    await frame();
    const t0 = performance.now();
    flushSync(() => root.render(<MapBody />));
    await until(drawn);
    await frame();
    const ms = performance.now() - t0;
    // The first two load the world shapes' chunk and warm the JIT: left out.
    if (i >= 2) firstPaintMs.push(ms);
  }
  // The index page: 50 rows and their sparklines.
  flushSync(() => root.render(null));
  const filters = request.filters;
  const pageOne = await engine.searchActivities({
    searchText: '',
    filters,
    sort: { column: 'lastCommittedDate', direction: 'desc' },
    page: 1,
  });
  const ids = pageOne.rows.map((r) => r.diseaseActivityId);
  const series = await engine.getNewCases(ids, 30);
  activityIndexStore.result = ref(pageOne);
  activityIndexStore.status = 'ready';
  activityIndexStore.trends = ref({
    from: series.from,
    to: series.to,
    byId: new Map(series.series.map((x) => [x.diseaseActivityId, x.newCases])),
  });
  const tableRows = () => document.querySelectorAll('[data-testid="activity-row"]');
  // Every mounted row shows its sparkline (the series are in hand, so no row waits).
  const sparklines = () =>
    tableRows().length > 0 &&
    [...tableRows()].every((row) => row.querySelector('svg polyline') !== null);
  const allRows = () => tableRows().length === pageOne.rows.length && sparklines();
  let indexFirstRows = 0;
  const indexAllMs: number[] = [];
  const indexPaintMs: number[] = [];
  const indexRenderMs: number[] = [];
  const indexFrameMs: number[] = [];
  for (let i = 0; i < input.runs + 2; i += 1) {
    flushSync(() => root.render(null));
    await frame();
    const t0 = performance.now();
    flushSync(() => root.render(<ActivityTable />));
    const rendered = performance.now() - t0;
    indexFirstRows = tableRows().length;
    await until(sparklines);
    const framed = await new Promise<number>((resolve) =>
      requestAnimationFrame(() => resolve(performance.now() - t0)),
    );
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const painted = performance.now() - t0;
    await until(allRows);
    await frame();
    if (i >= 2) {
      indexPaintMs.push(painted);
      indexRenderMs.push(rendered);
      indexFrameMs.push(framed);
      indexAllMs.push(performance.now() - t0);
    }
  }
  const indexRowHeight = tableRows()[0]?.getBoundingClientRect().height ?? 0;
  const pageTurnMs: number[] = [];
  for (let i = 0; i < input.runs + 2; i += 1) {
    const next = activityIndexStore.page === 1 ? 2 : 1;
    const before = activityIndexStore.result?.rows[0]?.diseaseActivityId;
    const t0 = performance.now();
    goToActivityPage(next);
    await until(() => {
      const rows = activityIndexStore.result?.rows ?? [];
      const trends = activityIndexStore.trends;
      return (
        rows[0]?.diseaseActivityId !== before &&
        trends !== null &&
        rows.every((r) => trends.byId.has(r.diseaseActivityId)) &&
        sparklines()
      );
    });
    await frame();
    if (i >= 2) pageTurnMs.push(performance.now() - t0);
  }
  return {
    indexPaintMs,
    indexAllMs,
    indexFirstRows,
    indexRowHeight,
    indexRenderMs,
    indexFrameMs,
    pageTurnMs,
    activities: loaded,
    countries: warm.countries.length,
    shaded: document.querySelectorAll('[data-testid="world-map"] path[fill]').length,
    firstPaintMs,
    engineMs,
  };
}

Object.assign(globalThis, { runMapBench: run });

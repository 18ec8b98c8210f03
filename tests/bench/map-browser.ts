/**
 * The map screen's first paint in real Chromium (issue 19: "map screen first paint with 500
 * activities and with 20,000 (generated), p95 under 200 ms after data arrival"). The app's
 * engine worker and the map screen's own components are built by Vite into a bench page
 * (map-page/); this harness answers the three API calls they make from memory:
 *
 * - GET /api/diseaseactivities: `n` generated list items over the 54 seeded countries;
 * - GET /api/countries: the seed's countries with their points (generateLocations);
 * - GET /api/diseaseactivities/newCases: a generated daily series per activity.
 *
 * Timed in the page: mount of the screen's body to the frame after the map is shaded and the
 * ranked list drawn (the list, countries and series already in the worker), p50 / p95 / max.
 * BENCH_MAP_SIZES=500 runs one size.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchChromium } from './bench-chromium';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build } from 'vite';
import { windowStart } from '@domain/activity-trends';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { AutoSurveillanceReview, CommitStatus, UpdateStatus } from '@domain/enums';
import { generateLocations } from '@server/seed/generate/locations';
import { createRng } from '@server/seed/prng';
import type { Spread } from './activity-details-browser';
import type { MapBenchInput, MapBenchOutput } from './map-page/main';

/** BENCH_MAP_PROFILE=<prefix>: a CPU profile per size (<prefix>-<n>.cpuprofile, DevTools). */
const profilePrefix = process.env.BENCH_MAP_PROFILE;
/** BENCH_MAP_TRACE=<prefix>: a Chromium trace per size (style, layout, paint per frame). */
const tracePrefix = process.env.BENCH_MAP_TRACE;

const pageDir = fileURLToPath(new URL('./map-page/', import.meta.url));
const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN, n: sorted.length };
}

/** `n` list items over the seeded countries; statuses and figures drawn from a seeded PRNG. */
function listOf(n: number, countries: readonly { countryId: number; name: string }[]) {
  const rng = createRng(19);
  const random = () => rng.next();
  const statuses = [UpdateStatus.Active, UpdateStatus.NeedsUpdate, UpdateStatus.Inactive];
  return Array.from({ length: n }, (_, i): DiseaseActivityListItem => {
    const country = countries[Math.floor(random() * countries.length)] ?? countries[0];
    if (country === undefined) throw new Error('no countries');
    const id = i + 1;
    return {
      activityId: id,
      diseaseActivityId: id,
      diseaseId: 1 + (i % 79),
      diseaseName: `Disease ${1 + (i % 79)}`,
      locationId: country.countryId,
      locationName: country.name,
      speciesId: 1 + (i % 20),
      speciesName: `Species ${1 + (i % 20)}`,
      speciesGroup: 1 + (i % 4),
      totalReportedCases: Math.floor(random() * 10_000),
      totalNumberOfDeaths: Math.floor(random() * 300),
      lastReportDate: '2026-01-01',
      lastCommittedDate: '2026-01-01T10:00:00.000Z',
      numberOfArticles: 3,
      numberOfReports: 10,
      numberOfUncommittedReports: 0,
      commitStatus: CommitStatus.FullyCommitted,
      isVisible: true,
      daysNeededForUpdate: 14,
      daysSinceLastUpdate: 3,
      activityStatus: statuses[Math.floor(random() * 3)] ?? UpdateStatus.Active,
      asReviewRequired: false,
      lastCommittedBy: 'Amara Okafor',
      isAutoCommitFailed: false,
      asReviewStatus: AutoSurveillanceReview.NonASActivities,
    };
  });
}

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

function harness(outDir: string, n: number): Server {
  const countries = generateLocations().countries.map((c) => ({
    countryId: c.row.id,
    name: c.row.name,
    isoCode: c.row.isoCode ?? null,
    latitude: c.row.latitude ?? null,
    longitude: c.row.longitude ?? null,
  }));
  const list = Buffer.from(JSON.stringify(listOf(n, countries)));
  const rng = createRng(7);
  const random = () => rng.next();
  const today = new Date().toISOString().slice(0, 10);
  // Every activity's series per window, drawn once; an ids query gets only those (as the API).
  const drawn = new Map<number, number[][]>();
  const seriesOf = (days: number) => {
    let all = drawn.get(days);
    if (all === undefined) {
      all = Array.from({ length: n }, () =>
        Array.from({ length: days }, () => (random() < 0.2 ? Math.floor(random() * 50) : 0)),
      );
      drawn.set(days, all);
    }
    return all;
  };
  const seriesFor = (days: number, ids: readonly number[] | null) => {
    const all = seriesOf(days);
    const wanted = ids ?? all.map((_, i) => i + 1);
    return Buffer.from(
      JSON.stringify({
        from: windowStart(today, days),
        to: today,
        series: wanted.map((id) => ({ diseaseActivityId: id, newCases: all[id - 1] ?? [] })),
      }),
    );
  };
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (body: Buffer) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (url.pathname === '/api/diseaseactivities') return json(list);
    if (url.pathname === '/api/countries') return json(Buffer.from(JSON.stringify(countries)));
    if (url.pathname === '/api/diseaseactivities/newCases') {
      const ids = url.searchParams.get('ids');
      return json(
        seriesFor(
          Number(url.searchParams.get('days') ?? 30),
          ids === null ? null : ids.split(',').map(Number),
        ),
      );
    }
    const path = url.pathname === '/' ? 'index.html' : url.pathname;
    const file = normalize(join(outDir, path));
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'text/plain' });
    res.end(readFileSync(file));
  });
}

export interface MapBrowserResult {
  readonly activities: number;
  readonly countries: number;
  readonly firstPaint: Spread;
  readonly engine: Spread;
  readonly indexPaint: Spread;
  readonly indexAll: Spread;
  readonly indexFirstRows: number;
  readonly indexRowHeight: number;
  readonly indexRender: Spread;
  readonly indexFrame: Spread;
  readonly pageTurn: Spread;
}

/** Builds the bench page once, then times the map's first paint for each size. */
export async function benchMapInBrowser(
  sizes: readonly number[] = [500, 20_000],
  runs = 30,
): Promise<MapBrowserResult[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'ist-bench-map-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: pageDir,
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': srcDir } },
    worker: { format: 'es' },
    // Unminified when profiling, so the profile names the functions.
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: profilePrefix === undefined },
  });
  const browser = await launchBenchChromium();
  const results: MapBrowserResult[] = [];
  try {
    for (const n of sizes) {
      const server = harness(outDir, n);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        page.on('console', (m) => {
          if (m.type() === 'error') console.error(`  page: ${m.text()}`);
        });
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => 'runMapBench' in globalThis);
        const input: MapBenchInput = { apiUrl: `${origin}/api`, runs };
        const cdp = profilePrefix === undefined ? null : await page.context().newCDPSession(page);
        if (tracePrefix !== undefined) {
          await browser.startTracing(page, {
            path: `${tracePrefix}-${n}.json`,
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'],
          });
        }
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
        }
        const out = await page.evaluate(
          (given) =>
            (
              globalThis as unknown as {
                runMapBench: (i: MapBenchInput) => Promise<MapBenchOutput>;
              }
            ).runMapBench(given),
          input,
        );
        if (tracePrefix !== undefined) await browser.stopTracing();
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(`${profilePrefix}-${n}.cpuprofile`, JSON.stringify(profile));
        }
        if (out.activities !== n) throw new Error(`the worker loaded ${out.activities}, not ${n}`);
        results.push({
          activities: n,
          countries: out.countries,
          firstPaint: spread(out.firstPaintMs),
          engine: spread(out.engineMs),
          indexPaint: spread(out.indexPaintMs),
          indexAll: spread(out.indexAllMs),
          indexFirstRows: out.indexFirstRows,
          indexRowHeight: out.indexRowHeight,
          indexRender: spread(out.indexRenderMs),
          indexFrame: spread(out.indexFrameMs),
          pageTurn: spread(out.pageTurnMs),
        });
        await page.close();
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  } finally {
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1]?.endsWith('map-browser.ts')) {
  const { loadavg, cpus } = await import('node:os');
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${cpus().length} cores`,
  );
  for (const r of await benchMapInBrowser(
    process.env.BENCH_MAP_SIZES?.split(',').map(Number) ?? undefined,
  )) {
    const f = r.firstPaint;
    const e = r.engine;
    const x = r.indexPaint;
    const t = r.pageTurn;
    console.log(
      `map first paint at ${r.activities} activities (${r.countries} countries): p50 ${f.p50.toFixed(1)} / p95 ${f.p95.toFixed(1)} / max ${f.max.toFixed(1)} ms of ${f.n}; the engine call alone p50 ${e.p50.toFixed(1)} / p95 ${e.p95.toFixed(1)} ms`,
    );
    console.log(
      `index page of 50 rows with sparklines at ${r.activities}: the ${r.indexFirstRows} rows in view (${r.indexRowHeight.toFixed(0)} px each) painted p50 ${x.p50.toFixed(1)} / p95 ${x.p95.toFixed(1)} ms, all 50 p50 ${r.indexAll.p50.toFixed(1)} / p95 ${r.indexAll.p95.toFixed(1)} ms (render alone p50 ${r.indexRender.p50.toFixed(1)} / p95 ${r.indexRender.p95.toFixed(1)}, to the next frame p50 ${r.indexFrame.p50.toFixed(1)} / p95 ${r.indexFrame.p95.toFixed(1)}); page turn (search, one series call, paint) p50 ${t.p50.toFixed(1)} / p95 ${t.p95.toFixed(1)} ms`,
    );
  }
  console.log(
    `load after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

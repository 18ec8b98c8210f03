/**
 * The entries pre-check in real Chromium (issue 6: "recompute and validate an activity of
 * 1,000 locations × 365 days in the worker (target under 50 ms)"). The app's engine worker,
 * built by Vite as the app builds it and reached through the app's Comlink bridge, is given
 * an activity of 1,000 places with a case entry and a Daily Total at each place on each of
 * the 365 days before today (730,001 committed entries). Timed in the page around the Comlink
 * call:
 *
 * - prepareEntriesCheck once: GET …/reports/committedTimeline (gzip), parse, decode, index;
 * - checkEntries of one new case entry per location, dated today (validateSubmission: the
 *   recompute, every §5 rule, the Daily Totals), p50 / p95 over `runs` runs after 2 warm-ups.
 *
 * The two API calls the worker makes are answered by this harness from memory, with the
 * server's own encoder (encodeCommittedTimeline) over the history tests/bench/entries.ts
 * builds; reading that history from the database is the server's part, timed apart.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { launchBenchChromium } from './bench-chromium';
import { build } from 'vite';
import { addDays, todayOf } from '@domain/calendar-day';
import { encodeCommittedTimeline } from '@domain/entries/committed-timeline';
import type { ActivityDetailJson } from '@domain/entries/entries-api';
import { AutoSurveillanceReview, CommitStatus, LocationType, UpdateStatus } from '@domain/enums';
import type { EntriesSubmission } from '@workers/activity-details/details-contract';
import type { EntriesCheckBenchInput, EntriesCheckBenchOutput } from './entries-check-page/main';
import { history } from './entries';
import type { Spread } from './activity-details-browser';

export interface EntriesCheckBrowserResult {
  readonly locations: number;
  readonly days: number;
  readonly entries: number;
  readonly timelineBytes: number;
  readonly timelineGzipBytes: number;
  readonly prepareMs: number;
  readonly indexMs: number;
  readonly heldMs: number;
  readonly check: Spread;
  readonly processedReports: number;
  readonly messages: number;
}

const pageDir = fileURLToPath(new URL('./entries-check-page/', import.meta.url));
const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const version = 42;
const key = { diseaseActivityId: 1, countryId: 1 };

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN, n: sorted.length };
}

/** The detail the worker opens: 1,000 places (the first the country), no uncommitted entry. */
function detailOf(locations: number, start: string, lastDay: string): ActivityDetailJson {
  return {
    activity: {
      diseaseActivityId: key.diseaseActivityId,
      diseaseId: 1,
      diseaseName: 'Bench fever',
      speciesId: 1,
      speciesName: 'Human',
      speciesGroup: 1,
      lastUpdatedBy: null,
      lastCommittedDate: null,
      activityStatus: UpdateStatus.Active,
      hasNotableEvents: false,
      countryDetails: {
        countryId: key.countryId,
        countryName: 'Place 1',
        riskModelId: null,
        riskModelName: null,
        totalCountStartDate: start,
        publiclyVisible: true,
        daysNeededForUpdate: 14,
        allowedDaysGap: 14,
        notes: '',
      },
    },
    commitStatus: CommitStatus.FullyCommitted,
    asReviewStatus: AutoSurveillanceReview.NonASActivities,
    readOnly: false,
    latestReportingPeriod: {
      id: 1,
      startDate: start,
      endDate: null,
      reportingPeriodType: 'NewOutbreak',
    },
    previousReportingPeriod: null,
    lastEntryDate: lastDay,
    propagationUptoDate: null,
    locations: Array.from({ length: locations }, (_, i) => ({
      id: i + 1,
      name: `Place ${i + 1}`,
      type: i === 0 ? LocationType.Country : LocationType.City,
      parentId: i === 0 ? null : 1,
      displayName: `Place ${i + 1}`,
      population: null,
    })),
    reports: [],
    version,
  };
}

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

/** Serves the built page and the worker's two API calls; answers what it served, in bytes. */
function harness(
  outDir: string,
  detail: ActivityDetailJson,
  timeline: Buffer,
): { server: Server; timelineGzip: Buffer } {
  const timelineGzip = gzipSync(timeline, { level: constants.Z_BEST_SPEED });
  const detailJson = Buffer.from(JSON.stringify(detail));
  const base = `/api/diseaseactivities/${key.diseaseActivityId}/countries/${key.countryId}`;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const json = (body: Buffer, gzip = false) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        etag: `"${version}"`,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(body);
    };
    if (path === `${base}/numDays/5`) return json(detailJson);
    if (path === `${base}/reports/committedTimeline`) {
      if (req.headers['if-none-match'] === `"${version}"`) {
        res.writeHead(304, { etag: `"${version}"` });
        return res.end();
      }
      return json(timelineGzip, true);
    }
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'text/plain' });
    res.end(readFileSync(file));
  });
  return { server, timelineGzip };
}

/** Builds the bench page, serves it, and times the pre-check in Chromium. */
export async function benchEntriesCheckInBrowser(
  locations = 1000,
  days = 365,
  runs = 30,
): Promise<EntriesCheckBrowserResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'ist-bench-entries-check-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: pageDir,
    resolve: { alias: { '@': srcDir } },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const today = todayOf(Date.now());
  const start = addDays(today, -days);
  const committed = history(locations, days, start);
  const timeline = Buffer.from(
    JSON.stringify(
      encodeCommittedTimeline(version, [{ startDate: start, endDate: null }], committed),
    ),
  );
  const detail = detailOf(locations, start, addDays(today, -1));
  const { server, timelineGzip } = harness(outDir, detail, timeline);
  const port = Number(process.env['BENCH_ENTRIES_PORT'] ?? 0);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  const submission: EntriesSubmission = {
    body: {
      cases: Array.from({ length: locations }, (_, i) => ({
        locationId: i + 1,
        reportedOn: today,
        reportedCases: { newCases: 5, userEntered: 'newCases' },
      })),
    },
    propagation: { propagate: false, propagateUptoDate: null },
    reportCollectionId: null,
  };
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') console.error(`  page: ${m.text()}`);
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'runEntriesCheckBench' in globalThis);
    const input: EntriesCheckBenchInput = { apiUrl: `${origin}/api`, key, submission, runs };
    const out = await page.evaluate(
      (given) =>
        (
          globalThis as unknown as {
            runEntriesCheckBench: (i: EntriesCheckBenchInput) => Promise<EntriesCheckBenchOutput>;
          }
        ).runEntriesCheckBench(given),
      input,
    );
    if (out.processedReports !== locations) {
      throw new Error(
        `checkEntries answered ${out.processedReports} Daily Totals, not ${locations}`,
      );
    }
    if (out.heldRead) throw new Error('the history was read again for the same version');
    return {
      locations,
      days,
      entries: out.entries,
      timelineBytes: timeline.length,
      timelineGzipBytes: timelineGzip.length,
      prepareMs: out.prepareMs,
      indexMs: out.indexMs,
      heldMs: out.heldMs,
      check: spread(out.checkMs),
      processedReports: out.processedReports,
      messages: out.messages,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('entries-check-browser.ts')) {
  const r = await benchEntriesCheckInBrowser();
  console.log(JSON.stringify(r, null, 2));
}

/**
 * `npm run bench`: the foundation's figures, printed as a table.
 * - first start on a fresh PGlite folder (migrate + seed the default demo) and cold start to ready
 *   on the seeded folder;
 * - seeding 20,000 articles / 500 activities (the seed CLI on a fresh folder);
 * - GET /api/lookups throughput and p99 latency (autocannon, 10 s, real bearer token);
 * - the server's resident memory after seeding;
 * - the initial JavaScript the browser downloads (gzip), read from dist/index.html;
 * - clustering a 100-article batch;
 * - feeds (issue 8): tag and same-story precision / recall on the labelled set, ingestion
 *   throughput on 10,000 feed items (feeds.ts);
 * - the article index in Chromium on the demo data: keystroke to painted results and scrolling
 *   5,000 loaded rows (article-index-browser.ts);
 * - triage keys on the article index in Chromium (issue 14): keystroke to painted row for `j` and
 *   `n`, and the page-boundary `n` (article-keys-browser.ts; BENCH_ARTICLE_KEYS_ONLY=1 runs only
 *   it, on a fresh folder of its own);
 * - the entries pre-check in Chromium's worker at 1,000 locations × 365 days: the history read
 *   and indexed once, then recompute and validate of one new entry per location
 *   (entries-check-browser.ts; BENCH_ENTRIES_CHECK_ONLY=1 runs only it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { signIn } from '../support/sign-in';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { diseaseActivities } from '@server/db/schema';
import { buildActivitiesCorpus, copies, seededActivities } from './activities-corpus';
import { benchActivitySearch } from './activity-search';
import { benchArticleIndexInBrowser, type Spread } from './article-index-browser';
import { benchArticleKeysInBrowser } from './article-keys-browser';
import { benchActivityDetailsInBrowser, insertBenchPlaces } from './activity-details-browser';
import { benchClustering } from './clustering';
import { benchEntries } from './entries';
import { benchEntriesCheckInBrowser } from './entries-check-browser';
import { benchEntriesHttp } from './entries-http';
import { benchFeeds } from './feeds';

const port = Number(process.env['BENCH_PORT'] ?? 5195);
/** BENCH_ARTICLE_INDEX_ONLY=1: only the browser figures, against a server already on BENCH_PORT. */
// BENCH_ACTIVITY_LIST_ONLY=1: only the 20,000-activity figures (list and worker search).
const articleIndexOnly = process.env['BENCH_ARTICLE_INDEX_ONLY'] === '1';
const baseUrl = `http://localhost:${port}`;
const articles = Number(process.env['BENCH_ARTICLES'] ?? 20_000);
const activities = Number(process.env['BENCH_ACTIVITIES'] ?? 500);
const rows: [string, string][] = [];
const record = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`  ${name}: ${value}`);
};

function startServer(
  dataDir: string,
  extraEnv: Readonly<Record<string, string>> = {},
): { child: ChildProcess; ready: Promise<number> } {
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // (the profile is written when the bench stops the server).
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_ARTICLES: String(articles),
      SEED_ACTIVITIES: String(activities),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${baseUrl}/config.json`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function runSeedCli(dataDir: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/seed/cli.ts',
        '--articles',
        String(articles),
        '--activities',
        String(activities),
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`seed exited ${code}`)),
    );
  });
}

function initialJavaScriptGzipKb(): number {
  const html = readFileSync('dist/index.html', 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const total = [...new Set(srcs)]
    .filter((s) => s.endsWith('.js'))
    .reduce((sum, src) => sum + gzipSync(readFileSync(join('dist', src))).length, 0);
  return total / 1024;
}

/** GET /api/diseaseactivities, 20 times in a row: p50 / p95 and the answer. */
async function measureActivityList(accessToken: string) {
  const times: number[] = [];
  let body = '';
  // The first answer builds the list; the next ones reuse it (nothing changed in between).
  let cold = 0;
  for (let i = 0; i < 21; i += 1) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/diseaseactivities`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    body = await res.text();
    if (!res.ok) throw new Error(`GET /api/diseaseactivities answered ${res.status}`);
    if (i > 0) times.push(performance.now() - t0);
    else cold = performance.now() - t0;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return { cold, p50: at(50), p95: at(95), bytes: body.length, json: JSON.parse(body) as unknown };
}

interface ListedActivity {
  readonly diseaseActivityId: number;
  readonly locationId: number;
  readonly daysNeededForUpdate: number;
}

/**
 * The first GET /api/diseaseactivities after a change, as a browser asks (gzip): 10 times, an
 * analyst's overview edit of one activity (PUT …/countries/{countryId}, If-Match from its
 * detail GET; days needed for update toggled) and then the list, timed. The kept list re-reads
 * only the changed activity.
 */
async function measureListAfterChange(accessToken: string, listed: unknown) {
  const auth = { authorization: `Bearer ${accessToken}` };
  const activities = (listed as ListedActivity[]).filter((_, i) => i % 997 === 0).slice(0, 10);
  const times: number[] = [];
  for (const activity of activities) {
    const path = `/api/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.locationId}`;
    const detail = await fetch(`${baseUrl}${path}/numDays/5`, { headers: auth });
    const etag = detail.headers.get('etag');
    const { countryDetails } = (
      (await detail.json()) as {
        activity: {
          countryDetails: { riskModelId: number; publiclyVisible: boolean; allowedDaysGap: number };
        };
      }
    ).activity;
    if (!detail.ok || etag === null) throw new Error(`GET ${path}/numDays/5: ${detail.status}`);
    const put = await fetch(`${baseUrl}${path}`, {
      method: 'PUT',
      headers: { ...auth, 'if-match': etag, 'content-type': 'application/json' },
      body: JSON.stringify({
        riskModelId: Math.max(1, countryDetails.riskModelId),
        publiclyVisible: countryDetails.publiclyVisible,
        daysNeededForUpdate: activity.daysNeededForUpdate === 14 ? 15 : 14,
        allowedDaysGap: countryDetails.allowedDaysGap,
      }),
    });
    if (!put.ok) throw new Error(`PUT ${path}: ${put.status} ${await put.text()}`);
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/diseaseactivities`, {
      headers: { ...auth, 'accept-encoding': 'gzip' },
    });
    const body = (await res.json()) as ListedActivity[];
    times.push(performance.now() - t0);
    const changed = body.find((a) => a.diseaseActivityId === activity.diseaseActivityId);
    if (changed?.daysNeededForUpdate === activity.daysNeededForUpdate) {
      throw new Error(`the list does not show the change to ${activity.diseaseActivityId}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return { n: times.length, p50: at(50), max: times.at(-1) ?? 0 };
}

function recordActivityFigures(
  size: string,
  list: Awaited<ReturnType<typeof measureActivityList>>,
): void {
  record(
    `GET /api/diseaseactivities at ${size} activities: first answer (list built) / kept list p50 / p95 (${(list.bytes / 2 ** 20).toFixed(1)} MB JSON)`,
    `${list.cold.toFixed(0)} ms / ${list.p50.toFixed(0)} ms / ${list.p95.toFixed(0)} ms`,
  );
  const search = benchActivitySearch(list.json);
  record(
    `worker: decode the list / build the index at ${size} (index heap)`,
    `${search.decodeMs.toFixed(0)} ms / ${search.buildMs.toFixed(0)} ms (${search.heapMb.toFixed(1)} MB)`,
  );
  record(
    `worker: search per keystroke at ${size}, p50 / p95 / max (${search.keystrokes} keystrokes, page cloned)`,
    `${search.p50Ms.toFixed(2)} / ${search.p95Ms.toFixed(2)} / ${search.maxMs.toFixed(2)} ms`,
  );
  record(
    `worker: palette fuzzy find at ${size}, p95 (fuse.js over the name vocabulary; fuse.js over every row)`,
    `${search.finderP95Ms.toFixed(2)} ms (${search.fuseAllRowsP95Ms.toFixed(1)} ms)`,
  );
}

/** The 20,000-activity scratch database (PGlite folder, cached under data/). */
async function activitiesCorpusDir(): Promise<string> {
  const size = seededActivities * (copies + 1);
  const dataDir = process.env['BENCH_ACTIVITIES_DIR'] ?? `data/bench-activities-${size}`;
  const database = await openDatabase({ ...loadServerConfig(), dataDir });
  try {
    await database.migrate();
    const count = await database.db.$count(diseaseActivities);
    if (count < size) {
      if (count > 0) throw new Error(`${dataDir} has ${count} activities: remove it to rebuild`);
      const t0 = performance.now();
      await buildActivitiesCorpus(database.db, (m) => console.log(`  ${m}`));
      console.log(
        `  bench: ${size} activities built in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await database.close();
  }
  return dataDir;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
/** No sample (a key kind that did not happen, e.g. a boundary key whose page came ahead): none. */
const spreadText = ({ n, p50, p95, max }: Spread) =>
  n === 0 ? 'none' : `${ms(p50)} / ${ms(p95)} / ${ms(max)} ms`;

/** The article index in Chromium against the running server (real sign-in, worker, search). */
async function recordArticleIndexInBrowser(engine: string) {
  const loadBefore = loadavg()[0] ?? 0;
  const result = await benchArticleIndexInBrowser(baseUrl);
  const loadAfter = loadavg()[0] ?? 0;
  record(
    `article index in Chromium (${engine}): machine load average (1 min) before / after`,
    `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpus().length} cores`,
  );
  const n = result.debounced.total.n;
  record(
    `article search, last keystroke to painted results, debounced (250 ms by spec), p50 / p95 / max (${n} queries)`,
    spreadText(result.debounced.total),
  );
  record(
    'article search, the debounced search firing to painted results, p50 / p95 / max',
    spreadText(result.debounced.fromSearch),
  );
  record(
    `article search, Enter to painted results (no debounce), p50 / p95 / max (${result.enter.total.n} queries)`,
    spreadText(result.enter.total),
  );
  record(
    '… of which search fired to results in the store (worker, HTTP, search service), p50 / p95',
    `${ms(result.searchToResults.p50)} / ${ms(result.searchToResults.p95)} ms`,
  );
  record(
    `… the search service's GET within it, as the browser timed it (${result.http.n} seen), p50 / p95`,
    `${ms(result.http.p50)} / ${ms(result.http.p95)} ms`,
  );
  record(
    '… and results in the store to painted (React, virtuoso, layout, paint), p50 / p95',
    `${ms(result.resultsToPaint.p50)} / ${ms(result.resultsToPaint.p95)} ms`,
  );
  const { scroll } = result;
  record(
    `scrolling ${scroll.loadedArticles} loaded articles (${scroll.rows} rows, clusters collapsed) at ${scroll.pixelsPerFrame} px per frame: frame time p50 / p95 / max`,
    spreadText(scroll.frameMs),
  );
  record(
    `scrolling: dropped frames (refresh ${ms(scroll.refreshMs)} ms), long animation frames`,
    `${scroll.dropped} of ${scroll.frames} frames dropped, ${scroll.longFrames} long frames; the page left idle as long: ${scroll.idleDropped} dropped`,
  );
}

/** Triage keys on the article index in Chromium against the running server (issue 14). */
async function recordArticleKeysInBrowser() {
  const loadBefore = loadavg();
  // BENCH_KEYS_BOUNDARIES=0: only the j and n phases (the 'Mark all as read' boundaries are long).
  const r = await benchArticleKeysInBrowser(baseUrl, {
    boundaries: Number(process.env['BENCH_KEYS_BOUNDARIES'] ?? 40),
  });
  const loadAfter = loadavg();
  const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  record(
    'article keys in Chromium: machine load average (1 / 5 / 15 min) before; after',
    `${loads(loadBefore)}; ${loads(loadAfter)} on ${cpus().length} cores`,
  );
  const keys = `${r.gapMs} ms pause after each painted row`;
  record(
    `article index, j: keystroke to painted row in the loaded rows, p50 / p95 / max (${r.j.inPage.n} keys of ${r.articlesTotal} articles, ${keys})`,
    spreadText(r.j.inPage),
  );
  record(
    `article index, j past the last loaded row: next page fetched and painted, p50 / p95 / max (${r.j.boundary.n} keys)`,
    spreadText(r.j.boundary),
  );
  record(
    `article index, n (unread filter, ${r.unreadTotal} unread): keystroke to painted next unread row, p50 / p95 / max (${r.n.inPage.n} keys)`,
    spreadText(r.n.inPage),
  );
  record(
    `article index, page-boundary n (on the last unread loaded row): next page fetched and its first unread row painted, p50 / p95 / max (${r.n.boundary.n} keys)`,
    spreadText(r.n.boundary),
  );
  record(
    `article index, n after 'Mark all as read' once its writes are answered (the next page fetched ahead, the new row a page below the selection), p50 / p95 / max (${r.nAfterMarkAll.n} keys)`,
    spreadText(r.nAfterMarkAll),
  );
  record(
    `article index, page-boundary n pressed at once after confirming 'Mark all as read' (the page and 100 writes on their way; ${r.nRightAfterMarkAllWaited} of ${r.nRightAfterMarkAll.n} keys waited for the page), p50 / p95 / max`,
    spreadText(r.nRightAfterMarkAll),
  );
  const { ask, fetch, paint } = r.nBoundarySplit;
  if (ask.n === 0) return;
  record(
    '… every boundary n: key to page asked for / page search (worker, HTTP, search service) / rows in the store to painted, p50 (p95)',
    `${ms(ask.p50)} (${ms(ask.p95)}) / ${ms(fetch.p50)} (${ms(fetch.p95)}) / ${ms(paint.p50)} (${ms(paint.p95)}) ms`,
  );
}

/** Locations of the activity the details screen is timed on (issue 7: 1,000). */
const detailsLocations = Number(process.env['BENCH_DETAILS_LOCATIONS'] ?? 1000);

/**
 * The details screen in Chromium on a seeded folder (no server running on it): 1,000 places
 * added under a country, an activity with a committed entry at each, then opened and typed in.
 */
async function recordActivityDetailsInBrowser(dataDir: string) {
  await insertBenchPlaces(dataDir, detailsLocations);
  const server = startServer(dataDir);
  try {
    await server.ready;
    const token = (await signIn(baseUrl, 'analyst-amara')).accessToken;
    const loadBefore = loadavg()[0] ?? 0;
    const result = await benchActivityDetailsInBrowser(
      baseUrl,
      token,
      detailsLocations,
      Number(process.env['BENCH_DETAILS_OPENS'] ?? 7),
    );
    const loadAfter = loadavg()[0] ?? 0;
    record(
      'details screen in Chromium: machine load average (1 min) before / after',
      `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpus().length} cores`,
    );
    record(
      `details: open an activity of ${result.locations} locations, navigation start to first table painted, p50 / p95 / max (${result.open.n} loads)`,
      spreadText(result.open),
    );
    record(
      `details: the same loads until every table has its entries, p50 / p95 / max`,
      spreadText(result.openWhole),
    );
    record(
      `details: the same, the first (cold) load: first table / every table`,
      `${result.coldOpen.toFixed(0)} / ${result.coldOpenWhole.toFixed(0)} ms`,
    );
    record(
      `details: open it from the activity index inside the app, navigation to first table painted, p50 / p95 / max (${result.inAppOpen.n} opens)`,
      spreadText(result.inAppOpen),
    );
    record(
      `details: the same in-app opens until every table has its entries, p50 / p95 / max`,
      spreadText(result.inAppOpenWhole),
    );
    record(
      `details: a case cell typed, recompute sent (after the spec's 1000 ms debounce) to recomputed cumulative painted, p50 / p95 / max (${result.recomputeToPaint.n} values)`,
      spreadText(result.recomputeToPaint),
    );
  } finally {
    await stop(server.child);
  }
}

/** The worker's entries pre-check in Chromium (issue 6: under 50 ms at 1,000 × 365). */
async function recordEntriesCheckInBrowser() {
  const loadBefore = loadavg()[0] ?? 0;
  const r = await benchEntriesCheckInBrowser();
  const loadAfter = loadavg()[0] ?? 0;
  record(
    'entries pre-check in Chromium: machine load average (1 min) before / after',
    `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpus().length} cores`,
  );
  record(
    `entries pre-check in Chromium's worker: read the committed history of ${r.locations} locations × ${r.days} days (${r.entries} entries, ${(r.timelineBytes / 2 ** 20).toFixed(1)} MB JSON, ${(r.timelineGzipBytes / 2 ** 20).toFixed(1)} MB gzip), decode and index it once / of which the index / again on the same version`,
    `${ms(r.prepareMs)} ms / ${ms(r.indexMs)} ms / ${ms(r.heldMs)} ms`,
  );
  record(
    `entries pre-check in Chromium's worker: checkEntries (recompute + validate of one new case entry per location, around the Comlink call), p50 / p95 / max (${r.check.n} runs)`,
    spreadText(r.check),
  );
}

/** The 20,000-activity corpus: the list (first, kept, after a change) and the worker. */
async function recordActivityCorpusFigures() {
  const corpus = startServer(await activitiesCorpusDir());
  try {
    await corpus.ready;
    const corpusToken = (await signIn(baseUrl, 'analyst-amara')).accessToken;
    const list = await measureActivityList(corpusToken);
    recordActivityFigures('20,000', list);
    const afterChange = await measureListAfterChange(corpusToken, list.json);
    record(
      `GET /api/diseaseactivities at 20,000 activities, first answer after one activity's overview edit (gzip), p50 / max of ${afterChange.n}`,
      `${afterChange.p50.toFixed(0)} ms / ${afterChange.max.toFixed(0)} ms`,
    );
  } finally {
    // A failed measurement must not leave the server holding the port and the folder.
    await stop(corpus.child);
  }
}

async function main() {
  console.log(
    `IST bench on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; demo data ${articles} articles, ${activities} activities\n`,
  );

  if (process.env['BENCH_ACTIVITY_LIST_ONLY'] === '1') {
    await recordActivityCorpusFigures();
    printTable();
    return;
  }

  if (process.env['BENCH_ENTRIES_CHECK_ONLY'] === '1') {
    await recordEntriesCheckInBrowser();
    printTable();
    return;
  }

  if (process.env['BENCH_DETAILS_ONLY'] === '1') {
    const dir = mkdtempSync(join(tmpdir(), 'ist-bench-details-'));
    const seeding = startServer(dir);
    await seeding.ready;
    await stop(seeding.child);
    await recordActivityDetailsInBrowser(dir);
    rmSync(dir, { recursive: true, force: true });
    printTable();
    return;
  }

  if (process.env['BENCH_ARTICLE_KEYS_ONLY'] === '1') {
    const dir = mkdtempSync(join(tmpdir(), 'ist-bench-keys-'));
    const server = startServer(dir);
    try {
      const startMs = await server.ready;
      console.log(`  first start (seeding) in ${(startMs / 1000).toFixed(1)} s`);
      await recordArticleKeysInBrowser();
    } finally {
      await stop(server.child);
      rmSync(dir, { recursive: true, force: true });
    }
    printTable();
    return;
  }

  if (articleIndexOnly) {
    await recordArticleIndexInBrowser(`SEARCH_ENGINE as the running server has it`);
    printTable();
    return;
  }

  const seedDir = mkdtempSync(join(tmpdir(), 'ist-bench-seed-'));
  const seedMs = await runSeedCli(seedDir);
  record(
    `seed CLI, ${articles} articles + ${activities} activities (PGlite)`,
    `${(seedMs / 1000).toFixed(1)} s`,
  );
  rmSync(seedDir, { recursive: true, force: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'ist-bench-'));
  const first = startServer(dataDir);
  const firstMs = await first.ready;
  record(
    'first start on an empty folder to ready (migrate, seed, search indexes)',
    `${(firstMs / 1000).toFixed(1)} s`,
  );
  record(
    'server resident memory after seeding',
    `${residentMemoryMb(first.child.pid ?? 0).toFixed(0)} MB`,
  );
  await stop(first.child);

  const second = startServer(dataDir);
  const coldMs = await second.ready;
  record('cold start to ready (seeded folder)', `${(coldMs / 1000).toFixed(2)} s`);

  const { accessToken } = await signIn(baseUrl, 'analyst-amara');
  const result = await autocannon({
    url: `${baseUrl}/api/lookups`,
    duration: 10,
    connections: 10,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from /api/lookups`);
  record(
    'GET /api/lookups throughput (10 connections, 10 s)',
    `${Math.round(result.requests.average)} req/s`,
  );
  record(
    'GET /api/lookups latency p50 / p99',
    `${result.latency.p50} ms / ${result.latency.p99} ms`,
  );
  record(
    'server resident memory after the load',
    `${residentMemoryMb(second.child.pid ?? 0).toFixed(0)} MB`,
  );
  recordActivityFigures(String(activities), await measureActivityList(accessToken));
  await recordArticleIndexInBrowser('SEARCH_ENGINE=memory, the default');
  await stop(second.child);

  await recordActivityDetailsInBrowser(dataDir);

  // The same in the browser with the search service's SQL engine (issue 3).
  const sqlEngine = startServer(dataDir, { SEARCH_ENGINE: 'sql' });
  await sqlEngine.ready;
  await recordArticleIndexInBrowser('SEARCH_ENGINE=sql');
  await stop(sqlEngine.child);
  // Last on this folder: the n keys mark a few thousand articles read.
  const keysServer = startServer(dataDir);
  await keysServer.ready;
  await recordArticleKeysInBrowser();
  await stop(keysServer.child);
  rmSync(dataDir, { recursive: true, force: true });

  await recordActivityCorpusFigures();

  record(
    'initial JavaScript, gzip (dist/index.html scripts + modulepreloads)',
    `${initialJavaScriptGzipKb().toFixed(1)} KB`,
  );

  const clustering = benchClustering();
  record(
    'clustering one 100-article batch, mean / p99',
    `${clustering.meanMicroseconds.toFixed(1)} µs / ${clustering.p99Microseconds.toFixed(1)} µs`,
  );

  const entries = benchEntries();
  record(
    `entries rules: validate a save over ${entries.locations} locations × ${entries.days} days (Node, the worker's code), median / p95`,
    `${entries.medianMs.toFixed(0)} ms / ${entries.p95Ms.toFixed(0)} ms`,
  );
  record(
    `entries rules: the same with the committed index built once (${entries.indexBuildMs.toFixed(0)} ms), median / p95`,
    `${entries.indexedMedianMs.toFixed(1)} ms / ${entries.indexedP95Ms.toFixed(1)} ms`,
  );
  await recordEntriesCheckInBrowser();
  const http = await benchEntriesHttp();
  record(
    `entries API over HTTP (${http.backend}, ${http.locations} places × ${http.days} days): validate p50 / p95`,
    `${http.validate.p50.toFixed(0)} ms / ${http.validate.p95.toFixed(0)} ms`,
  );
  record(
    `entries API over HTTP: GET …/reports/committedTimeline (gzip, ${http.timeline.mb.toFixed(1)} MB JSON) p50 / the 304 re-read of an unchanged activity p50`,
    `${http.timeline.p50.toFixed(0)} ms / ${http.timeline.notModifiedP50.toFixed(1)} ms`,
  );
  record(
    `entries API over HTTP: commit of one entry per place, p50 / p95`,
    `${http.commit.p50.toFixed(0)} ms / ${http.commit.p95.toFixed(0)} ms`,
  );

  await benchFeeds(record);

  printTable();
}

function printTable() {
  console.log('\n| measure | value |\n|---|---|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

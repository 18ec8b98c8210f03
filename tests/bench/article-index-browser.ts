/**
 * The article index in real Chromium, through the real server, worker and search service
 * (issue 4: keystroke to painted results, p95 under 150 ms; scrolling 5,000 loaded rows without
 * dropped frames). Signs in through the embedded OpenID provider like an analyst.
 *
 * Keystroke to paint: a query is typed into the search box (60 ms between keys), and the time
 * runs from the last key's `keydown` (event.timeStamp) to the frame where the new count and
 * rows are painted: a MutationObserver sees the count go blank (fresh search) and come back with
 * rows (or 'No articles found'), then a requestAnimationFrame callback and a message posted from
 * it run after that frame's paint. The store's User Timing marks (article-search-marks.ts) split
 * it: the debounced search firing, its results reaching the store. With Enter the search fires
 * at once, so "Enter to paint" is keystroke to paint without the spec's 250 ms debounce.
 *
 * Scrolling: 'Show more rows' until 5,000 articles are loaded, then the table's scroller moves
 * by a fixed step in every animation frame from top to bottom; frame durations are the deltas
 * between requestAnimationFrame timestamps, and a frame longer than one refresh interval counts
 * the intervals it missed as dropped.
 */
import type { Page } from '@playwright/test';
import { keyRecordingPage, launchBenchChromium } from './bench-chromium';
import { articleSearchMarks } from '@/features/articles/index/article-search-marks';

/** Queries analysts type: words, prefixes, AND, NOT, OR and phrases (spec 000 §2 syntax). */
const queries = [
  'cholera',
  'dengue',
  'mpox',
  'measles',
  'ebola',
  'influenza',
  'anthrax',
  'polio',
  'chol',
  'deng',
  'cholera -vaccine',
  'dengue +brazil',
  'measles outbreak',
  'avian influenza',
  '"new cases"',
  '"rapid response teams"',
  'yellow fever',
  'plague',
  'nipah',
  'leptospirosis',
  'malaria',
  'rabies',
  'meningitis',
  'hepatitis',
];

/** One keystroke-to-paint sample, in ms. */
interface Sample {
  /** Last keydown → painted. */
  readonly total: number;
  /** The search firing (debounce over, or Enter) → painted. */
  readonly fromSearch: number;
  /** The search firing → results in the store (worker, HTTP, search service, clustering). */
  readonly searchToResults: number;
  /** Results in the store → painted (React, virtuoso, layout, paint). */
  readonly resultsToPaint: number;
  /** The search service's GET: request sent → response read (NaN when not seen). */
  readonly http: number;
}

/** Percentiles of a list of numbers (nearest rank). */
export interface Spread {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, p50: at(0.5) ?? 0, p95: at(0.95) ?? 0, max: sorted.at(-1) ?? 0 };
}

/** What the browser bench measured. */
export interface ArticleIndexBrowserResult {
  readonly debounced: { readonly total: Spread; readonly fromSearch: Spread };
  readonly enter: { readonly total: Spread };
  readonly searchToResults: Spread;
  readonly resultsToPaint: Spread;
  /** The search service's answer, as the browser timed its GET (request sent → body read). */
  readonly http: Spread;
  readonly scroll: {
    readonly loadedArticles: number;
    readonly rows: number;
    readonly frames: number;
    readonly refreshMs: number;
    readonly frameMs: Spread;
    readonly dropped: number;
    /** Frames dropped by the same page left idle for as many frames (the machine's share). */
    readonly idleDropped: number;
    readonly longFrames: number;
    readonly pixelsPerFrame: number;
  };
}

declare global {
  interface Window {
    __istPainted?: Promise<number>;
  }
}

/**
 * Arms a promise for the frame where the next fresh search's results are painted: the count
 * blanks (loading), then 'N article(s) found' with rows or the empty state is in the DOM; the
 * time is taken after that frame (rAF, then a message: it runs once the frame is painted).
 */
function armPaintWatch() {
  window.__istPainted = new Promise<number>((resolve) => {
    // Never hang the bench: no paint within 30 s is reported (NaN) and fails the run.
    setTimeout(() => resolve(Number.NaN), 30_000);
    let sawLoading = false;
    const countText = () =>
      document.querySelector('[data-testid="article-count"]')?.textContent ?? '';
    const done = () => {
      const text = countText();
      if (!text.includes('found')) {
        sawLoading = true;
        return false;
      }
      if (!sawLoading) return false;
      if (text.startsWith('0 ')) return document.body.textContent.includes('No articles found');
      return document.querySelector('[data-testid="article-row"]') !== null;
    };
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function signInToArticleIndex(page: Page, baseUrl: string) {
  await page.goto(baseUrl);
  await page.waitForURL(/\/oidc\//);
  await page.getByRole('button', { name: 'Amara Okafor' }).click();
  await page.waitForURL(/\/activity$/);
  // Default filters: nothing stored from an earlier run.
  await page.evaluate(() => localStorage.removeItem('articleIndex_filters'));
  await page.goto(`${baseUrl}/article`);
  await page.getByTestId('article-count').filter({ hasText: 'found' }).waitFor();
  await page.getByTestId('article-row').first().waitFor();
}

async function measureQuery(page: Page, query: string, pressEnter: boolean): Promise<Sample> {
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await box.focus();
  await box.press('Control+a');
  await page.evaluate(armPaintWatch);
  // The search service's GET as the browser's network stack timed it (sent by the worker).
  const response = page
    .waitForResponse((r) => r.url().includes('/indexes/articles/docs?'), { timeout: 35_000 })
    .catch(() => null);
  await page.keyboard.type(query, { delay: 60 });
  if (pressEnter) await page.keyboard.press('Enter');
  const painted = await page.evaluate(() => window.__istPainted);
  const timing = (await response)?.request().timing();
  const marks = await page.evaluate(
    ({ start, results }) => ({
      keyAt: window.__istLastKeyAt ?? 0,
      startAt: performance.getEntriesByName(start).at(-1)?.startTime ?? 0,
      resultsAt: performance.getEntriesByName(results).at(-1)?.startTime ?? 0,
    }),
    articleSearchMarks,
  );
  if (painted === undefined || Number.isNaN(painted)) {
    const count = await page.getByTestId('article-count').textContent();
    throw new Error(`no results painted for '${query}' within 30 s (count: '${count ?? ''}')`);
  }
  return {
    total: painted - marks.keyAt,
    fromSearch: painted - marks.startAt,
    searchToResults: marks.resultsAt - marks.startAt,
    resultsToPaint: painted - marks.resultsAt,
    http: timing && timing.responseEnd >= 0 ? timing.responseEnd : Number.NaN,
  };
}

/** The number of 'N of M loaded' (articles loaded so far). */
async function loadedArticles(page: Page): Promise<number> {
  const footer = (await page.getByText(/\d+ of \d+ loaded|All \d+ articles/).textContent()) ?? '';
  return Number(/(\d+)/.exec(footer)?.[1] ?? 0);
}

async function loadRows(page: Page, target: number): Promise<number> {
  // Back to the default list (no search text), as an analyst triaging the day's articles.
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await box.fill('');
  await box.press('Enter');
  await page.getByText(/\d+ of \d+ loaded|All \d+ articles/).waitFor();
  let loaded = await loadedArticles(page);
  while (loaded < target) {
    const more = page.getByRole('button', { name: 'Show more rows' });
    if ((await more.count()) === 0) break;
    await more.click();
    const before = loaded;
    const deadline = Date.now() + 60_000;
    while (loaded === before) {
      if (Date.now() > deadline) throw new Error(`'Show more rows' stayed at ${loaded}`);
      await page.waitForTimeout(25);
      loaded = await loadedArticles(page);
    }
  }
  return loaded;
}

/** Scrolls the table top to bottom by `step` px per frame; frame deltas from rAF. */
function scrollAndTime(step: number) {
  return new Promise<{ deltas: number[]; rows: number; longFrames: number }>((resolve, reject) => {
    const scroller = document.querySelector<HTMLElement>('[data-virtuoso-scroller="true"]');
    if (!scroller) {
      reject(new Error('no virtuoso scroller'));
      return;
    }
    let longFrames = 0;
    let observer: PerformanceObserver | undefined;
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      observer = new PerformanceObserver((list) => {
        longFrames += list.getEntries().length;
      });
      observer.observe({ type: 'long-animation-frame' });
    }
    scroller.scrollTop = 0;
    const deltas: number[] = [];
    let last = 0;
    let lastTop = -1;
    const rows = Number(scroller.scrollHeight);
    let stuck = 0;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      const bottom = scroller.scrollHeight - scroller.clientHeight;
      const before = scroller.scrollTop;
      // At the bottom, or the scroller no longer moves (a fraction of a pixel short).
      stuck = before === lastTop ? stuck + 1 : 0;
      lastTop = before;
      if (before >= bottom - 1 || stuck > 10) {
        observer?.disconnect();
        resolve({ deltas, rows, longFrames });
        return;
      }
      scroller.scrollTop = Math.min(bottom, scroller.scrollTop + step);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * The control: `count` animation frames of the same page left idle (no scrolling). The median
 * delta is the refresh interval; frames dropped here are the machine's, not the table's.
 */
function idleFrames(count: number) {
  return new Promise<number[]>((resolve) => {
    const deltas: number[] = [];
    let last = 0;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      if (deltas.length < count) requestAnimationFrame(frame);
      else resolve(deltas);
    };
    requestAnimationFrame(frame);
  });
}

/** Runs both measures on a server with the demo data at `baseUrl`. */
export async function benchArticleIndexInBrowser(
  baseUrl: string,
  options: {
    readonly rounds?: number;
    readonly scrollArticles?: number;
    readonly step?: number;
  } = {},
): Promise<ArticleIndexBrowserResult> {
  const rounds = options.rounds ?? 2;
  const scrollTarget = options.scrollArticles ?? 5000;
  const step = options.step ?? 60;
  const browser = await launchBenchChromium();
  try {
    const page = await keyRecordingPage(browser, { width: 1280, height: 800 });
    await signInToArticleIndex(page, baseUrl);

    console.log(`  article index in Chromium: ${rounds * queries.length * 2} queries…`);
    // Warm-up: worker, chunks, search service caches.
    for (const query of ['warm', 'up', 'cholera outbreak']) await measureQuery(page, query, true);

    const debounced: Sample[] = [];
    const enter: Sample[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const query of queries) {
        debounced.push(await measureQuery(page, query, false));
        // The same query again would not search: Enter runs a variant.
        enter.push(await measureQuery(page, `${query} report`, true));
      }
    }
    const both = [...debounced, ...enter];

    console.log(`  article index in Chromium: loading ${scrollTarget} articles…`);
    const loaded = await loadRows(page, scrollTarget);
    console.log(`  article index in Chromium: scrolling ${loaded} articles…`);
    const scrolled = await page.evaluate(scrollAndTime, step);
    const idle = await page.evaluate(idleFrames, scrolled.deltas.length);
    const refreshMs = [...idle].sort((a, b) => a - b)[Math.floor(idle.length / 2)] ?? 16.7;
    const droppedIn = (deltas: readonly number[]) =>
      deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / refreshMs) - 1), 0);
    const rowHeight = await page
      .getByTestId('article-row')
      .first()
      .evaluate((row) => row.getBoundingClientRect().height);
    const dropped = droppedIn(scrolled.deltas);
    const idleDropped = droppedIn(idle);
    return {
      debounced: {
        total: spread(debounced.map((s) => s.total)),
        fromSearch: spread(debounced.map((s) => s.fromSearch)),
      },
      enter: { total: spread(enter.map((s) => s.total)) },
      searchToResults: spread(both.map((s) => s.searchToResults)),
      resultsToPaint: spread(both.map((s) => s.resultsToPaint)),
      http: spread(both.map((s) => s.http).filter((ms) => !Number.isNaN(ms))),
      scroll: {
        loadedArticles: loaded,
        rows: Math.round(scrolled.rows / rowHeight),
        frames: scrolled.deltas.length,
        refreshMs,
        frameMs: spread(scrolled.deltas),
        dropped,
        idleDropped,
        longFrames: scrolled.longFrames,
        pixelsPerFrame: step,
      },
    };
  } finally {
    await browser.close();
  }
}

/**
 * Triage keys on the article index in real Chromium, through the real server, worker and search
 * service (issue 14: keystroke to painted row for `n` and `j`, p95 under 50 ms; the page-boundary
 * `n`, next page fetched and painted, p95 under 150 ms). Signs in through the embedded OpenID
 * provider like an analyst, and presses keys as one does: one key, its row painted, a short
 * pause (`gapMs`), the next.
 *
 * Timing, in the page: a capture `keydown` listener keeps the key's `event.timeStamp`; before
 * each key a MutationObserver is armed for the selected row (`aria-selected="true"`) to become
 * another article's row in the DOM; after the mutation that shows it, a requestAnimationFrame
 * callback and a message posted from it run once that frame is painted, and `performance.now()`
 * there is "painted". A sample is painted − keydown. The footer's 'N of M loaded' before and
 * after tells whether the key loaded a page (a boundary sample) or stayed in the loaded rows.
 *
 * Phases:
 * - `j` from the first row, default filters (every article): `jKeys` presses;
 * - `n` with the read-status filter on Unread (as an analyst triages an inbox): `nKeys` presses,
 *   each marking the selected article read and selecting the next unread one;
 * - the boundary: the `n` keys of the phase above that went past the last loaded row (about one
 *   in a hundred: a page is 100 articles, and it is fetched ahead 20 unread rows before the end);
 *   and, `boundaries` times, every loaded row read (Shift+A, Enter: 'Mark all as read'
 *   confirmed) then `n`, which has no unread row left to go to and needs the next page. The
 *   confirmation fetches that page ahead (nothing unread is left loaded), so every other time
 *   `n` is pressed at once, while the page and the 100 writes are on their way (the key waits
 *   for the page: the cold case), and otherwise once the writes are answered (the page is
 *   there). Either way the selection sits on the first row of the last page, so the new row is
 *   a page below and the table scrolls to it. The store's marks (article-search-marks.ts) split every
 *   boundary key: key to the page asked for, the page's search (worker, HTTP, search service,
 *   clustering) to its rows in the store, and from there to the paint.
 */
import type { Page } from '@playwright/test';
import { keyRecordingPage, launchBenchChromium } from './bench-chromium';
import { articleSearchMarks } from '@/features/articles/index/article-search-marks';
import type { Spread } from './article-index-browser';

declare global {
  interface Window {
    __istRowPainted?: Promise<RowPaint>;
  }
}

/** What the page saw for one key. */
interface RowPaint {
  /** performance.now() after the frame showing the new selected row (NaN: none in 30 s). */
  readonly paintedAt: number;
  readonly loadedBefore: number;
  readonly loadedAfter: number;
}

/** One key's sample. */
interface Sample {
  readonly ms: number;
  readonly boundary: boolean;
  /** At a boundary: key → page asked for, → page in the store (worker, HTTP, search), → painted. */
  readonly split?: { readonly ask: number; readonly fetch: number; readonly paint: number };
}

/** What the bench measured. */
export interface ArticleKeysResult {
  readonly articlesTotal: number;
  readonly unreadTotal: number;
  readonly gapMs: number;
  readonly j: { readonly inPage: Spread; readonly boundary: Spread };
  readonly n: { readonly inPage: Spread; readonly boundary: Spread };
  /**
   * n after 'Mark all as read' once its writes are answered: the next page, fetched ahead when
   * the confirmation left nothing unread, its first unread row far below the selection.
   */
  readonly nAfterMarkAll: Spread;
  /**
   * n pressed at once after confirming 'Mark all as read' (the page asked for a moment before,
   * the writes going out): the key waits for the page's search, then its row is painted.
   */
  readonly nRightAfterMarkAll: Spread;
  /** Of those, the keys whose page was still on its way when pressed. */
  readonly nRightAfterMarkAllWaited: number;
  /** Every boundary n split by the store's marks (article-search-marks.ts), p50 / p95 each. */
  readonly nBoundarySplit: { readonly ask: Spread; readonly fetch: Spread; readonly paint: Spread };
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    n: sorted.length,
    p50: at(0.5) ?? Number.NaN,
    p95: at(0.95) ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Arms the watch for the selected row changing (see the file's comment). */
function armRowWatch() {
  const selectedId = () =>
    document
      .querySelector('[data-testid="article-row"][aria-selected="true"]')
      ?.getAttribute('data-article-id') ?? null;
  const loaded = () => {
    const footer = [...document.querySelectorAll('span, p')].find((element) =>
      /^(\d+) of \d+ loaded$|^All \d+ articles are loaded\.$/.test(element.textContent),
    );
    return Number(/\d+/.exec(footer?.textContent ?? '')?.[0] ?? Number.NaN);
  };
  const before = selectedId();
  const loadedBefore = loaded();
  window.__istRowPainted = new Promise<RowPaint>((resolve) => {
    // Never hang the bench: no row within 30 s is reported (NaN) and fails the run.
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve({ paintedAt: Number.NaN, loadedBefore, loadedAfter: loaded() });
    }, 30_000);
    const observer = new MutationObserver(() => {
      const now = selectedId();
      if (now === null || now === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ paintedAt: performance.now(), loadedBefore, loadedAfter: loaded() });
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
    });
  });
}

/** Presses `key` and times it to the painted row. */
async function timedKey(page: Page, key: string, gapMs: number): Promise<Sample> {
  await page.evaluate(armRowWatch);
  await page.keyboard.press(key);
  const seen = await page.evaluate(() => window.__istRowPainted);
  const { keyAt, askAt, inStoreAt } = await page.evaluate(
    ({ moreStart, moreResults }) => ({
      keyAt: window.__istLastKeyAt ?? Number.NaN,
      askAt: performance.getEntriesByName(moreStart).at(-1)?.startTime ?? Number.NaN,
      inStoreAt: performance.getEntriesByName(moreResults).at(-1)?.startTime ?? Number.NaN,
    }),
    articleSearchMarks,
  );
  if (seen === undefined || Number.isNaN(seen.paintedAt)) {
    throw new Error(`'${key}': no new selected row painted within 30 s`);
  }
  if (gapMs > 0) await page.waitForTimeout(gapMs);
  const boundary = seen.loadedAfter !== seen.loadedBefore;
  const ms = seen.paintedAt - keyAt;
  if (!boundary || !(askAt >= keyAt)) return { ms, boundary };
  return {
    ms,
    boundary,
    split: { ask: askAt - keyAt, fetch: inStoreAt - askAt, paint: seen.paintedAt - inStoreAt },
  };
}

/** The index with the stored filters (`unread`: read status Unread only), first row selected. */
async function openIndex(page: Page, baseUrl: string, unread: boolean): Promise<number> {
  await page.evaluate((onlyUnread) => {
    if (!onlyUnread) {
      localStorage.removeItem('articleIndex_filters');
      return;
    }
    localStorage.setItem(
      'articleIndex_filters',
      JSON.stringify({
        readStatus: [
          { id: 0, selected: true },
          { id: 1, selected: false },
        ],
      }),
    );
  }, unread);
  await page.goto(`${baseUrl}/article`);
  const count = page.getByTestId('article-count').filter({ hasText: 'found' });
  await count.waitFor();
  await page.getByTestId('article-row').first().waitFor();
  await page.keyboard.press('j');
  await page.locator('[data-testid="article-row"][aria-selected="true"]').waitFor();
  return Number(/\d+/.exec((await count.textContent()) ?? '')?.[0] ?? 0);
}

/** BENCH_VERBOSE=1: each boundary key's time and the search GETs it waited for. */
const verbose = process.env['BENCH_VERBOSE'] === '1';

/** Runs the three phases on a server with the demo data at `baseUrl`. */
export async function benchArticleKeysInBrowser(
  baseUrl: string,
  options: {
    readonly jKeys?: number;
    readonly nKeys?: number;
    readonly boundaries?: number;
    readonly gapMs?: number;
  } = {},
): Promise<ArticleKeysResult> {
  const jKeys = options.jKeys ?? 200;
  const nKeys = options.nKeys ?? 200;
  const boundaries = options.boundaries ?? 40;
  const gapMs = options.gapMs ?? 50;
  const browser = await launchBenchChromium();
  try {
    const page = await keyRecordingPage(browser, { width: 1280, height: 800 });
    // The read writes `n` and 'Mark all as read' send, in flight.
    let writes = 0;
    const isWrite = (method: string, url: string) =>
      method === 'PUT' && /\/api\/articles\/\d+$/.test(url);
    page.on('request', (r) => {
      if (isWrite(r.method(), r.url())) writes += 1;
    });
    const settled = (r: { method(): string; url(): string }) => {
      if (isWrite(r.method(), r.url())) writes -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);

    await page.goto(baseUrl);
    await page.waitForURL(/\/oidc\//);
    await page.getByRole('button', { name: 'Amara Okafor' }).click();
    await page.waitForURL(/\/activity$/);

    console.log(`  article keys in Chromium: ${jKeys} j…`);
    const articlesTotal = await openIndex(page, baseUrl, false);
    // Warm-up (chunks, worker, the row component): j and k in turn, back on the first row.
    for (let i = 0; i < 6; i += 1) await timedKey(page, i % 2 === 0 ? 'j' : 'k', gapMs);
    const jSamples: Sample[] = [];
    for (let i = 0; i < jKeys; i += 1) jSamples.push(await timedKey(page, 'j', gapMs));

    console.log(`  article keys in Chromium: ${nKeys} n, unread filter on…`);
    const unreadTotal = await openIndex(page, baseUrl, true);
    const nSamples: Sample[] = [];
    for (let i = 0; i < nKeys; i += 1) nSamples.push(await timedKey(page, 'n', gapMs));

    console.log(`  article keys in Chromium: ${boundaries} page-boundary n…`);
    const afterMarkAll: Sample[] = [];
    const rightAfterMarkAll: Sample[] = [];
    const writesAnswered = async () => {
      for (let waited = 0; writes > 0 && waited < 60_000; waited += 20) {
        await page.waitForTimeout(20);
      }
      await page.waitForTimeout(200);
    };
    for (let i = 0; i < boundaries; i += 1) {
      await page.keyboard.press('Shift+A');
      const confirm = page.getByRole('dialog').getByRole('button', { name: 'Mark read' });
      await confirm.waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // Every other time the analyst presses n at once, while the page and the writes are on
      // their way; otherwise once every write is answered and the page idle (timed alone).
      const atOnce = i % 2 === 1;
      if (!atOnce) await writesAnswered();
      const sample = await timedKey(page, 'n', gapMs);
      if (atOnce) {
        rightAfterMarkAll.push(sample);
        await writesAnswered();
        continue;
      }
      if (verbose) {
        const { ask = NaN, fetch = NaN, paint = NaN } = sample.split ?? {};
        console.log(
          `    boundary n ${i + 1}: ${sample.ms.toFixed(0)} ms (to ask ${ask.toFixed(0)}, page ${fetch.toFixed(0)}, paint ${paint.toFixed(0)})`,
        );
      }
      afterMarkAll.push(sample);
    }

    const splits = [...nSamples, ...afterMarkAll, ...rightAfterMarkAll].flatMap((sample) =>
      sample.split ? [sample.split] : [],
    );
    const part = (samples: readonly Sample[], boundary: boolean) =>
      spread(samples.filter((s) => s.boundary === boundary).map((s) => s.ms));
    return {
      articlesTotal,
      unreadTotal,
      gapMs,
      j: { inPage: part(jSamples, false), boundary: part(jSamples, true) },
      n: { inPage: part(nSamples, false), boundary: part(nSamples, true) },
      nAfterMarkAll: spread(afterMarkAll.map((sample) => sample.ms)),
      nRightAfterMarkAll: spread(rightAfterMarkAll.map((sample) => sample.ms)),
      nRightAfterMarkAllWaited: rightAfterMarkAll.filter((sample) => sample.boundary).length,
      nBoundarySplit: {
        ask: spread(splits.map((x) => x.ask)),
        fetch: spread(splits.map((x) => x.fetch)),
        paint: spread(splits.map((x) => x.paint)),
      },
    };
  } finally {
    await browser.close();
  }
}

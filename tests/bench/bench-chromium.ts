import { type Browser, chromium, type Page } from '@playwright/test';

declare global {
  interface Window {
    __istLastKeyAt?: number;
  }
}

/** Debian's Chromium, headless, as every in-browser bench drives it. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** Records every keydown's time (installed before the app loads). */
export function recordKeys(): void {
  window.addEventListener(
    'keydown',
    (event) => {
      window.__istLastKeyAt = event.timeStamp;
    },
    true,
  );
}

/**
 * A page of a fresh context at `viewport` that records keydown times: what the article index
 * benches type into.
 */
export async function keyRecordingPage(
  browser: Browser,
  viewport: { readonly width: number; readonly height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  // tsx (esbuild keepNames) wraps named functions in `__name(…)`; the page has no such helper.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(recordKeys);
  const page = await context.newPage();
  // A shared machine can be slow: a bench waits, it does not judge by timeouts.
  page.setDefaultTimeout(120_000);
  return page;
}

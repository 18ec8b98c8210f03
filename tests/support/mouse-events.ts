import type { Page } from '@playwright/test';

/**
 * Counts the trusted mouse events of the page (a keyboard press has `detail` 0), so a test can
 * say an analyst's task took zero mouse events. Call before the page opens.
 */
export async function countMouseEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { mouseEvents: number };
    counter.mouseEvents = 0;
    for (const type of ['mousedown', 'mouseup', 'click', 'pointerdown']) {
      window.addEventListener(
        type,
        (event) => {
          if (event.isTrusted && (event as MouseEvent).detail > 0) counter.mouseEvents += 1;
        },
        true,
      );
    }
  });
}

/** Sets the mouse-event count back to zero (after signing in, which clicks). */
export const resetMouseEvents = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { mouseEvents: number }).mouseEvents = 0;
  });

/** The trusted mouse events since the last reset. */
export const mouseEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { mouseEvents: number }).mouseEvents);

/** Counts trusted Tab key presses (the test's own), for "no Tab detour". Call before the page opens. */
export async function countTabPresses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { tabPresses: number };
    counter.tabPresses = 0;
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.isTrusted && event.key === 'Tab') counter.tabPresses += 1;
      },
      true,
    );
  });
}

/** The Tab presses counted since the page opened. */
export const tabPresses = (page: Page) =>
  page.evaluate(() => (window as unknown as { tabPresses: number }).tabPresses);

/**
 * Signs in as Amara through the embedded provider's page (a click there, not counted) with the
 * mouse counter armed, landing on the Disease Activity Index with the counter at 0.
 */
export async function signInCountingMouse(page: Page): Promise<void> {
  await countMouseEvents(page);
  await page.goto('/');
  await page.waitForURL(/\/oidc\//);
  await page.getByRole('button', { name: 'Amara Okafor' }).click();
  await page.waitForURL(/\/activity$/);
  await resetMouseEvents(page);
}

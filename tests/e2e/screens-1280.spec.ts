import { expect, signIn, test, type Page } from './fixtures';
import {
  apiSession,
  call,
  commitCases,
  createActivity,
  daysAgo,
  placesOf,
  type ApiSession,
  type Activity,
} from './activity-details-setup';

/**
 * Issue 31, "What an analyst sees at 1280×800": the index screens and the entries table at the
 * analysts' laptop size, kept in docs/screenshots/ (docs/screens.md), with what was wrong there
 * asserted: no header's words running into the next column, index headers and names on one or
 * two lines, article titles given the room, and the activity title sticky under the header.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The boxes of the text a header shows (screen-reader-only text left out), measured in the page:
 * how wide it runs against its cell, and how many lines it takes.
 */
const headerText = (page: Page, table: string) =>
  page.locator(`${table} th`).evaluateAll((cells) =>
    cells.map((th) => {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      const rects: DOMRect[] = [];
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only') || node.textContent?.trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
      const box = th.getBoundingClientRect();
      const right = Math.max(box.left, ...rects.map((r) => r.right));
      const left = Math.min(box.right, ...rects.map((r) => r.left));
      const lines = new Set(rects.map((r) => Math.round(r.top))).size;
      return {
        text: th.textContent ?? '',
        overflows: right > box.right + 1 || left < box.left - 1,
        lines,
      };
    }),
  );

/** Column headers whose text runs out of their cell (into the next column). */
const overflowingHeaders = async (page: Page, table: string) =>
  (await headerText(page, table)).filter((h) => h.overflows).map((h) => h.text);

/** The most lines any header of a table wraps to. */
const headerLines = async (page: Page, table: string) =>
  Math.max(...(await headerText(page, table)).map((h) => h.lines));

test('activity index at 1280×800: headers on at most two lines, names on one', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 30_000 });
  const table = 'table[aria-label="Disease activities"]';
  expect(await headerLines(page, table)).toBeLessThanOrEqual(2);
  expect(await overflowingHeaders(page, table)).toEqual([]);
  // Disease and country names on one line (the cell's height is one row of text).
  const wrapped = await page
    .locator(`${table} tbody tr td:nth-child(3), ${table} tbody tr td:nth-child(4)`)
    .evaluateAll(
      (cells) =>
        cells.filter((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const line = parseFloat(getComputedStyle(td).lineHeight) || 20;
          return range.getBoundingClientRect().height > line * 1.5;
        }).length,
    );
  expect(wrapped).toBe(0);
  await page.screenshot({ path: 'docs/screenshots/activity-index-1280.png' });
});

test('article index at 1280×800: titles get the room, sources are sized to their content', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/article');
  await expect(page.getByTestId('article-row').first()).toBeVisible({ timeout: 30_000 });
  const title = page.getByRole('columnheader', { name: 'Article title' });
  const titleWidth = (await title.boundingBox())?.width ?? 0;
  const tableWidth = await title.evaluate(
    (th) => th.closest('table')?.getBoundingClientRect().width ?? 0,
  );
  // The title is the widest column by far (the three source columns once took 40 %).
  expect(titleWidth / tableWidth).toBeGreaterThanOrEqual(0.42);
  const sources = await page
    .getByRole('columnheader', { name: /^Source/ })
    .evaluateAll((ths) => ths.reduce((sum, th) => sum + th.getBoundingClientRect().width, 0));
  expect(sources / tableWidth).toBeLessThanOrEqual(0.33);
  expect(await overflowingHeaders(page, 'table[aria-label="Articles"]')).toEqual([]);
  await page.screenshot({ path: 'docs/screenshots/article-index-1280.png' });
});

/** Commits a day's reported cases at a country's most populous places (one table each). */
async function commitAtPlaces(session: ApiSession, activity: Activity, count: number) {
  const places = await placesOf(session, activity.countryId, count);
  const path = `/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.countryId}`;
  const detail = await call(session, 'GET', `${path}/numDays/5`);
  const answer = await call(
    session,
    'POST',
    `${path}/reports/propagate?propagate=false`,
    {
      commitChanges: true,
      warningsAccepted: true,
      cases: places.map((place, i) => ({
        locationId: place.id,
        reportedOn: daysAgo(2),
        reportedCases: { cumulative: 5 + i, newCases: null, userEntered: 'cumulative' },
      })),
    },
    { 'if-match': detail.etag ?? '' },
  );
  expect(answer.status).toBe(201);
}

test('entries table at 1280×800: headers apart, the title sticky under the header once scrolled', async ({
  page,
  baseURL,
}) => {
  const session = await apiSession(baseURL ?? '');
  const activity = await createActivity(session, 40);
  await commitCases(session, activity, [
    { reportedOn: daysAgo(20), reported: 12 },
    { reportedOn: daysAgo(10), reported: 30 },
    { reportedOn: daysAgo(3), reported: 41 },
  ]);
  // Places with entries of their own: a page long enough to scroll.
  await commitAtPlaces(session, activity, 6);
  await signIn(page);
  await page.goto(`/activity/${activity.diseaseActivityId}/${activity.countryId}`);
  const country = page.getByTestId('location-table').first();
  await expect(country).toBeVisible({ timeout: 30_000 });
  const table = '[data-testid="location-table"] table';
  expect(await overflowingHeaders(page, table)).toEqual([]);
  await page.screenshot({ path: 'docs/screenshots/entries-table-1280.png' });

  // Scrolled: the title stays in view, just below the global header.
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const header = await page.getByRole('banner').boundingBox();
  const title = await page.getByTestId('activity-title').boundingBox();
  expect(header).not.toBeNull();
  expect(title).not.toBeNull();
  if (header !== null && title !== null) {
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(title.y).toBeLessThan(header.y + header.height + 40);
  }
  await page.screenshot({ path: 'docs/screenshots/entries-table-1280-scrolled.png' });
});

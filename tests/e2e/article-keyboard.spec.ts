import { expect, test, type Page } from './fixtures';
import { mouseEvents, signInCountingMouse } from '../support/mouse-events';

/**
 * Issue 14, the article side from the keys: j/k (or ]/[) on an article's details open the next
 * or previous article of the list it was opened from, Escape or u go back to that list with the
 * selection kept and the focus on its row; the search box hands the keyboard to the results
 * (ArrowDown, Enter) and Escape leaves it with the query kept.
 */

async function openArticleIndex(page: Page) {
  await signInCountingMouse(page);
  // Straight to the index (the token is kept): its rows must be there before the first key.
  await page.goto('/article');
  await expect(page.getByTestId('article-count')).toContainText('article(s) found', {
    timeout: 30_000,
  });
}

const rowIds = (page: Page) =>
  page
    .getByTestId('article-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-article-id') ?? ''));

const heading = (page: Page, id: string) =>
  page.getByRole('heading', { level: 1, name: `Article ${id}` });

const focusedRowId = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('data-testid') === 'article-row'
      ? active.getAttribute('data-article-id')
      : null;
  });

test('details: j/k and ]/[ walk the list, across its next page; Escape and u go back to the row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openArticleIndex(page);
  const ids = await rowIds(page);
  expect(ids.length).toBeGreaterThan(3);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(heading(page, ids[1] ?? '')).toBeVisible();

  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/article/${ids[2]}$`));
  await expect(heading(page, ids[2] ?? '')).toBeVisible();
  await page.screenshot({ path: 'screenshots/article-details-list-keys.png' });
  await page.keyboard.press('k');
  await expect(heading(page, ids[1] ?? '')).toBeVisible();
  await page.keyboard.press(']');
  await expect(heading(page, ids[2] ?? '')).toBeVisible();
  await page.keyboard.press('[');
  await expect(heading(page, ids[1] ?? '')).toBeVisible();
  await page.keyboard.press('[');
  await expect(heading(page, ids[0] ?? '')).toBeVisible();
  // Before the first row there is nothing to open.
  await page.keyboard.press('k');
  await expect(heading(page, ids[0] ?? '')).toBeVisible();

  // The ? sheet lists the keys (generated from the command registry).
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('Open next article of the list');
  await expect(sheet).toContainText('Back to the article list');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Escape: back to the list, the row selected and focused; j goes on from it.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/article$/);
  const first = page.locator(`[data-testid="article-row"][data-article-id="${ids[0]}"]`);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toBeFocused();
  await page.screenshot({ path: 'screenshots/article-index-back-from-details.png' });
  await page.keyboard.press('j');
  await expect.poll(() => focusedRowId(page)).toBe(ids[1]);

  // Near the first page's end, j has the next one fetched (ahead, 20 rows before its last row,
  // or at it): the footer says so, and the selection moved one row per j all along.
  const footer = page.getByText(/^\d+ of \d+ loaded$/);
  await expect(footer).toHaveText(/^100 of/);
  const selectedRow = page.locator('[data-testid="article-row"][aria-selected="true"]');
  const selectedIndex = async () => Number(await selectedRow.getAttribute('data-index'));
  for (let i = 0; i < 150 && /^100 of/.test((await footer.textContent()) ?? ''); i += 1) {
    const before = await selectedIndex();
    await page.keyboard.press('j');
    await expect(selectedRow).toHaveAttribute('data-index', String(before + 1));
  }
  await expect(footer).toHaveText(/^200 of/);

  // A fresh search (an empty one, from the keys) shows the first page again, nothing selected.
  await page.keyboard.press('/');
  await page.keyboard.type('a');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-reading')).toContainText('matching');
  await page.keyboard.press('/');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  // The empty query reads as everything (the line is never blank: it says what is shown).
  await expect(page.getByTestId('search-reading')).toHaveText('Showing all articles');
  await expect(footer).toHaveText(/^100 of/);
  await expect(page.getByTestId('article-row').first()).toBeFocused();
  // From the details of the first row, j walks the list past the first page's 100 articles
  // (at most 100 rows: clusters are one row): the next page is fetched on the way.
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/article\/\d+$/);
  for (let i = 0; i < 100; i += 1) {
    const before = page.url();
    await page.keyboard.press('j');
    await expect(page).not.toHaveURL(before);
  }
  const nextId = /\/article\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await page.keyboard.press('u');
  // 200, or 300 when j came within 20 rows of the second page's end too.
  await expect(footer).toHaveText(/^[23]00 of/);
  const row = page.locator(`[data-testid="article-row"][data-article-id="${nextId}"]`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeFocused();
  expect(await mouseEvents(page)).toBe(0);
});

test('search box: ArrowDown and Enter go into the results; Escape keeps the query', async ({
  page,
}) => {
  await openArticleIndex(page);
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await page.keyboard.type('cholera');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-reading')).toContainText(/cholera/i);
  const first = page.getByTestId('article-row').first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  const second = page.getByTestId('article-row').nth(1);
  await expect(second).toBeFocused();
  await page.screenshot({ path: 'screenshots/article-index-search-into-results.png' });

  // Back to the box: the query is kept; Escape returns to the selected row, query still there.
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('cholera');
  await expect(second).toBeFocused();

  // ArrowDown after editing: the new search runs first, then its first row takes the focus.
  await page.keyboard.press('/');
  // '/' selects the query (to type over it); End keeps it and adds to it.
  await page.keyboard.press('End');
  await page.keyboard.type(' mpox');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('search-reading')).toContainText(/mpox/i);
  await expect(page.getByTestId('article-row').first()).toBeFocused();
  await expect(box).toHaveValue('cholera mpox');
  expect(await mouseEvents(page)).toBe(0);
});

import { expect, type Page, signIn, test, pressSequence } from './fixtures';
import { storeUnreadFilter } from './search-service';
import { countMouseEvents, mouseEvents, resetMouseEvents } from '../support/mouse-events';

/**
 * The article index in real Chromium against the real server and its seeded demo articles,
 * signed in through the embedded OpenID provider. Nothing of ours is mocked.
 */

async function openArticleIndex(page: Page, name = 'Amara Okafor') {
  await signIn(page, name);
  // The landing screen loads its list first; keys typed before the app is ready are lost.
  await expect(page.getByTestId('activity-count')).toContainText('disease activities');
  await pressSequence(page, 'g r');
  await expect(page).toHaveURL(/\/article$/);
  await expect(page.getByTestId('article-count')).toContainText('article(s) found');
}

/** The number of 'N article(s) found', once a count is shown (a fresh search blanks it). */
async function foundCount(page: Page): Promise<number> {
  const count = page.getByTestId('article-count');
  await expect(count).toHaveText(/\d+ article\(s\) found/);
  const text = (await count.textContent()) ?? '';
  const match = /(\d+) article\(s\) found/.exec(text);
  if (!match) throw new Error(`no count in '${text}'`);
  return Number(match[1]);
}

async function search(page: Page, text: string): Promise<number> {
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  // Listening before the text is typed: a search answered before a listener added after the
  // fill was waited for until the test's timeout (seen twice under load).
  const answered = page
    .waitForResponse((r) => r.url().includes('/search/indexes/'))
    .catch(() => undefined);
  await box.fill(text);
  // The count clears while a fresh search runs, then shows the new total.
  await expect(page.getByTestId('search-reading')).not.toBeEmpty();
  await answered;
  await expect(page.getByTestId('article-count')).toContainText('article(s) found');
  await page.waitForTimeout(400);
  return foundCount(page);
}

const titles = (page: Page) => page.getByTestId('article-title').allTextContents();

test('keyword syntax and a phrase find the expected seeded articles', async ({ page }) => {
  await openArticleIndex(page);
  const all = await foundCount(page);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeFocused();

  // A phrase: the seed writes 'Rapid response teams deployed as {disease} cases rise…' titles.
  const phrase = await search(page, '"Rapid response teams deployed"');
  expect(phrase).toBeGreaterThan(0);
  expect(phrase).toBeLessThan(all);
  for (const title of await titles(page)) expect(title).toContain('Rapid response teams deployed');

  const cholera = await search(page, 'cholera');
  const mpox = await search(page, 'mpox');
  expect(cholera).toBeGreaterThan(0);
  expect(mpox).toBeGreaterThan(0);
  // A space is OR, + is AND, - is NOT.
  expect(await search(page, 'cholera mpox')).toBeGreaterThanOrEqual(Math.max(cholera, mpox));
  expect(await search(page, '+cholera +mpox')).toBeLessThanOrEqual(Math.min(cholera, mpox));
  const notMpox = await search(page, 'cholera -mpox');
  expect(notMpox).toBeLessThanOrEqual(cholera);
  for (const title of await titles(page)) expect(title.toLowerCase()).not.toContain('mpox');
  await expect(page.getByTestId('search-reading')).toContainText(/cholera/i);

  await page.getByRole('button', { name: 'Search syntax' }).click();
  await expect(page.getByText('a term wrapped in double quotes is an exact phrase')).toBeVisible();
});

test('filters apply on submit, validate dates and survive a reload', async ({ page }) => {
  await openArticleIndex(page);
  const all = await foundCount(page);
  await page.keyboard.press('f');
  const form = page.getByRole('form', { name: 'Article filters' });
  await expect(form).toBeVisible();

  await form.getByLabel('From', { exact: true }).fill('2024/13/01');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Must be a valid date in format YYYY/MM/DD')).toBeVisible();
  await form.getByLabel('From', { exact: true }).fill('');
  await form.getByLabel('To time').selectOption('13:00');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Date can not be empty when time is provided')).toBeVisible();
  await form.getByLabel('To time').selectOption('');

  // 'OI System' disables 'Hide Pubcrawler Articles'.
  await form.getByRole('button', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'OI System' }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByLabel('Hide Pubcrawler Articles')).toBeDisabled();
  await form.getByRole('button', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'OI System' }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByLabel('Hide Pubcrawler Articles')).toBeEnabled();

  // The preset of 22 commonly excluded diseases.
  await form.getByRole('button', { name: 'Exclude common diseases' }).click();
  await expect(form.getByRole('button', { name: /Excluded diseases|22 selected/ })).toContainText(
    '22 selected',
  );

  await form.getByLabel('Linked to activity').check();
  await form.getByLabel('Linked to activity').press('Enter');
  await expect(page.getByTestId('article-count')).not.toContainText(`${all} article`);
  const linked = await foundCount(page);
  expect(linked).toBeLessThan(all);
  // Every row is linked: the title cell shows the pathogen icon.
  const firstRows = page.getByTestId('article-row');
  for (let i = 0; i < Math.min(5, linked); i += 1) {
    await expect(
      firstRows.nth(i).getByRole('img', { name: 'Linked to a disease activity' }),
    ).toBeVisible();
  }
  await page.screenshot({ path: 'screenshots/article-index-filters-open.png' });

  await page.reload();
  await expect(page.getByTestId('article-count')).toContainText(`${linked} article(s) found`);
  await expect(page.getByRole('button', { name: /Filters/ })).toContainText('2 active');
  await page.keyboard.press('f');
  await expect(form.getByLabel('Linked to activity')).toBeChecked();
  const stored = JSON.parse(
    await page.evaluate(() => localStorage.getItem('articleIndex_filters') ?? '{}'),
  ) as { isLinkedToActivity?: boolean; excludedDiseases?: number[] };
  expect(stored.isLinkedToActivity).toBe(true);
  expect(stored.excludedDiseases).toHaveLength(22);
});

test('a cluster expands by click and by keyboard', async ({ page }) => {
  await openArticleIndex(page);
  await page.screenshot({ path: 'screenshots/article-index-default.png' });
  const parent = page
    .locator('[data-testid="article-row"]:has([aria-label^="Expand cluster"])')
    .first();
  await expect(parent).toBeVisible();
  const parentId = await parent.getAttribute('data-article-id');
  const expand = parent.getByRole('button', { name: /^Expand cluster/ });
  await expand.click();
  await expect(
    page.locator('[data-testid="article-row"][data-child="true"]').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/article$/);
  await page.screenshot({ path: 'screenshots/article-index-cluster-expanded.png' });

  // ArrowLeft on the parent collapses, x expands again.
  await page.keyboard.press('j');
  while (
    (await page.locator('[aria-selected="true"]').getAttribute('data-article-id')) !== parentId
  ) {
    await page.keyboard.press('j');
  }
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-testid="article-row"][data-child="true"]')).toHaveCount(0);
  await page.keyboard.press('x');
  await expect(
    page.locator('[data-testid="article-row"][data-child="true"]').first(),
  ).toBeVisible();
});

test('click and keyboard mark read, and the envelope agrees after a reload', async ({ page }) => {
  await openArticleIndex(page);
  const unread = page.locator(
    '[data-testid="article-row"]:has([data-testid="read-toggle"][aria-pressed="false"])',
  );
  const first = unread.nth(0);
  const firstId = (await first.getAttribute('data-article-id')) ?? '';
  const updated = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/api/articles/${firstId}`),
  );
  await first.getByTestId('read-toggle').click();
  await expect(
    page.locator(`[data-article-id="${firstId}"] [data-testid="read-toggle"]`),
  ).toHaveAttribute('aria-pressed', 'true');
  expect((await updated).ok()).toBe(true);

  // Keyboard: n selects the first unread article (a hidden child of a cluster whose parent is
  // read counts too: its cluster opens), then m marks it read.
  await page.keyboard.press('Escape');
  await page.locator('body').press('n');
  const selected = page.locator('[data-testid="article-row"][aria-selected="true"]');
  await expect(selected.getByTestId('read-toggle')).toHaveAttribute('aria-pressed', 'false');
  const secondId = (await selected.getAttribute('data-article-id')) ?? '';
  // A child's parent: the nearest row above it that is not a child (to open it after a reload).
  const secondParentId = await selected.evaluate((row) => {
    if (row.getAttribute('data-child') !== 'true') return null;
    let above = row.previousElementSibling;
    while (above !== null && above.getAttribute('data-child') === 'true') {
      above = above.previousElementSibling;
    }
    return above?.getAttribute('data-article-id') ?? null;
  });
  const keyUpdate = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/api/articles/${secondId}`),
  );
  await page.keyboard.press('m');
  expect((await keyUpdate).ok()).toBe(true);

  // A row click marks read and opens the article.
  const thirdId = (await unread.nth(0).getAttribute('data-article-id')) ?? '';
  await page.locator(`[data-article-id="${thirdId}"] [data-testid="article-title"]`).click();
  await expect(page).toHaveURL(new RegExp(`/article/${thirdId}$`));

  await page.goto('/article');
  if (secondParentId !== null) {
    await page
      .locator(`[data-article-id="${secondParentId}"]`)
      .getByRole('button', { name: /^Expand cluster/ })
      .click();
  }
  for (const id of [firstId, secondId, thirdId]) {
    await expect(
      page.locator(`[data-article-id="${id}"] [data-testid="read-toggle"]`),
    ).toHaveAttribute('aria-pressed', 'true');
  }
});

test('a script triages 50 articles with zero mouse events', async ({ page }) => {
  await countMouseEvents(page);
  await openArticleIndex(page);
  // Only unread articles (restored from the stored filters on load).
  await storeUnreadFilter(page);

  await page.reload();
  await expect(page.getByTestId('article-count')).toContainText('article(s) found');
  const before = await foundCount(page);
  expect(before).toBeGreaterThan(50);
  await resetMouseEvents(page);

  const puts: string[] = [];
  // Count answered updates, not sent ones: a reload must not cut the last one off.
  page.on('response', (r) => {
    const request = r.request();
    if (request.method() === 'PUT' && /\/api\/articles\/\d+$/.test(r.url()) && r.ok()) {
      puts.push(r.url());
    }
  });
  await page.keyboard.press('j');
  for (let i = 0; i < 50; i += 1) await page.keyboard.press('n');
  await expect.poll(() => puts.length).toBe(50);
  expect(await mouseEvents(page)).toBe(0);

  await page.reload();
  await expect(page.getByTestId('article-count')).toContainText(`${before - 50} article(s) found`);
});

test('suggested mode: only the given articles, with an Associate toggle by click, key and palette', async ({
  page,
}) => {
  await openArticleIndex(page);
  const rows = page.getByTestId('article-row');
  const ids = await Promise.all(
    [0, 1, 2].map(async (i) => (await rows.nth(i).getAttribute('data-article-id')) ?? ''),
  );
  await page.goto(`/article?suggested=${ids.join(',')}&target=Cholera%20in%20Nigeria`);
  await expect(page.getByTestId('article-count')).toHaveText('3 article(s) found');
  const banner = page.getByRole('region', { name: 'Suggested articles' });
  await expect(banner).toContainText('Suggested articles for Cholera in Nigeria');
  await expect(page.getByTestId('associated-count')).toHaveText('0 of 3 associated');
  // Column 8, not sortable; the filter panel does not apply here.
  await expect(page.getByRole('columnheader', { name: 'Associate' })).toBeVisible();
  await expect(
    page.getByRole('columnheader', { name: 'Associate' }).getByRole('button'),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  // The same articles, in their own date order (a parent shown first for a newer child moves).
  const shown = await rows.evaluateAll((r) =>
    r.map((e) => e.getAttribute('data-article-id') ?? ''),
  );
  expect([...shown].sort()).toEqual([...ids].sort());

  // A click toggles without opening the article.
  const toggleOf = (id: string) =>
    page.locator(`[data-article-id="${id}"] [data-testid="associate-toggle"]`);
  await toggleOf(shown[0] ?? '').click();
  await expect(toggleOf(shown[0] ?? '')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/article\?suggested=/);
  await expect(page.getByTestId('associated-count')).toHaveText('1 of 3 associated');

  // l on the selected row, twice: on, then off.
  await page.keyboard.press('Escape');
  await page.locator('body').press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  const selected = (await rows.nth(1).getAttribute('data-article-id')) ?? '';
  await page.keyboard.press('l');
  await expect(toggleOf(selected)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('associated-count')).toHaveText('2 of 3 associated');
  await page.keyboard.press('l');
  await expect(page.getByTestId('associated-count')).toHaveText('1 of 3 associated');
  await page.screenshot({ path: 'screenshots/article-index-suggested.png' });

  // The ? sheet lists the key; the palette runs the same command.
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog')).toContainText('Associate / unassociate (suggested mode)');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('Associate / unassociate');
  await page.keyboard.press('Enter');
  await expect(toggleOf(selected)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('associated-count')).toHaveText('2 of 3 associated');

  // Back to every article: the column goes, the filters come back.
  await page.getByRole('link', { name: 'Show all articles' }).click();
  await expect(page).toHaveURL(/\/article$/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Associate' })).toHaveCount(0);
  await expect(page.getByTestId('associate-toggle')).toHaveCount(0);
});

test('sorting, Show more rows, the empty state, the title cell, and o / Enter open', async ({
  page,
}) => {
  await openArticleIndex(page);
  const rows = page.getByTestId('article-row');
  // Sort toggles on a header; another column starts ascending.
  const title = page.getByRole('columnheader', { name: 'Article title' });
  await title.getByRole('button').click();
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toBeVisible();
  const initials = (await titles(page)).slice(0, 8).map((t) => t.charAt(0).toUpperCase());
  expect(initials).toEqual([...initials].sort());
  await title.getByRole('button').click();
  await expect(title).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: 'Inserted date' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Inserted date' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // Show more rows appends the next 100.
  await page.getByRole('button', { name: 'Show more rows' }).click();
  await expect(page.getByText(/^200 of \d+ loaded$/)).toBeVisible();

  // The title cell: the summary tooltip (5 lines at most) and the context tags as a list.
  const summary = page.getByRole('img', { name: 'Summary' }).first();
  await summary.hover();
  await expect(page.getByRole('tooltip').locator('p.line-clamp-5').first()).toBeVisible();
  const tags = page.getByRole('img', { name: /^Context tags: / }).first();
  await tags.hover();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Context tags' }).getByRole('listitem').first(),
  ).toBeVisible();
  // Suggested tags show on unread rows only.
  for (const row of await page
    .locator('[data-testid="article-row"]:has([aria-label^="Suggested context tags"])')
    .all()) {
    await expect(row.getByTestId('read-toggle')).toHaveAttribute('aria-pressed', 'false');
  }

  // o and Enter open the selected article.
  await page.mouse.move(0, 0);
  await page.locator('body').press('j');
  const firstId = (await rows.first().getAttribute('data-article-id')) ?? '';
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/article/${firstId}$`));
  await page.goBack();
  await expect(rows.first()).toBeVisible();
  await page.locator('body').press('j');
  const selectedId =
    (await page.locator('[aria-selected="true"]').getAttribute('data-article-id')) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/article/${selectedId}$`));
  await page.goBack();

  // Nothing matches: 'No articles found'.
  expect(await search(page, 'zzqxjv')).toBe(0);
  await expect(page.getByText('No articles found')).toBeVisible();
});

test('Shift+A marks read only the rows the filter shows, after a confirmation', async ({
  page,
}) => {
  await openArticleIndex(page);
  const unreadRows = page.locator(
    '[data-testid="article-row"]:has([data-testid="read-toggle"][aria-pressed="false"])',
  );
  const before = await search(page, 'cholera');
  expect(before).toBeGreaterThan(0);
  await expect(unreadRows.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('body').press('Shift+A');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /mark/i }).click();
  await expect(unreadRows).toHaveCount(0);
  // Outside the filter, unread articles stay unread.
  await search(page, 'measles');
  await expect(unreadRows.first()).toBeVisible();
});

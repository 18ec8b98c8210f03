import { expect, test, type Page, signIn } from './fixtures';
import { seriousViolations } from './axe';

/**
 * Issue 14: an axe-core scan (WCAG 2 A and AA rules) of the article screens and their dialogs,
 * the palette, the `?` sheet, feed sources, suggested actions and settings, in real Chromium
 * against the real server, signed in through the real flow: no serious or critical violation.
 * Each screen is scanned once as a whole; a dialog is then scanned alone (the page behind it
 * was scanned), which keeps every test well under a minute.
 */

async function openArticleIndex(page: Page, search = '') {
  await page.goto(`/article${search}`);
  await expect(page.getByTestId('article-count')).toContainText('article(s) found', {
    timeout: 30_000,
  });
}

const dialog = (page: Page) => page.getByRole('dialog');

test('sign-in page, article index and the mark-all-read confirmation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await expect(page.getByRole('button', { name: 'Amara Okafor' })).toBeVisible();
  expect(await seriousViolations(page), 'sign-in page').toEqual([]);
  await page.getByRole('button', { name: 'Amara Okafor' }).click();
  await expect(page).toHaveURL(/\/activity$/);

  await openArticleIndex(page);
  await page.keyboard.press('j');
  await expect(page.getByTestId('article-row').first()).toBeFocused();
  expect(await seriousViolations(page), 'article index, a row selected').toEqual([]);

  await page.keyboard.press('Shift+A');
  await expect(dialog(page)).toContainText('Mark all as read');
  await expect(dialog(page).getByRole('button', { name: 'Mark read' })).toBeFocused();
  expect(await seriousViolations(page, 'dialog'), 'mark-all-read confirmation').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('article index: filters open and suggested mode', async ({ page }) => {
  await signIn(page);
  await openArticleIndex(page);
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Filters' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(await seriousViolations(page), 'article index, filters open').toEqual([]);

  const ids = await page
    .getByTestId('article-row')
    .evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-article-id')));
  await openArticleIndex(page, `?suggested=${ids.join(',')}&target=Cholera%20in%20Nigeria`);
  await expect(page.getByTestId('article-row')).toHaveCount(3);
  expect(await seriousViolations(page), 'article index, suggested mode').toEqual([]);
});

test('add article dialog', async ({ page }) => {
  await signIn(page);
  await openArticleIndex(page);
  await page.keyboard.press('a');
  await expect(dialog(page)).toContainText('Add an article');
  expect(await seriousViolations(page, 'dialog'), 'add article').toEqual([]);
  // Submitted empty: the form's messages are shown, and scanned too.
  await dialog(page).getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page)).toContainText('Article URL is required');
  expect(await seriousViolations(page, 'dialog'), 'add article with messages').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('command palette and the ? sheet', async ({ page }) => {
  await signIn(page);
  await openArticleIndex(page);
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.type('feed');
  expect(await seriousViolations(page, 'dialog'), 'palette').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await page.keyboard.press('Shift+?');
  await expect(dialog(page)).toContainText('Next article');
  expect(await seriousViolations(page, 'dialog'), '? sheet').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test('article details', async ({ page }) => {
  await signIn(page);
  await openArticleIndex(page);
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1, name: /^Article \d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'IV. Related Articles' })).toBeVisible();
  expect(await seriousViolations(page), 'article details').toEqual([]);
});

test('feed sources and the delete confirmation', async ({ page }) => {
  await signIn(page);
  await page.goto('/feeds');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'feed sources, none').toEqual([]);

  // A source nobody serves (it fails), so the table, its health and the dialog are shown; it is
  // deleted again (feeds.spec.ts starts from no source).
  const form = page.getByRole('form', { name: 'Add a feed source' });
  await form.getByLabel('Name').fill('Unreachable test feed');
  await form.getByLabel('Feed').selectOption({ label: 'ProMED' });
  await form.getByLabel('URL (RSS 2.0 or Atom)').fill('http://127.0.0.1:9/none.rss');
  await form.getByRole('button', { name: 'Add source' }).click();
  const table = page.getByRole('table', { name: 'Feed sources' });
  await expect(table).toContainText('Unreachable test feed');
  expect(await seriousViolations(page), 'feed sources, one').toEqual([]);

  await table.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText('Delete feed source');
  await expect(dialog(page).getByRole('button', { name: 'Delete' })).toBeFocused();
  expect(await seriousViolations(page, 'dialog'), 'delete feed source').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText('No feed sources')).toBeVisible();
});

test('suggested actions, settings and a page that does not exist', async ({ page }) => {
  await signIn(page);
  await page.goto('/activity?suggestions=open');
  await expect(page.getByRole('heading', { name: /Suggested actions/i }).first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await seriousViolations(page, 'dialog'), 'suggested actions').toEqual([]);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'settings').toEqual([]);

  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await seriousViolations(page), 'page not found').toEqual([]);
});

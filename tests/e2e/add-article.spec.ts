import { expect, test, type Page, signIn } from './fixtures';

/** The add-article form through the palette command, against the real server. */

test('add article shows each validation message, then succeeds and links to the new article', async ({
  page,
}) => {
  await signIn(page, 'Amara Okafor');
  await page.goto('/article/1');
  await expect(page.getByRole('heading', { name: 'I. Overview' })).toBeVisible();

  // The palette's 'Add an article'.
  await page.keyboard.press('Control+k');
  // The palette loads lazily: type once it is open.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('Add an article');
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add an article' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Source category')).toBeDisabled();

  await form.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Article title is required',
    'Article URL is required',
    'Source sub-category is required',
    'Source category is required',
    'Source priority is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: 'screenshots/add-article-errors.png' });

  await form.getByLabel('Article URL').fill('not a url');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Article URL must be formatted as a URL')).toBeVisible();

  // An unknown domain: the lookup fails, the source fields stay cleared and disabled.
  await form.getByLabel('Article URL').fill('https://unknown-domain.invalid/story');
  await expect(
    form.getByText('No source is registered for this URL; find the source by name.'),
  ).toBeVisible();
  await expect(form.getByLabel('Source category')).toBeDisabled();

  // A registered domain fills the three source fields.
  await form.getByLabel('Article URL').fill('https://www.who.int/news/item/e2e-story');
  await expect(form.getByLabel('Source category')).toBeEnabled();
  await expect(form.getByLabel('Source category')).not.toHaveValue('');
  await expect(form.getByLabel('Source sub-category')).not.toHaveValue('');
  await expect(form.getByLabel('Source priority')).not.toHaveValue('');
  await form.getByLabel('Article title').fill('E2E: Quokkapox cholera cases rise');
  await page.screenshot({ path: 'screenshots/add-article-form.png' });
  await form.getByRole('button', { name: 'Submit' }).click();

  const done = page.getByRole('dialog', { name: 'Article successfully added' });
  await expect(done).toBeVisible();
  const link = done.getByRole('link', { name: /Article \d+/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/article\/\d+$/);
  // OK clears the created state: the dialog goes, and the form (key a) opens empty without it.
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
  await page.locator('body').press('a');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Article title')).toHaveValue('');
  await expect(done).toBeHidden();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  await page.goto(href ?? '');
  await expect(page.getByText('E2E: Quokkapox cholera cases rise').first()).toBeVisible();
  // A custom article is published when it is added (docs/decisions/0032-custom-article-published-date.md).
  const overview = page.getByRole('region', { name: 'I. Overview' });
  await expect(overview.getByText('Publication date')).toBeVisible();
  await expect(overview.locator('dd').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2} /);
  for (const name of [
    'I. Overview',
    'II. Content',
    'III. Disease Activities Referenced',
    'IV. Related Articles',
  ]) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
  await expect(
    page.getByText('This article has not been referenced within the tool'),
  ).toBeVisible();

  // The index finds it, with its published date.
  await page.goto('/article');
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('quokkapox');
  await expect(page.getByTestId('article-count')).toHaveText('1 article(s) found');
  const row = page.getByTestId('article-row');
  await expect(row.getByTestId('article-title')).toHaveText('E2E: Quokkapox cholera cases rise');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{4}\/\d{2}\/\d{2} /);
});

/** The label of the option a native select shows. */
const chosenLabel = (select: ReturnType<Page['getByLabel']>) => select.locator('option:checked');

test('a source picked by search fills the source fields, by keyboard alone', async ({ page }) => {
  await signIn(page, 'Amara Okafor');
  await page.goto('/article');
  await expect(page.getByTestId('article-count')).toBeVisible();
  await page.locator('body').press('a');
  const form = page.getByRole('dialog', { name: 'Add an article' });
  await expect(form).toBeVisible();
  const picker = form.getByRole('combobox', { name: 'Find the source' });
  // Source options appear only after a URL is provided (spec 000 §2): so does the search.
  await expect(picker).toBeDisabled();

  // A domain nobody registered: the lookup fails and the fields are disabled...
  await page.keyboard.type('https://local-gazette.invalid/outbreak');
  await expect(
    form.getByText('No source is registered for this URL; find the source by name.'),
  ).toBeVisible();
  await expect(form.getByLabel('Source category')).toBeDisabled();

  // ...so the analyst finds the source by name: Tab goes straight to the picker.
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await page.keyboard.type('who');
  const results = page.getByRole('listbox', { name: 'Find the source results' });
  const options = results.getByRole('option');
  await expect(options.first()).toBeVisible();
  const offered = await options.allTextContents();
  expect(offered.length).toBeGreaterThan(1);
  expect(offered.length).toBeLessThanOrEqual(10);
  // Every word typed starts a label of the domain ('afro.who.int' too).
  for (const text of offered) expect(text).toMatch(/(^|\.)who/);
  expect(offered.some((text) => text.startsWith('afro.who.int'))).toBe(true);
  await page.screenshot({ path: 'screenshots/add-article-source-options.png' });

  await picker.fill('');
  await page.keyboard.type('reut');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('reuters.com');
  await expect(options.first()).toContainText('Wire service');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('reuters.com');

  await expect(form.getByLabel('Source category')).toBeEnabled();
  await expect(chosenLabel(form.getByLabel('Source sub-category'))).toHaveText('Wire service');
  await expect(chosenLabel(form.getByLabel('Source priority'))).toHaveText('High');
  await form.getByLabel('Article title').fill('E2E: a source found by search');
  await page.screenshot({ path: 'screenshots/add-article-source-search.png' });
  await form.getByRole('button', { name: 'Submit' }).click();
  const done = page.getByRole('dialog', { name: 'Article successfully added' });
  await expect(done).toBeVisible();
  const href = await done.getByRole('link', { name: /Article \d+/ }).getAttribute('href');
  await done.getByRole('button', { name: 'OK' }).click();

  // The article carries the source chosen.
  await page.goto(href ?? '');
  await expect(page.getByText('E2E: a source found by search').first()).toBeVisible();
  await expect(page.getByText('Wire service').first()).toBeVisible();
});

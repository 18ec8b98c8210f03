import { expect, signIn, test, type Locator, type Page } from './fixtures';

/**
 * The disease activity index and the new activity form in real Chromium, against the real
 * server and its seeded activities (120), signed in through the embedded OpenID provider.
 * Nothing of ours is mocked.
 */

async function openActivityIndex(page: Page) {
  await signIn(page);
  await expect(page.getByTestId('activity-count')).toContainText('disease activities');
}

/** 'N of M disease activities' → [N, M], once no search is running. */
async function counts(page: Page): Promise<[number, number]> {
  const count = page.getByTestId('activity-count');
  await expect(count).not.toContainText('…');
  const match = /(\d+) of (\d+) disease activities/.exec((await count.textContent()) ?? '');
  if (!match) throw new Error('no count');
  return [Number(match[1]), Number(match[2])];
}

async function search(page: Page, text: string): Promise<number> {
  await page.getByRole('searchbox', { name: 'Search disease activities' }).fill(text);
  // 250 ms debounce, then the worker answers: the table says which search its rows answer.
  const count = page.getByTestId('activity-count');
  await expect(count).toHaveAttribute('data-answered-search', text);
  await expect(count).toHaveAttribute('aria-busy', 'false');
  return (await counts(page))[0];
}

interface Row {
  readonly disease: string;
  readonly country: string;
  readonly species: string;
}
const rows = (page: Page) => page.getByTestId('activity-row');
/**
 * Waits for every row of the page the range names ("Showing 1–50 of 128"): the table mounts the
 * rows in view first and the rest a frame later, and a check over the column reads them all.
 */
async function pageRowsMounted(page: Page): Promise<void> {
  const range = (await page.getByTestId('activity-range').textContent()) ?? '';
  const m = /Showing (\d+)–(\d+) of/.exec(range);
  if (m) await expect(rows(page)).toHaveCount(Number(m[2]) - Number(m[1]) + 1);
}
async function rowTexts(page: Page): Promise<Row[]> {
  await pageRowsMounted(page);
  const out: Row[] = [];
  for (const row of await rows(page).all()) {
    const cells = row.locator('td');
    out.push({
      disease: (await cells.nth(2).textContent()) ?? '',
      country: (await cells.nth(3).textContent()) ?? '',
      species: (await cells.nth(4).textContent()) ?? '',
    });
  }
  return out;
}
async function columnTexts(page: Page, index: number): Promise<string[]> {
  await pageRowsMounted(page);
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

/** 'yyyy/MM/dd hh:mm a' → a sortable number. */
function localStamp(text: string): number {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}) (AM|PM)$/.exec(text.trim());
  if (!m) return -1;
  const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0);
  return Number(`${m[1]}${m[2]}${m[3]}${String(hour).padStart(2, '0')}${m[5]}`);
}

test('search, chips, sort, paging and keyboard on the seeded activities', async ({ page }) => {
  await openActivityIndex(page);
  const [shown, loaded] = await counts(page);
  // 120 seeded; another test may have created one already.
  expect(loaded).toBeGreaterThanOrEqual(120);
  expect(shown).toBe(loaded);
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByTestId('activity-range')).toHaveText(`Showing 1–50 of ${loaded}`);
  await expect(page.getByPlaceholder('Enter a disease, country, or species')).toBeVisible();

  // Default sort: Last Committed, newest first.
  await expect(header(page, 'Last Committed (local time)')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const committed = (await columnTexts(page, 10)).map(localStamp).filter((n) => n > 0);
  expect(committed).toEqual([...committed].sort((a, b) => b - a));
  await page.screenshot({ path: 'screenshots/activity-index.png' });

  // Paging: 50 a page.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('activity-range')).toHaveText(`Showing 51–100 of ${loaded}`);
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows(page)).toHaveCount(loaded - 100);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(page.getByTestId('activity-range')).toHaveText(`Showing 1–50 of ${loaded}`);

  // Sorting toggles ascending and descending.
  // The header says the new order at once; the rows follow when the worker answers, so the
  // names are read until they are in order (a read before the answer sees the old order).
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  const diseaseNames = async () => {
    const names = await columnTexts(page, 2);
    return names.length > 0 ? names : null;
  };
  await header(page, 'Disease').getByRole('button').click();
  await expect(header(page, 'Disease')).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const up = await diseaseNames();
      return up !== null && up.join('|') === [...up].sort(byName).join('|');
    })
    .toBe(true);
  await header(page, 'Disease').getByRole('button').click();
  await expect(header(page, 'Disease')).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const down = await diseaseNames();
      return down !== null && down.join('|') === [...down].sort((a, b) => byName(b, a)).join('|');
    })
    .toBe(true);

  // A quoted phrase: case-insensitive, inside the disease, location or species name.
  const sample = (await rowTexts(page))[0];
  if (!sample) throw new Error('no rows');
  const phrase = sample.disease.slice(0, Math.min(sample.disease.length, 7)).toUpperCase();
  const phraseCount = await search(page, `"${phrase}"`);
  expect(phraseCount).toBeGreaterThan(0);
  for (const row of await rowTexts(page)) {
    expect(`${row.disease}|${row.country}|${row.species}`.toUpperCase()).toContain(phrase);
  }

  // + and -: prefixes of words; a space is OR.
  const diseaseWord = (sample.disease.split(/\s+/)[0] ?? '').slice(0, 4).toLowerCase();
  const countryWord = (sample.country.split(/\s+/)[0] ?? '').toLowerCase();
  const either = await search(page, diseaseWord);
  const both = await search(page, `+${diseaseWord} +${countryWord}`);
  expect(both).toBeGreaterThan(0);
  for (const row of await rowTexts(page)) {
    expect(row.country.toLowerCase()).toContain(countryWord);
  }
  const without = await search(page, `${diseaseWord} -${countryWord}`);
  expect(without).toBe(either - both);
  for (const row of await rowTexts(page)) expect(row.country).not.toBe(sample.country);

  // A search error shows all data; nothing found shows 'No matching results'.
  expect(await search(page, `${diseaseWord} -`)).toBe(loaded);
  await expect(page.getByTestId('activity-search-hint')).toContainText('showing all activities');
  await search(page, 'zzzqqq');
  await expect(page.getByText('No matching results')).toBeVisible();
  await search(page, '');

  // Chips: 'Update needed' rows only, with the tooltip; a second group narrows further.
  const chip = page.getByRole('button', { name: /^Update needed \d+$/ });
  const chipCount = Number(/(\d+)$/.exec((await chip.textContent()) ?? '')?.[1]);
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  expect((await counts(page))[0]).toBe(chipCount);
  for (const status of (await columnTexts(page, 5)).slice(0, 10))
    expect(status).toBe('Update needed');
  await rows(page).first().getByText('Update needed').hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^It has been \d+ days since last update\.$/);
  const humans = page.getByRole('button', { name: /^Humans \d+$/ });
  const humanCount = Number(/(\d+)$/.exec((await humans.textContent()) ?? '')?.[1]);
  await humans.click();
  expect((await counts(page))[0]).toBe(humanCount);
  expect(humanCount).toBeLessThanOrEqual(chipCount);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  expect((await counts(page))[0]).toBe(loaded);
  // 'Active': updated within the incubation period (daysNeededForUpdate, 14 in the seed).
  await page.getByRole('button', { name: /^Active \d+$/ }).click();
  await rows(page).first().getByText('Active', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Updated within the incubation period (14 days).',
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Keyboard: '/' searches, j/k move, Enter opens /activity/{diseaseActivityId}/{locationId}.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search disease activities' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  const selected = rows(page).and(page.locator('[aria-selected="true"]'));
  await expect(selected).toHaveCount(1);
  const href = await selected.getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/activity\/\d+\/\d+$/);
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href ?? 'none'}$`));
});

async function pick(form: Locator, label: string, typed: string, option: string) {
  const input = form.getByRole('combobox', { name: label });
  await input.fill(typed);
  await form.page().getByRole('option', { name: option, exact: true }).click();
}

test('new activity: every message, the duplicate with Go to activity, then a valid create opens it', async ({
  page,
}) => {
  await openActivityIndex(page);
  const existing = (await rowTexts(page))[0];
  if (!existing) throw new Error('no rows');
  const existingHref = await rows(page).first().getByRole('link').getAttribute('href');

  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'Create New Disease Activity' });
  await expect(form).toBeVisible();
  // Defaults: visible, 14 days, 365 days.
  await expect(form.getByLabel('Visible', { exact: true })).toBeChecked();
  await expect(form.getByLabel('Number of days for update required')).toHaveValue('14');
  await expect(form.getByLabel(/^Update frequency/)).toHaveValue('365');

  // Clear empties every field, Visibility included (no choice left), so each 'required'
  // message of spec 001 §5 can show.
  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(form.getByLabel('Visible', { exact: true })).not.toBeChecked();
  await expect(form.getByLabel('Invisible', { exact: true })).not.toBeChecked();
  await expect(form.getByLabel('Number of days for update required')).toHaveValue('');
  await expect(form.getByLabel(/^Update frequency/)).toHaveValue('');
  await form.getByRole('button', { name: 'Create' }).click();
  for (const message of [
    'Disease is required',
    'Country is required',
    'Species is required',
    'Risk model is required',
    'Visibility is required',
    'Number of days for update required is required',
    'Update frequency is required',
    'Reporting Period Start Date is required',
    'Reporting Period Type is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: 'screenshots/new-activity-messages.png' });

  const days = form.getByLabel('Number of days for update required');
  const gap = form.getByLabel(/^Update frequency/);
  await days.fill('0');
  await expect(
    form.getByText('Number of days for update required must be greater than zero'),
  ).toBeVisible();
  await days.fill('400');
  await expect(form.getByText('Cannot be more than 1 year from now')).toBeVisible();
  await days.fill('1.5');
  await expect(
    form.getByText('Number of days for update required must be a whole number.'),
  ).toBeVisible();
  await gap.fill('0');
  await expect(form.getByText('Update frequency must be greater than zero')).toBeVisible();
  await gap.fill('1001');
  await expect(form.getByText('Update frequency cannot be more than 1000 days')).toBeVisible();
  await form.getByLabel('Reporting Period Start Date', { exact: true }).fill('1999/12/31');
  await expect(
    form.getByText('Reporting Period Start Date must be between 2000/01/01 and today'),
  ).toBeVisible();
  // Choosing a visibility answers its message.
  await form.getByLabel('Visible', { exact: true }).check();
  await expect(form.getByText('Visibility is required', { exact: true })).toBeHidden();
  await days.fill('14');
  await gap.fill('365');
  await form.getByLabel('Reporting Period Start Date', { exact: true }).fill('2024/03/01');
  await form.getByLabel('Reporting Period Type').selectOption({ label: 'New Outbreak' });

  // Species rules: humans set the human risk model; other species hide it.
  const species = form.getByLabel('Species');
  const riskModel = form.getByLabel('Risk model');
  await species.selectOption({ label: 'Humans' });
  await expect(riskModel.locator('option:checked')).toHaveText('Human risk model');
  await species.selectOption({ label: 'Goats' });
  await expect(riskModel).toHaveValue('');
  await expect(riskModel.locator('option', { hasText: 'Human risk model' })).toHaveCount(0);
  // The disease picker: diseases of the species, matching from the start of the text.
  await form.getByRole('combobox', { name: 'Disease' }).fill('thrax');
  await expect(page.getByRole('option', { name: 'Anthrax' })).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Disease' }).fill('Chol');
  await expect(page.getByRole('option', { name: 'Cholera' })).toHaveCount(0);
  await pick(form, 'Disease', 'Anth', 'Anthrax');

  // The duplicate of the first listed activity, with its working 'Go to activity'. Clearing
  // the species lists every disease again.
  await species.selectOption('');
  await pick(form, 'Disease', existing.disease.slice(0, 3), existing.disease);
  await pick(form, 'Country', existing.country.slice(0, 4), existing.country);
  await species.selectOption({ label: existing.species });
  if ((await riskModel.inputValue()) === '') await riskModel.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Create' }).click();
  const duplicate = form.getByRole('alert');
  await expect(duplicate).toContainText(
    `"${existing.disease} in ${existing.country} in ${existing.species}" already exists.`,
  );
  await page.screenshot({ path: 'screenshots/new-activity-duplicate.png' });
  await duplicate.getByRole('link', { name: 'Go to activity' }).click();
  await expect(page).toHaveURL(new RegExp(`${existingHref ?? 'none'}$`));
  await expect(form).toBeHidden();

  // A valid new activity opens in a new window at /activity/{id}/{countryId}.
  await page.getByRole('link', { name: 'Disease Activity Index' }).first().click();
  await page.getByRole('button', { name: 'Create New Disease Activity' }).click();
  await expect(form).toBeVisible();
  await species.selectOption({ label: 'Goats' });
  await pick(form, 'Disease', 'Anth', 'Anthrax');
  await pick(form, 'Country', 'Portu', 'Portugal');
  await riskModel.selectOption({ label: 'Animal health risk model' });
  await form.getByLabel('Invisible').check();
  await form.getByLabel('Reporting Period Start Date', { exact: true }).fill('2024/03/01');
  await form.getByLabel('Reporting Period Type').selectOption({ label: 'New Outbreak' });
  const popupPromise = page.waitForEvent('popup');
  await form.getByRole('button', { name: 'Create' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toMatch(/^\/activity\/\d+\/35$/);
  await expect(form).toBeHidden();
  await popup.close();
  // The index reloads and lists it.
  expect(await search(page, '+anthrax +portugal +goats')).toBe(1);
  await expect(rows(page).first()).toContainText('Anthrax');
  await expect(rows(page).first().getByRole('img', { name: 'Invisible' })).toBeVisible();
  await expect(rows(page).first().getByRole('img', { name: 'New', exact: true })).toBeVisible();
});

test("the palette's 'Go to activity…' reaches an activity by a partial name", async ({ page }) => {
  await openActivityIndex(page);
  const target = (await rowTexts(page))[3];
  const href = await rows(page).nth(3).getByRole('link').getAttribute('href');
  if (!target) throw new Error('no rows');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('Go to activity');
  await page.keyboard.press('Enter');
  const finder = page.getByRole('dialog', { name: 'Go to activity' });
  await expect(finder).toBeVisible();
  const partial = `${target.disease.slice(0, 4)} ${target.country.slice(0, 4)} ${target.species.slice(0, 3)}`;
  await page.keyboard.type(partial);
  await expect(finder.getByRole('option').first()).toContainText(
    `${target.disease} in ${target.country} in ${target.species}`,
  );
  await page.screenshot({ path: 'screenshots/go-to-activity.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href ?? 'none'}$`));
});

import { expect, test, type Page, pressSequence } from './fixtures';
import {
  apiSession,
  call,
  createActivity,
  daysAgo,
  placesOf,
  shown,
  type ApiSession,
} from './activity-details-setup';
import {
  countMouseEvents,
  mouseEvents,
  countTabPresses,
  tabPresses,
} from '../support/mouse-events';
import { literalPattern } from '../support/literal-pattern';

/**
 * Issue 31, "Where the keys stop", from the keys alone (zero mouse events and zero Tab presses,
 * counted in the page): the activity search into a result, Search/Add and back to the table,
 * a traveller entry with its origin, Alt+S keeping the focus in the table, a situational update
 * whose description Enter reaches, and a high-impact commit in one round (one Alt+C, one
 * confirmation with its Commit focused).
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

const keys = pressSequence;

/** The element that has the focus, described for an assertion. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? null,
      label: active?.getAttribute('aria-label') ?? null,
      inTable: active?.closest('[data-testid="location-table"]') !== null,
    };
  });

test('an analyst day from the keys: activity search, Search/Add, traveller with origin, situational update, one-round high-impact commit', async ({
  page,
}) => {
  // Long by design (many steps with the 1000 ms location debounce); room for a loaded machine.
  test.setTimeout(300_000);
  const activity = await createActivity(session, 40);
  const list = (await call(session, 'GET', '/diseaseactivities')).json as {
    diseaseActivityId: number;
    diseaseName: string;
    locationName: string;
  }[];
  const mine = list.find((a) => a.diseaseActivityId === activity.diseaseActivityId);
  expect(mine).toBeDefined();
  const [place] = await placesOf(session, activity.countryId, 1);
  expect(place).toBeDefined();
  // The traveller came from another country's largest place.
  const [origin] = await placesOf(session, activity.countryId === 1 ? 2 : 1, 1);
  expect(origin).toBeDefined();
  if (mine === undefined || place === undefined || origin === undefined) return;

  await countMouseEvents(page);
  await countTabPresses(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await expect(page.getByRole('button', { name: 'Amara Okafor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByTestId('activity-count')).toContainText('disease activities', {
    timeout: 30_000,
  });

  // Activity search: / to the box, the words, Enter: the focus is in the results.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search disease activities' });
  await expect(search).toBeFocused();
  // The disease word first, answered on its own (a pause past the debounce), then the place
  // word and Enter at once: the focus must land in the answer to both words, not in the rows
  // of the half-typed search still on screen when Enter is pressed (seen in CI).
  const diseaseWord = `+${mine.diseaseName.split(' ')[0] ?? ''}`;
  const words = `${diseaseWord} +${mine.locationName.split(' ')[0] ?? ''}`;
  const count = page.getByTestId('activity-count');
  await page.keyboard.type(diseaseWord);
  await expect(count).toHaveAttribute('data-answered-search', diseaseWord);
  await page.keyboard.type(words.slice(diseaseWord.length));
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeFocused();
  await expect(count).toHaveAttribute('data-answered-search', words);
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  const placeWord = (mine.locationName.split(' ')[0] ?? '').toLowerCase();
  for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain(placeWord);
  // j walks the results with the focus, to this activity; Enter opens it. The row is found by
  // its link, not its names: "Niger" is inside "Nigeria", "Influenza" inside others' names.
  const mineHref = `/activity/${activity.diseaseActivityId}/${activity.countryId}`;
  const hrefs = await rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector('a')?.getAttribute('href') ?? ''),
  );
  const at = hrefs.indexOf(mineHref);
  expect(at).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < at; i += 1) await page.keyboard.press('j');
  await expect(rows.nth(at)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/activity/${activity.diseaseActivityId}/${activity.countryId}$`),
  );
  const countryTable = page.locator(
    `[data-testid="location-table"][data-location-id="${activity.countryId}"]`,
  );
  await expect(countryTable).toBeVisible({ timeout: 30_000 });

  // Search/Add: Shift+L, a place, Enter adds it and goes to its table; the box says plainly
  // that the place is kept once an entry is saved.
  await page.keyboard.press('Shift+L');
  const locationBox = page.getByRole('searchbox', { name: 'Search locations to add' });
  await expect(locationBox).toBeFocused();
  await page.keyboard.type(place.name);
  const found = page.getByRole('listbox', { name: 'Locations found' }).getByRole('option');
  await expect(found.filter({ hasText: place.displayName }).first()).toBeVisible();
  const names = await found.allTextContents();
  for (let step = 0; step < names.indexOf(place.displayName); step++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  const placeTable = page.locator(`[data-testid="location-table"][data-location-id="${place.id}"]`);
  await expect(placeTable).toBeFocused();
  const panel = page.getByTestId('location-panel');
  await expect(panel).toContainText('This location does not exist in this disease activity');
  await expect(panel).toContainText('it stays in the activity once an entry for it is saved');
  await expect(placeTable).toContainText('kept once an entry is saved');
  // Back in the box, then Escape twice: the typed search goes, then the box is left for the
  // tables; the stale notice went with the new search. Keys are the screen's again: Shift+N
  // types nothing into the box.
  await page.keyboard.press('Shift+L');
  await expect(locationBox).toBeFocused();
  await page.keyboard.type('zzq');
  await expect(panel).not.toContainText('This location does not exist');
  await page.keyboard.press('Escape');
  await expect(locationBox).toHaveValue('');
  await expect(locationBox).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(locationBox).not.toBeFocused();
  expect((await focused(page)).inTable).toBe(true);
  await page.keyboard.press('Shift+N');
  await expect(locationBox).toHaveValue('');

  // A traveller at the country: k to the country's table, a t, then Enter through every field,
  // the origin picker included.
  await page.keyboard.press('k');
  await expect(countryTable).toBeFocused();
  await keys(page, 'a', 't');
  const traveller = countryTable.locator('[data-testid="draft-row"][data-entry-type="2"]');
  await expect(traveller.getByRole('textbox', { name: 'Reported on' })).toBeFocused();
  await page.keyboard.type(shown(daysAgo(0)));
  await page.keyboard.press('Enter');
  await expect(traveller.getByRole('textbox', { name: 'Cases' })).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  // The departure from the shared calendar (spec 000 §2): Alt+↓ opens it on today, six
  // ArrowLefts go back six days, Enter chooses and the focus is back in the date.
  const departure = traveller.getByRole('textbox', { name: 'Departure date' });
  await expect(departure).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  const calendar = page.getByRole('dialog', { name: 'Choose Departure date' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('button', { name: shown(daysAgo(0)) })).toBeFocused();
  // The future is not offered (spec 000 §2: future dates disabled by default).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  for (let i = 0; i < 7; i += 1) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(departure).toBeFocused();
  await expect(departure).toHaveValue(shown(daysAgo(6)));
  await page.keyboard.press('Enter');
  await expect(traveller.getByRole('textbox', { name: 'Arrival date' })).toBeFocused();
  await page.keyboard.type(shown(daysAgo(2)));
  await page.keyboard.press('Enter');
  const originBox = traveller.getByRole('combobox', { name: 'Origin' });
  await expect(originBox).toBeFocused();
  await page.keyboard.type(origin.name);
  const originList = page.getByRole('listbox', { name: 'Origin results' });
  await expect(originList.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  const originNames = await originList.getByRole('option').allTextContents();
  const originAt = originNames.findIndex((n) => n.startsWith(origin.name));
  expect(originAt).toBeGreaterThanOrEqual(0);
  for (let step = 0; step <= originAt; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Chosen, and the focus moved on to Notes like any other field's Enter.
  await expect(originBox).toHaveValue(new RegExp(`^${literalPattern(origin.name)}`));
  const originChosen = await originBox.inputValue();
  const notes = traveller.getByRole('textbox', { name: 'Notes' });
  await expect(notes).toBeFocused();
  await page.keyboard.type('Returned from a family visit');
  // Shift+Enter back into the origin; Escape closes its list, a second Escape leaves the field.
  await page.keyboard.press('Shift+Enter');
  await expect(originBox).toBeFocused();
  await page.keyboard.type(origin.name.slice(0, 4));
  await expect(originList.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Origin results' })).toBeHidden();
  await expect(originBox).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(traveller).toBeFocused();
  await expect(originBox).toHaveValue(originChosen);

  // Alt+S saves; the focus stays in the table (not <body>).
  await page.keyboard.press('Alt+s');
  await expect(page.getByText('Changes saved.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await focused(page)).inTable).toBe(true);

  // A situational update: a s, the day, then Enter through Importance, Title, Update reason into
  // the description, where the text is typed; Escape leaves it for the row.
  await expect(countryTable).toBeFocused();
  await keys(page, 'a', 's');
  const update = countryTable.locator('[data-testid="draft-row"][data-entry-type="1"]');
  await expect(update.getByRole('textbox', { name: 'Reported on' })).toBeFocused();
  await page.keyboard.type(shown(daysAgo(0)));
  await page.keyboard.press('Enter');
  const importance = update.getByRole('combobox', { name: 'Importance' });
  await expect(importance).toBeFocused();
  await page.keyboard.type('Important');
  await expect(importance).toHaveValue('Important');
  await page.keyboard.press('Enter');
  await expect(update.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Travellers return with cases');
  await page.keyboard.press('Enter');
  const reason = update.getByRole('combobox', { name: 'Update reason' });
  await expect(reason).toBeFocused();
  await page.keyboard.type('Media');
  await expect(reason).toHaveValue('Media Update');
  await page.keyboard.press('Enter');
  const description = update.getByRole('textbox', { name: 'Description' });
  await expect(description).toBeFocused();
  await page.keyboard.type('Three travellers returned ill.');
  await page.keyboard.press('Escape');
  await expect(update).toBeFocused();
  await expect(description).toContainText('Three travellers returned ill.');

  // The high-impact commit in one round: one Alt+C validates and opens the one confirmation,
  // which lists the warning it confirms, its Commit focused; Enter commits.
  await page.keyboard.press('Alt+c');
  const confirm = page.getByRole('dialog', { name: /Commit changes/ });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(confirm.getByTestId('commit-warnings')).toContainText('High-impact warning');
  await expect(confirm.getByRole('button', { name: 'Commit', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes committed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).inTable).toBe(true);
  const committed = countryTable.getByTestId('report-row');
  await expect(committed.filter({ hasText: 'Situational Update' }).first()).toBeVisible();
  await expect(committed.filter({ hasText: `from ${originChosen}` }).first()).toBeVisible();

  expect(await mouseEvents(page)).toBe(0);
  expect(await tabPresses(page)).toBe(0);
});

import { expect, test, pressSequence } from './fixtures';
import {
  apiSession,
  call,
  daysAgo,
  placesOf,
  shown,
  type ApiSession,
  type Place,
} from './activity-details-setup';
import {
  countMouseEvents,
  mouseEvents,
  countTabPresses,
  tabPresses,
} from '../support/mouse-events';

/**
 * Issue 14, the entries side, from the keys alone: signed in through the real OpenID flow
 * (Enter on the provider's first analyst), a new activity created through the modal, then a
 * day's case data for three locations added with Search/Add, validated, its warnings confirmed
 * and committed. Zero mouse events and zero Tab presses, counted in the page.
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

/** A human disease and a country with three places, with no activity yet. */
async function freeHumanActivity(): Promise<{
  disease: string;
  country: { id: number; name: string };
  places: Place[];
}> {
  const lookups = (await call(session, 'GET', '/lookups')).json as {
    diseases: { diseaseId: number; displayName: string; speciesIds: number[] }[];
  };
  const countries = (await call(session, 'GET', '/countries')).json as {
    countryId: number;
    name: string;
  }[];
  const taken = new Set(
    (
      (await call(session, 'GET', '/diseaseactivities')).json as {
        diseaseName: string;
        locationName: string;
        speciesName: string;
      }[]
    ).map((a) => `${a.diseaseName}|${a.locationName}|${a.speciesName}`),
  );
  // A disease whose name no other disease name starts with, so its prefix picks it alone.
  const human = lookups.diseases
    .filter((d) => d.speciesIds.includes(1))
    .filter(
      (d) =>
        !lookups.diseases.some(
          (o) => o !== d && o.displayName.toLowerCase().startsWith(d.displayName.toLowerCase()),
        ),
    );
  for (const country of countries.slice().sort((a, b) => b.countryId - a.countryId)) {
    const places = await placesOf(session, country.countryId, 3);
    if (places.length < 3) continue;
    const disease = human.find((d) => !taken.has(`${d.displayName}|${country.name}|Humans`));
    if (disease) {
      return {
        disease: disease.displayName,
        country: { id: country.countryId, name: country.name },
        places,
      };
    }
  }
  throw new Error('no country with three places and a free human disease');
}

const keys = pressSequence;

test('new activity through the modal, then a day of case data at three locations, validated, confirmed and committed: no mouse, no Tab', async ({
  page,
}) => {
  // A long task by design (about a minute on a quiet machine): room for a loaded one.
  test.setTimeout(240_000);
  const target = await freeHumanActivity();
  await countMouseEvents(page);
  await countTabPresses(page);

  // Sign-in: the provider's page has its first analyst focused; Enter signs in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await expect(page.getByRole('button', { name: 'Amara Okafor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activity$/);
  // The first load of the activity list is slow on a loaded machine.
  await expect(page.getByTestId('activity-count')).toContainText('disease activities', {
    timeout: 30_000,
  });

  // The new activity: c opens the form on its first field; Enter takes a pick and moves on.
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'Create New Disease Activity' });
  const disease = form.getByRole('combobox', { name: 'Disease' });
  await expect(disease).toBeFocused();
  await page.keyboard.type(target.disease);
  await expect(page.getByRole('option', { name: target.disease, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const country = form.getByRole('combobox', { name: 'Country' });
  await expect(country).toBeFocused();
  await expect(disease).toHaveValue(target.disease);
  await page.keyboard.type(target.country.name);
  await expect(page.getByRole('option', { name: target.country.name, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const species = form.getByLabel('Species');
  await expect(species).toBeFocused();
  await page.keyboard.type('Humans');
  await expect(species.locator('option:checked')).toHaveText('Humans');
  await page.keyboard.press('Enter'); // → Risk model, set by the species
  await expect(form.getByLabel('Risk model')).toBeFocused();
  await expect(form.getByLabel('Risk model').locator('option:checked')).toHaveText(
    'Human risk model',
  );
  await keys(page, 'Enter', 'Enter', 'Enter', 'Enter'); // Visible, 14 days, 365 days kept
  const start = form.getByLabel('Reporting Period Start Date', { exact: true });
  await expect(start).toBeFocused();
  await page.keyboard.type(shown(daysAgo(30)));
  await page.keyboard.press('Enter');
  const periodType = form.getByLabel('Reporting Period Type');
  await expect(periodType).toBeFocused();
  await page.keyboard.type('New Outbreak');
  await expect(periodType.locator('option:checked')).toHaveText('New Outbreak');
  const popupPromise = page.waitForEvent('popup');
  await page.keyboard.press('Enter'); // the last field: Create
  const popup = await popupPromise;
  expect(new URL(popup.url()).pathname).toMatch(
    new RegExp(`^/activity/\\d+/${target.country.id}$`),
  );
  const activityPath = new URL(popup.url()).pathname;
  await popup.close();
  await expect(form).toBeHidden();

  // To the new activity: g d, a partial name, Enter.
  await keys(page, 'g', 'd');
  const finder = page.getByRole('dialog', { name: 'Go to activity' });
  await expect(finder).toBeVisible();
  await page.keyboard.type(`${target.disease} ${target.country.name}`);
  await expect(finder.getByRole('option').first()).toContainText(
    `${target.disease} in ${target.country.name} in Humans`,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${activityPath}$`));
  await expect(page.getByTestId('location-table').first()).toBeVisible({ timeout: 30_000 });

  // Three places by Search/Add (Shift+L), a case entry each: a c, the day, Enter, the figures.
  const today = shown(daysAgo(0));
  const figures = [
    { reported: '12', deaths: '1' },
    { reported: '7', deaths: '0' },
    // Deaths alone: the warning to confirm (spec 001 §5 'Only deaths reported').
    { reported: '', deaths: '2' },
  ];
  for (const [i, place] of target.places.entries()) {
    await page.keyboard.press('Shift+L');
    const search = page.getByRole('searchbox', { name: 'Search locations to add' });
    await expect(search).toBeFocused();
    await page.keyboard.type(place.name);
    const found = page.getByRole('listbox', { name: 'Locations found' }).getByRole('option');
    await expect(found.filter({ hasText: place.displayName }).first()).toBeVisible();
    const names = await found.allTextContents();
    for (let step = 0; step < names.indexOf(place.displayName); step++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const section = page.locator(`[data-testid="location-table"][data-location-id="${place.id}"]`);
    await expect(section).toBeFocused();
    await keys(page, 'a', 'c');
    await expect(section.getByRole('textbox', { name: /Reported on/ })).toBeFocused();
    // A new row nothing was typed into yet says nothing is required.
    await expect(section.getByText(/required/i)).toHaveCount(0);
    await page.keyboard.type(today);
    await page.keyboard.press('Enter');
    await page.keyboard.type(figures[i]?.reported ?? '');
    // Enter walks the grid: Suspected, Confirmed, then Deaths.
    await keys(page, 'Enter', 'Enter', 'Enter');
    await expect(section.getByRole('textbox', { name: 'New Deaths' })).toBeFocused();
    await page.keyboard.type(figures[i]?.deaths ?? '0');
    await page.keyboard.press('Escape');
    await expect(section.getByRole('textbox', { name: 'New Deaths' })).not.toBeFocused();
  }
  await expect(page.getByTestId('location-table')).toHaveCount(4);
  await page.screenshot({ path: 'docs/screenshots/entries-keyboard-three-locations.png' });

  // Validate, confirm every warning, commit on the dialog's focused Commit.
  await page.keyboard.press('Alt+v');
  const warnings = page.getByTestId('warnings-panel');
  const card = warnings.getByTestId('warning-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/Only deaths/);
  // Validated, not committed: no confirmation opens until Commit is asked for (issue 31).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/entries-keyboard-warnings.png' });
  await page.keyboard.press('Alt+w');
  await expect(card.getByRole('checkbox', { name: 'Confirmed' })).toBeChecked();
  await page.keyboard.press('Alt+c');
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Commit', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes committed.')).toBeVisible();
  for (const [i, place] of target.places.entries()) {
    const total = page
      .locator(`[data-testid="location-table"][data-location-id="${place.id}"]`)
      .getByTestId('report-row')
      .filter({ hasText: 'Daily Total' })
      .first();
    await expect(total).toContainText(today);
    const figure = figures[i];
    await expect(total).toContainText(figure?.reported || (figure?.deaths ?? ''));
  }

  expect(await mouseEvents(page)).toBe(0);
  expect(await tabPresses(page)).toBe(0);
});

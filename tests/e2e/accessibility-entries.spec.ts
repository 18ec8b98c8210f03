import { expect, test, type Page, signIn, pressSequence } from './fixtures';
import { seriousViolations } from './axe';
import {
  apiSession,
  call,
  commitCases,
  countryTable,
  createActivity,
  daysAgo,
  openActivity,
  shown,
  type ApiSession,
} from './activity-details-setup';

/**
 * Issue 14: an axe-core scan (WCAG 2 A and AA rules) of every entries screen and dialog, in
 * real Chromium against the real server, signed in through the embedded OpenID provider: the
 * activity index, Create New Disease Activity, Go to activity, the details screen with entries
 * of every kind being typed, the propagate dialog, a new entry's articles, the warnings, the
 * commit confirmation, the nesting, entry history, associated-articles, edit-situational-update
 * and version-history dialogs, the Overview sub-tab and Edit overview, and the Assessments tab.
 * No serious or critical violation may remain. A screen is scanned whole once; a dialog then
 * alone (the page behind it had its scan), so each test stays well under a minute.
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

const dialog = (page: Page) => page.getByRole('dialog');

/** A seeded activity with a committed situational update (for its edit and version dialogs). */
async function seededWithUpdate(): Promise<string> {
  const list = (await call(session, 'GET', '/diseaseactivities')).json as {
    diseaseActivityId: number;
    locationId: number;
    numberOfReports: number;
  }[];
  for (const row of list.filter((r) => r.numberOfReports > 0)) {
    // What the details screen loads first (its recent days): the rows it shows at once.
    const path = `/diseaseactivities/${row.diseaseActivityId}/countries/${row.locationId}/numDays/5`;
    const detail = (await call(session, 'GET', path)).json as {
      reports: { type: number; reportStatus: number | null }[];
    };
    const committed = (type: number) =>
      detail.reports.some((r) => r.type === type && r.reportStatus === 2);
    // A committed situational update (type 1) and a committed Daily Total (type 4).
    if (committed(1) && committed(4)) return `/activity/${row.diseaseActivityId}/${row.locationId}`;
  }
  throw new Error('no seeded activity with a committed situational update and Daily Total');
}

test('activity index, Create New Disease Activity and Go to activity', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'activity index').toEqual([]);

  await page.keyboard.press('c');
  await expect(dialog(page)).toContainText('Create New Disease Activity');
  expect(await seriousViolations(page, 'dialog'), 'new activity').toEqual([]);
  // Cleared and created: every 'required' message shows, scanned too.
  await dialog(page).getByRole('button', { name: 'Clear' }).click();
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page)).toContainText(/required/i);
  expect(await seriousViolations(page, 'dialog'), 'new activity with messages').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();

  await pressSequence(page, 'g d');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.type('chol');
  await expect(dialog(page).getByRole('option').first()).toBeVisible();
  expect(await seriousViolations(page, 'dialog'), 'go to activity').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test('details with entries being typed, the propagate dialog and a new entry’s articles', async ({
  page,
}) => {
  const activity = await createActivity(session);
  await commitCases(session, activity, [
    { reportedOn: daysAgo(10), reported: 50 },
    { reportedOn: daysAgo(4), reported: 60 },
  ]);
  await openActivity(page, activity);
  await expect(countryTable(page).getByTestId('report-row').first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await seriousViolations(page), 'activity details').toEqual([]);

  // A case entry, a traveller, a situational update and a check-in being typed.
  await pressSequence(page, 'a c');
  // Typed at once: the new row's date cell takes the focus a render later, and the key handler
  // holds the keys typed meanwhile for it.
  await page.keyboard.type(shown(daysAgo(7)));
  await expect(page.getByRole('textbox', { name: 'Reported on' }).first()).toHaveValue(
    shown(daysAgo(7)),
  );
  await page.keyboard.press('Enter');
  await page.keyboard.type('5');
  await expect(page.getByRole('switch')).toBeEnabled();
  await page.keyboard.press('Escape');
  await pressSequence(page, 'a t');
  await page.keyboard.press('Escape');
  await pressSequence(page, 'a s');
  await page.keyboard.press('Escape');
  await pressSequence(page, 'a i');
  await page.keyboard.press('Escape');
  await expect(countryTable(page).getByTestId('draft-row')).toHaveCount(4);
  expect(
    await seriousViolations(page, { selector: 'main' }),
    'activity details with new entries',
  ).toEqual([]);

  await page.getByRole('switch').click();
  await expect(dialog(page)).toContainText('Propagate cases until date:');
  expect(await seriousViolations(page, 'dialog'), 'propagate dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();

  await countryTable(page)
    .getByRole('button', { name: /^Articles of Case Data/ })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  expect(await seriousViolations(page, 'dialog'), 'new entry’s articles dialog').toEqual([]);
  await dialog(page)
    .getByRole('button', { name: /Close|Cancel/ })
    .first()
    .click();
  await expect(dialog(page)).toBeHidden();
});

test('warnings, the commit confirmation, the nesting and entry history dialogs, a period’s end', async ({
  page,
}) => {
  const activity = await createActivity(session);
  await commitCases(session, activity, [{ reportedOn: daysAgo(10), reported: 50 }]);
  await openActivity(page, activity);
  await expect(countryTable(page).getByTestId('report-row').first()).toBeVisible({
    timeout: 30_000,
  });
  // A case entry validated: the warnings panel (its cards or the success line).
  await pressSequence(page, 'a c');
  await page.keyboard.type(shown(daysAgo(5)));
  await expect(page.getByRole('textbox', { name: 'Reported on' }).first()).toHaveValue(
    shown(daysAgo(5)),
  );
  await page.keyboard.press('Enter');
  await page.keyboard.type('50');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+v');
  await expect(page.getByTestId('warnings-panel')).toBeVisible();
  expect(
    await seriousViolations(page, { selector: '[data-testid="warnings-panel"]' }),
    'warnings',
  ).toEqual([]);
  await page.keyboard.press('Alt+w');
  await page.keyboard.press('Alt+c');
  await expect(dialog(page).getByRole('button', { name: 'Commit', exact: true })).toBeFocused();
  expect(await seriousViolations(page, 'dialog'), 'commit confirmation').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes committed.')).toBeVisible();

  await page
    .getByRole('button', { name: /^Nested reports of Daily Total/ })
    .first()
    .click();
  await expect(dialog(page)).toContainText('Nested reports');
  expect(await seriousViolations(page, 'dialog'), 'nesting dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();

  await page
    .getByRole('button', { name: /^History of Daily Total/ })
    .first()
    .click();
  await expect(dialog(page)).toContainText('History');
  expect(await seriousViolations(page, 'dialog'), 'entry history dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();

  // Everything committed: an End Reporting Period entry being typed (it goes alone).
  await pressSequence(page, 'a e');
  await expect(countryTable(page).getByTestId('draft-row')).toContainText('End Reporting Period');
  await page.keyboard.press('Escape');
  expect(
    await seriousViolations(page, { selector: 'main' }),
    'an end reporting period being typed',
  ).toEqual([]);
});

test('a committed situational update: associated articles, edit and version history', async ({
  page,
}) => {
  const withUpdate = await seededWithUpdate();
  await signIn(page);
  await page.goto(withUpdate);
  await expect(page.getByTestId('location-table').first()).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'seeded activity details').toEqual([]);

  await page
    .getByRole('button', { name: /^Articles of Situational Update/ })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  expect(await seriousViolations(page, 'dialog'), 'associated articles dialog').toEqual([]);
  await dialog(page)
    .getByRole('button', { name: /Close|Cancel/ })
    .first()
    .click();
  await expect(dialog(page)).toBeHidden();

  await page.getByRole('button', { name: 'Edit description' }).first().click();
  await expect(dialog(page)).toContainText('Edit situational update');
  expect(await seriousViolations(page, 'dialog'), 'edit situational update dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();

  await page
    .getByRole('button', { name: /^Version history of/ })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  expect(await seriousViolations(page, 'dialog'), 'version history dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('Overview sub-tab, Edit overview and the Assessments tab', async ({ page }) => {
  const withUpdate = await seededWithUpdate();
  await signIn(page);
  await page.goto(withUpdate);
  await expect(page.getByTestId('location-table').first()).toBeVisible({ timeout: 30_000 });
  const subTabs = page.getByRole('tablist', { name: 'Entries', exact: true });
  await subTabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('img', { name: /^Epidemic curve of / })).toBeVisible();
  expect(await seriousViolations(page, { selector: 'main' }), 'Overview sub-tab').toEqual([]);

  await page.getByRole('button', { name: 'Edit overview' }).click();
  await expect(dialog(page)).toContainText('Edit overview');
  expect(await seriousViolations(page, 'dialog'), 'edit overview dialog').toEqual([]);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();

  await page.getByRole('tab', { name: 'Assessments' }).click();
  await expect(page.getByRole('tab', { name: 'Assessments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/concern/i).first()).toBeVisible();
  expect(await seriousViolations(page, { selector: 'main' }), 'assessments').toEqual([]);
});

test('the map (issue 19), a country selected', async ({ page }) => {
  await signIn(page);
  await page.goto('/map');
  await expect(page.getByTestId('world-map')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('map-country').first()).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(page), 'map').toEqual([]);
});

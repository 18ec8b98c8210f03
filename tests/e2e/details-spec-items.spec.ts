import { expect, test, type Page, pressSequence } from './fixtures';
import { productTag } from '@domain/runtime-config';
import {
  apiSession,
  commitCases,
  countryTable,
  createActivity,
  daysAgo,
  openActivity,
  shown,
  type ApiSession,
} from './activity-details-setup';

/**
 * Details-screen items of spec 001 (issue 15): 'There are negative new cases.' beside the
 * lower-cumulative warning, the visible confirm-all action of the warning set, and the two
 * update reasons offered by a new situational update. Real server, real sign-in.
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

async function addEntry(page: Page, typeKey: string) {
  await pressSequence(page, 'a', typeKey);
  await expect(page.getByRole('textbox', { name: /Reported on/ }).first()).toBeFocused();
  await page.keyboard.type(shown(daysAgo(0)));
  await page.keyboard.press('Enter');
}

test('a lower cumulative gives both warnings; Confirm all warnings confirms the set', async ({
  page,
}) => {
  const activity = await createActivity(session);
  await commitCases(session, activity, [{ reportedOn: daysAgo(10), reported: 50 }]);
  await openActivity(page, activity);
  await addEntry(page, 'c');
  await countryTable(page).getByRole('textbox', { name: 'Cumulative Reported Cases' }).focus();
  await page.keyboard.type('40');
  await expect(countryTable(page).getByRole('textbox', { name: 'New Reported Cases' })).toHaveValue(
    '-10',
  );
  await page.keyboard.press('Alt+v');
  const panel = page.getByTestId('warnings-panel');
  const card = panel.getByTestId('warning-card');
  await expect(card).toContainText('There are negative new cases.');
  await expect(card).toContainText(/lower/i);
  await expect(panel).toContainText('Please confirm all warnings or make changes.');
  const confirmAll = panel.getByRole('button', { name: /Confirm all warnings/ });
  await expect(confirmAll).toBeVisible();
  await page.screenshot({ path: 'screenshots/details-confirm-all.png' });
  await confirmAll.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('checkbox', { name: 'Confirmed' })).toBeChecked();
  await expect(panel).toContainText('Following processed data entries will be created.');
  await expect(confirmAll).toBeHidden();
});

test('a new situational update offers the two update reasons', async ({ page }) => {
  const activity = await createActivity(session);
  await openActivity(page, activity);
  await addEntry(page, 's');
  const reason = countryTable(page).getByRole('combobox', { name: 'Update reason' });
  await expect(reason.locator('option')).toHaveText([
    'Update reason…',
    `${productTag} Update`,
    'Media Update',
  ]);
  await reason.selectOption('Media Update');
  await expect(reason).toHaveValue('Media Update');
  await countryTable(page).screenshot({ path: 'screenshots/details-update-reason.png' });
});

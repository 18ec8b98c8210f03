import { expect, signIn, test, pressSequence } from './fixtures';
import { apiSession, call } from './activity-details-setup';
import { countMouseEvents, mouseEvents, resetMouseEvents } from '../support/mouse-events';

/**
 * Issue 14, number and date cells on the details screen: from a cell being typed in, the
 * palette's "Next location" moves the focus out of the cell to the next location; Escape leaves
 * a cell to row navigation; j/k outside a cell move between locations again. Zero mouse events
 * after signing in.
 */

test('from a cell: the palette’s Next location leaves it; Escape leaves a cell; j/k move again', async ({
  page,
  baseURL,
}) => {
  const session = await apiSession(baseURL ?? '');
  // A seeded activity with a country and at least one place under it.
  const list = (await call(session, 'GET', '/diseaseactivities')).json as {
    diseaseActivityId: number;
    locationId: number;
    readOnly?: boolean;
  }[];
  let path = '';
  for (const row of list.slice(0, 60)) {
    const detail = (
      await call(
        session,
        'GET',
        `/diseaseactivities/${row.diseaseActivityId}/countries/${row.locationId}/numDays/5`,
      )
    ).json as { locations: unknown[]; readOnly?: boolean; hasPendingAutoSurveillance?: boolean };
    if (detail.locations.length >= 2 && detail.readOnly !== true) {
      path = `/activity/${row.diseaseActivityId}/${row.locationId}`;
      break;
    }
  }
  expect(path).not.toBe('');

  await countMouseEvents(page);
  await signIn(page);
  await resetMouseEvents(page);
  await page.goto(path);
  const tables = page.getByTestId('location-table');
  await expect(tables.nth(1)).toBeVisible({ timeout: 30_000 });
  const firstId = (await tables.nth(0).getAttribute('data-location-id')) ?? '';
  const secondId = (await tables.nth(1).getAttribute('data-location-id')) ?? '';
  const focusedLocation = () =>
    page.evaluate(
      () =>
        document.activeElement?.closest('[data-location-id]')?.getAttribute('data-location-id') ??
        null,
    );
  const inField = () => page.evaluate(() => document.activeElement instanceof HTMLInputElement);

  // A new case entry on the first location: its date cell has the focus.
  // The first location is selected when the screen opens: j goes to the second, k back.
  await page.keyboard.press('j');
  await expect.poll(focusedLocation).toBe(secondId);
  await page.keyboard.press('k');
  await expect.poll(focusedLocation).toBe(firstId);
  await pressSequence(page, 'a c');
  await expect(tables.nth(0).getByRole('textbox', { name: /Reported on/ })).toBeFocused();

  // The palette's Next location, run from the cell: the focus leaves it for the next location.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Next location');
  await page.keyboard.press('Enter');
  await expect.poll(focusedLocation).toBe(secondId);
  expect(await inField()).toBe(false);

  // k and j outside a cell move between the locations.
  await page.keyboard.press('k');
  await expect.poll(focusedLocation).toBe(firstId);
  await page.keyboard.press('j');
  await expect.poll(focusedLocation).toBe(secondId);

  // Back into the first location's new row (focused directly: the way back in is not the
  // point here), a date typed, then Escape: out of the cell, j/k work again.
  await page.keyboard.press('k');
  await expect.poll(focusedLocation).toBe(firstId);
  await tables
    .nth(0)
    .getByRole('textbox', { name: /Reported on/ })
    .focus();
  await page.keyboard.type('2026/11/24');
  await page.keyboard.press('Escape');
  expect(await inField()).toBe(false);
  await page.keyboard.press('j');
  await expect.poll(focusedLocation).toBe(secondId);
  expect(await mouseEvents(page)).toBe(0);
});

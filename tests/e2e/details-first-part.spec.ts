import { expect, signIn, test } from './fixtures';
import {
  apiSession,
  commitEntries,
  countryTable,
  createActivity,
  daysAgo,
  placesOf,
  typedCumulative,
  type ApiSession,
} from './activity-details-setup';

/**
 * Issue 31 (decision 0080): a first open paints the country's entries before the whole detail
 * is read. Here the whole detail is held in the network until the test lets it go, so the part
 * is seen as the analyst would see it on a large activity: the other tables say they are
 * loading, nothing can be saved, no rolled-up figure is shown yet, and keys typed meanwhile act
 * once the whole detail is in.
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

test("the country's entries first, the rest loading; keys typed meanwhile act on the whole detail", async ({
  page,
}) => {
  const activity = await createActivity(session, 40);
  const places = await placesOf(session, activity.countryId, 2);
  expect(places).toHaveLength(2);
  const day = daysAgo(1);
  await commitEntries(session, activity, [
    { locationId: activity.countryId, reportedOn: day, reportedCases: typedCumulative(30) },
    ...places.map((p, i) => ({
      locationId: p.id,
      reportedOn: day,
      reportedCases: typedCumulative(10 + i),
    })),
  ]);

  await signIn(page);
  // The whole detail (no ?reports=country) waits until released.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.context().route(/\/numDays\/5$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/activity/${activity.diseaseActivityId}/${activity.countryId}`);

  const tables = page.getByTestId('location-table');
  await expect(tables).toHaveCount(3);
  await expect(countryTable(page)).toContainText(day.replaceAll('-', '/'));
  await expect(countryTable(page)).not.toHaveAttribute('aria-busy', 'true');
  for (const at of [1, 2]) {
    await expect(tables.nth(at)).toHaveAttribute('aria-busy', 'true');
    await expect(tables.nth(at)).toContainText('Loading entries…');
  }
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByTestId('country-cumulative')).toHaveCount(0);
  await expect(page.getByTestId('locator-map-placeholder')).toBeVisible();
  await page.screenshot({ path: 'screenshots/details-first-part.png' });

  // Two j presses while only the part is in: held, then replayed on the whole detail.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  // Held: after a moment the selection has not moved off the country's table.
  await page.waitForTimeout(300);
  await expect(countryTable(page)).toHaveClass(/border-accent-500/);
  await expect(tables.nth(2)).not.toBeFocused();
  release();
  await expect(page.locator('[data-testid="location-table"][aria-busy="true"]')).toHaveCount(0);
  await expect(tables.nth(2)).toBeFocused();
  await expect(tables.nth(1)).toContainText(day.replaceAll('-', '/'));
  await expect(page.getByTestId('country-cumulative')).toBeVisible();
  await expect(page.getByTestId('locator-map')).toBeVisible();
});

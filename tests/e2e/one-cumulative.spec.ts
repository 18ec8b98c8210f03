import { expect, test } from './fixtures';
import {
  apiSession,
  commitEntries,
  countryTable,
  createActivity,
  daysAgo,
  openActivity,
  typedCumulative,
  type ApiSession,
} from './activity-details-setup';

/**
 * Issue 31, "Figures that must agree": cases committed at a province, a city in it and a second
 * province (through the real save/commit call the screen uses) read the same cumulative in the
 * activity index, the country row, the locator map and the epidemic curve. By the rule
 * (docs/decisions/0058-one-cumulative-rule.md), worked out here by hand: the first province's own 40
 * is less than its city's 55, so it counts 55; with the second province's 12 the country counts
 * 67. (Before issue 31 the index showed nothing, the locator "–", the curve 67.)
 * The one-day curve's time axis is looked at in docs/screenshots/epi-curve-one-day.png.
 */

let session: ApiSession;
test.beforeAll(async ({ baseURL }) => {
  session = await apiSession(baseURL ?? '');
});

interface Place {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly provinceId: number | null;
}

/** Places of the locations index (what Search/Add finds). */
async function places(filter: string, top = 50): Promise<Place[]> {
  const query = new URLSearchParams({
    'api-version': '2024-07-01',
    $top: String(top),
    $filter: filter,
    $orderby: 'population desc,id asc',
  });
  const res = await fetch(`${session.base}/search/indexes/locations/docs?${query.toString()}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: Place[] }).value.map((p) => ({
    ...p,
    id: Number(p.id),
    provinceId: p.provinceId === null ? null : Number(p.provinceId),
  }));
}

test('cases at a province and a city read the same in the index, country row, locator and curve', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A fresh activity in a country with a city inside a province, and a second province.
  let activity = await createActivity(session);
  let provinces: Place[] = [];
  let city: Place | undefined;
  for (let i = 0; i < 30; i += 1) {
    provinces = await places(`countryId eq ${activity.countryId} and locationType eq 4`);
    const cities = await places(
      `countryId eq ${activity.countryId} and locationType eq 2 and isDuplicate eq false`,
    );
    city = cities.find((c) => c.provinceId !== null);
    if (city !== undefined && provinces.length >= 2) break;
    activity = await createActivity(session);
  }
  if (city === undefined) throw new Error('no country with a city in a province');
  const province = provinces.find((p) => p.id === city?.provinceId);
  const other = provinces.find((p) => p.id !== city?.provinceId);
  if (province === undefined || other === undefined) throw new Error('no two provinces');

  const day = daysAgo(1);
  await commitEntries(session, activity, [
    { locationId: province.id, reportedOn: day, reportedCases: typedCumulative(40) },
    { locationId: city.id, reportedOn: day, reportedCases: typedCumulative(55) },
    { locationId: other.id, reportedOn: day, reportedCases: typedCumulative(12) },
  ]);

  // The index: the activity just committed is first (last committed, newest first).
  await openActivity(page, activity);
  await page.goto('/activity');
  const headers = page.locator('thead th');
  await expect(headers.first()).toBeVisible({ timeout: 30_000 });
  const titles = (await headers.allTextContents()).map((h) => h.replace(/\s+/g, ' ').trim());
  const column = titles.findIndex((h) => /Reported Cases Cumulative/i.test(h));
  expect(column, titles.join(' | ')).toBeGreaterThanOrEqual(0);
  const row = page.getByTestId('activity-row').first();
  await expect(row.locator('td').nth(column)).toHaveText('67', { timeout: 30_000 });

  // The country row of the entries table.
  await page.goto(`/activity/${activity.diseaseActivityId}/${activity.countryId}`);
  await expect(page.getByTestId('location-table').first()).toBeVisible({ timeout: 30_000 });
  const countryRow = countryTable(page).getByTestId('country-cumulative');
  await expect(countryRow.locator('[data-figure="reportedCases"]')).toHaveText('67');
  await expect(countryRow).toContainText('rolled up');
  await page.screenshot({ path: 'docs/screenshots/country-cumulative.png' });

  // The locator: the country selected, then the province (its city's 55), then the city.
  await countryTable(page).focus();
  const locator = page.getByTestId('locator-selected');
  await expect(locator).toHaveText(/: 67$/);
  const tableOf = (id: number) =>
    page.locator(`[data-testid="location-table"][data-location-id="${id}"]`);
  await tableOf(province.id).focus();
  await expect(locator).toHaveText(/: 55$/);
  await tableOf(city.id).focus();
  await expect(locator).toHaveText(/: 55$/);
  await tableOf(other.id).focus();
  await expect(locator).toHaveText(/: 12$/);

  // The epidemic curve of the whole activity, on the Overview sub-tab: one day, 67.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('tab', { name: 'Overview' }).click();
  const curve = page.getByRole('img', { name: /^Epidemic curve of / });
  await expect(curve).toHaveAttribute('aria-label', /Reported Cases cumulative 67 on /, {
    timeout: 30_000,
  });
  await expect(curve).toHaveAttribute('aria-label', /1 day\(s\) reported/);
  // The time axis spans the one day with a day either side (issue 31: it ran to July 2029).
  await expect(curve).toHaveAttribute('data-x-range', `${daysAgo(2)}..${daysAgo(0)}`);
  const figure = page.locator('figure').filter({ has: curve });
  await figure.screenshot({ path: 'docs/screenshots/epi-curve-one-day.png' });
});

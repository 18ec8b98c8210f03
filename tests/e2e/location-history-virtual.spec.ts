import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import {
  apiSession,
  commitEntries,
  countryTable,
  createActivity,
  daysAgo,
  openActivity,
  typedCumulative,
  shown,
} from './activity-details-setup';

/**
 * Issue 32, "react-virtuoso for every list that can grow without bound": a place's whole history
 * ('Show all reports', e) is virtualised in the page's scroll. With 150 committed Daily Totals
 * at the country, fewer rows than that are in the page, and the keys still reach every row:
 * Shift+J walks down with the row in view, however fast it is pressed, Shift+K from outside the rows lands on the last
 * (oldest) one, which is only mounted once scrolled to.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const days = 150;

test("a place's whole history is virtualised and Shift+J/Shift+K still reach every row", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const session = await apiSession(baseURL ?? '');
  const activity = await createActivity(session, days + 20);
  // One commit: a cumulative count a day for `days` days at the country (oldest first).
  await commitEntries(
    session,
    activity,
    Array.from({ length: days }, (_, i) => ({
      locationId: activity.countryId,
      reportedOn: daysAgo(days - i),
      reportedCases: typedCumulative(10 + i),
    })),
  );

  await openActivity(page, activity);
  const table = countryTable(page);
  await table.focus();
  await page.keyboard.press('e');
  await expect(table.getByRole('button', { name: 'Collapse' })).toBeVisible();
  // Until the whole history is in, the latest reports show with a note under them.
  await expect(table.getByText('Loading all reports…')).toHaveCount(0, { timeout: 15_000 });
  const rows = table.getByTestId('report-row');
  // The latest Daily Total first, and far fewer rows in the page than the place has.
  await expect(rows.first()).toContainText(shown(daysAgo(1)));
  await expect.poll(() => rows.count()).toBeGreaterThan(5);
  expect(await rows.count()).toBeLessThan(days);

  // Shift+J 100 times in one burst, as a held key repeats on a slow machine: every press is
  // dispatched before the table renders again, so most land past the rows it has mounted. The
  // 100th Daily Total (100 days ago) has the focus and is in view: none is lost.
  await page.evaluate(() => {
    for (let i = 0; i < 100; i += 1) {
      const target = document.activeElement ?? document.body;
      const init = { key: 'J', code: 'KeyJ', shiftKey: true, bubbles: true, cancelable: true };
      target.dispatchEvent(new KeyboardEvent('keydown', init));
      target.dispatchEvent(new KeyboardEvent('keyup', init));
    }
  });
  const focused = page.locator('[data-testid="report-row"]:focus');
  await expect(focused).toContainText(shown(daysAgo(100)));
  await expect(focused).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  // Back on the table (outside its rows), Shift+K lands on the last row: the oldest day.
  await table.focus();
  await page.keyboard.press('Shift+K');
  await expect(focused).toContainText(shown(daysAgo(days)));
  await expect(focused).toBeInViewport();
  expect(await rows.count()).toBeLessThan(days);
  await page.screenshot({ path: '/tmp/uilibs-shots/history-end.png' });

  expect(await seriousViolations(page, { selector: 'main' }), 'whole history').toEqual([]);
});

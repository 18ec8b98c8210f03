import { expect, test } from './fixtures';
import {
  apiSession,
  call,
  commitCases,
  countryTable,
  createActivity,
  daysAgo,
  openActivity,
  type ApiSession,
} from './activity-details-setup';
import { countMouseEvents, mouseEvents, resetMouseEvents } from '../support/mouse-events';
import { literalPattern } from '../support/literal-pattern';

/**
 * Suggested mode's Associate for real (spec 000 §2 column 8, issue 15): two analyst-added
 * articles about an activity's disease in its country make a suggested update; in the article
 * index's suggested mode the analyst associates both with `l` and links them with Shift+L; the
 * activity's associated-articles dialog then lists them and the suggestion no longer counts them.
 */

async function addArticle(session: ApiSession, title: string, diseaseId: number, place: number) {
  const lookups = (await call(session, 'GET', '/lookups')).json as {
    dataSourceGroups: { id: number; categoryId: number }[];
    dataSourcePriorities: { id: number }[];
  };
  const group = lookups.dataSourceGroups[0];
  const priority = lookups.dataSourcePriorities[0];
  if (!group || !priority) throw new Error('no source lookups');
  const res = await call(session, 'POST', '/articles', {
    title,
    originalSourceURL: `https://news.example/${encodeURIComponent(title)}-${Date.now()}`,
    sourceCategory: group.categoryId,
    sourceGroup: group.id,
    sourcePriority: priority.id,
    diseaseId,
    locationIds: [place],
  });
  expect(res.status).toBe(201);
  return (res.json as { articleId: number }).articleId;
}

test('associating two suggested articles links them to the activity; the suggestion no longer counts them', async ({
  page,
  baseURL,
}) => {
  const session = await apiSession(baseURL ?? '');
  const activity = await createActivity(session);
  await commitCases(session, activity, [{ reportedOn: daysAgo(3), reported: 12 }]);
  const detail = (
    await call(
      session,
      'GET',
      `/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.countryId}/numDays/5`,
    )
  ).json as {
    activity: { diseaseId: number; diseaseName: string; countryDetails: { countryName: string } };
  };
  const { diseaseId, diseaseName } = detail.activity;
  const label = `${diseaseName} in ${detail.activity.countryDetails.countryName}`;
  const titles = [`${label}: clinics report more cases`, `${label}: officials confirm a cluster`];
  for (const title of titles) await addArticle(session, title, diseaseId, activity.countryId);

  const suggestions = async () =>
    (
      (await call(session, 'GET', '/diseaseactivities/suggestedActions?lastNDays=30')).json as {
        diseaseId: number;
        countryId: number;
        supportedArticles: number;
      }[]
    ).find((s) => s.diseaseId === diseaseId && s.countryId === activity.countryId);
  expect(await suggestions()).toMatchObject({ supportedArticles: 2 });

  await countMouseEvents(page);
  await openActivity(page, activity);
  await page.goto('/activity');
  // The index is up (its keys listen) before the first key: a Control+K sent during the load
  // was lost once (a 60 s timeout waiting for the palette).
  await expect(page.getByRole('button', { name: /Suggested actions/ })).toBeVisible();
  await resetMouseEvents(page);

  // The suggestions panel through the palette; the suggestion found with j.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('suggested actions');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /Suggested actions/ });
  const row = panel.getByRole('button', { name: new RegExp(literalPattern(label)) });
  await expect(row).toContainText('Update · 2 articles');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('suggestion-title')).toHaveText(label);
  await panel.getByRole('button', { name: 'Show articles' }).focus();
  await page.keyboard.press('Enter');

  // Suggested mode: both associated with l, linked with Shift+L.
  await expect(page.getByText(`Suggested articles for ${label}`)).toBeVisible();
  await expect(page.getByTestId('associated-count')).toHaveText('0 of 2 associated');
  await expect(
    page.getByRole('row', { name: new RegExp(literalPattern(titles[0] ?? '')) }),
  ).toBeVisible();
  await page.locator('body').press('j');
  await page.keyboard.press('l');
  await page.keyboard.press('j');
  await page.keyboard.press('l');
  await expect(page.getByTestId('associated-count')).toHaveText('2 of 2 associated');
  await expect(page.getByRole('button', { name: 'Link 2 associated' })).toBeEnabled();
  await page.screenshot({ path: 'screenshots/suggested-associate-chosen.png' });
  await page.keyboard.press('Shift+L');
  await expect(page.getByTestId('associate-outcome')).toHaveText(
    new RegExp(`^2 articles linked to Case Data, .+, ${daysAgo(3).replaceAll('-', '/')}\\.`),
  );
  await expect(page.getByTestId('associated-count')).toHaveText('0 of 0 associated');
  await expect(page.getByText('No article supports this suggestion any more.')).toBeVisible();
  await page.screenshot({ path: 'screenshots/suggested-associate-linked.png' });
  expect(await mouseEvents(page)).toBe(0);

  // The suggestion no longer counts them (it had no other article: it is gone).
  expect(await suggestions()).toBeUndefined();

  // The activity's associated-articles dialog lists them.
  await page.getByRole('link', { name: 'Open the activity' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/activity/${activity.diseaseActivityId}/${activity.countryId}$`),
  );
  // The committed case entry sits under its Daily Total: Shift+J to the row, Enter expands it.
  const rows = countryTable(page).getByTestId('report-row');
  // The key goes to the screen once its table is there (a key before that has no row to move to).
  await expect(rows.first()).toBeVisible();
  await page.keyboard.press('Shift+J');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  const articles = rows.nth(1).getByRole('button', { name: /^Articles of Case Data/ });
  await expect(articles).toHaveAttribute('aria-label', /: 2$/);
  await articles.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const linked = dialog.getByRole('region', { name: 'Linked articles' });
  for (const title of titles) await expect(linked).toContainText(title);
  await page.screenshot({ path: 'screenshots/suggested-associate-dialog.png' });
});

import { expect, test, signIn } from './fixtures';
import type { FeedServer } from '../support/feed-server';
import { rss2, startFeedServer } from '../support/feed-server';

/**
 * Feeds to suggestions in real Chromium (issue 8), against the real server and a local HTTP
 * server serving a real RSS 2.0 document: an analyst adds the source on the feed sources
 * screen, the server ingests it, the suggestion appears with an unread count on the activity
 * index, its articles open in the article index's suggested mode where one is associated, and
 * a new activity is created from the suggestion. Nothing of ours is mocked.
 */

let feeds: FeedServer;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

test.beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.document(
    '/chagas.rss',
    rss2('ProMED test feed', [
      {
        title: 'Japan confirms 3 Chagas disease cases in Osaka',
        url: `https://promed.example/posts/chagas-osaka-${Date.now()}`,
        text: 'Health officials in Osaka, Japan confirmed 3 cases of Chagas disease among workers who arrived from Bolivia; screening at the hospital found the infections.',
        published: hoursAgo(6),
      },
      {
        title: 'Osaka reports Chagas disease cluster: 3 cases confirmed',
        url: `https://news.example/health/osaka-chagas-${Date.now()}`,
        text: 'Three cases of Chagas disease were confirmed in Osaka, Japan, officials said; the hospital found the infections during screening of workers from Bolivia.',
        published: hoursAgo(4),
      },
    ]),
  );
});
test.afterAll(async () => {
  await feeds.close();
});

test('a feed source is ingested into a suggestion: articles in suggested mode, one associated, an activity created from it', async ({
  page,
}) => {
  await signIn(page);

  // The feed sources screen through the palette.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('feed sources');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByText('No feed sources')).toBeVisible();
  await page.screenshot({ path: 'screenshots/feed-sources-empty.png' });

  const form = page.getByRole('form', { name: 'Add a feed source' });
  await form.getByLabel('Name').fill('ProMED test feed');
  await form.getByLabel('Feed').selectOption({ label: 'ProMED' });
  await form.getByLabel('URL (RSS 2.0 or Atom)').fill(`${feeds.baseUrl}/chagas.rss`);
  await form.getByRole('button', { name: 'Add source' }).click();
  const table = page.getByRole('table', { name: 'Feed sources' });
  await expect(table).toContainText('ProMED test feed');
  // The job polls a new source at once; 'Poll now' polls again (a 304 or nothing new).
  await table.getByRole('button', { name: 'Poll now' }).click();
  await expect(page.getByTestId('poll-note')).toHaveText(/new article|Not modified \(304\)/);
  await expect(page.getByTestId('articles-today')).toHaveText('2');
  await expect(table).toContainText('Healthy');
  await page.screenshot({ path: 'screenshots/feed-sources.png' });

  // The suggestion appears on the activity index, unread.
  await page.getByRole('link', { name: 'Disease Activity Index' }).first().click();
  const button = page.getByTestId('suggestions-button');
  await expect(button.getByLabel(/unread/)).toBeVisible();
  await button.click();
  const panel = page.getByRole('dialog', { name: /Suggested actions/ });
  const row = panel.getByRole('button', { name: /Chagas disease in Japan/ });
  await expect(row).toContainText('New activity · 2 articles');
  // Bolivia is named for context only ('workers who arrived from Bolivia'): no suggestion.
  await expect(panel).not.toContainText('Chagas disease in Bolivia');
  await row.click();
  await expect(panel.getByTestId('suggestion-title')).toHaveText('Chagas disease in Japan');
  await expect(panel).toContainText('Osaka');
  await page.screenshot({ path: 'screenshots/suggestions-panel.png' });

  // Its articles in suggested mode; one associated with `l`.
  await panel.getByRole('button', { name: 'Show articles' }).click();
  await expect(page).toHaveURL(/\/article\?suggested=\d+(%2C|,)\d+&target=Chagas/);
  await expect(page.getByText('Suggested articles for Chagas disease in Japan')).toBeVisible();
  await expect(page.getByTestId('associated-count')).toHaveText('0 of 2 associated');
  await page.locator('body').press('j');
  await page.keyboard.press('l');
  await expect(page.getByTestId('associated-count')).toHaveText('1 of 2 associated');
  await page.screenshot({ path: 'screenshots/suggestion-articles.png' });

  // Back to the index; create the activity from the suggestion (disease and country filled).
  await page.goBack();
  await expect(page).toHaveURL(/\/activity/);
  await page.getByTestId('suggestions-button').click();
  await panel.getByRole('button', { name: /Chagas disease in Japan/ }).click();
  await panel.getByRole('button', { name: 'Create activity from this suggestion' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Disease Activity' });
  await expect(create.getByTestId('from-suggestion')).toHaveText(
    'From the suggestion: Chagas disease in Japan',
  );
  await expect(create.getByRole('combobox', { name: 'Disease' })).toHaveValue('Chagas disease');
  await expect(create.getByRole('combobox', { name: 'Country' })).toHaveValue('Japan');
  await create.getByLabel('Species').selectOption({ label: 'Humans' });
  await create.getByLabel('Reporting Period Start Date', { exact: true }).fill('2026/11/01');
  await create.getByLabel('Reporting Period Type').selectOption({ label: 'New Outbreak' });
  await page.screenshot({ path: 'screenshots/new-activity-from-suggestion.png' });
  const popupPromise = page.waitForEvent('popup');
  await create.getByRole('button', { name: 'Create' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toMatch(/^\/activity\/\d+\/\d+$/);
  await popup.close();

  // The suggestion now proposes an update of the new activity.
  await page.getByTestId('suggestions-button').click();
  await expect(panel.getByRole('button', { name: /Chagas disease in Japan/ })).toContainText(
    'Update',
  );
});

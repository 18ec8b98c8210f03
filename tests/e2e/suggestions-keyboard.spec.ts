import { expect, signIn, test, pressSequence } from './fixtures';
import { apiSession, call } from './activity-details-setup';
import type { FeedServer } from '../support/feed-server';
import { rss2, startFeedServer } from '../support/feed-server';
import { countMouseEvents, mouseEvents, resetMouseEvents } from '../support/mouse-events';

/**
 * Issue 14, "Suggested actions and feed sources: j/k/Enter like the index screens", the
 * suggested actions half: a local RSS feed with two stories (Chagas disease in Japan, Dengue in
 * Peru) is ingested into suggestions; from the keys alone (g s opens the panel) j/k move through
 * them, Enter goes to the selected one's first action (Show articles) and a second Enter acts on
 * it. Zero mouse events after signing in. The feed source is deleted at the end.
 */

let feeds: FeedServer;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

test.beforeAll(async () => {
  feeds = await startFeedServer();
  const stamp = Date.now();
  feeds.document(
    '/two.rss',
    rss2('ProMED keys feed', [
      {
        title: 'Japan confirms 3 Chagas disease cases in Osaka',
        url: `https://promed.example/posts/keys-chagas-osaka-${stamp}`,
        text: 'Health officials in Osaka, Japan confirmed 3 cases of Chagas disease among workers; screening at the hospital found the infections.',
        published: hoursAgo(6),
      },
      {
        title: 'Osaka reports Chagas disease cluster: 3 cases confirmed',
        url: `https://news.example/health/keys-osaka-chagas-${stamp}`,
        text: 'Three cases of Chagas disease were confirmed in Osaka, Japan, officials said; the hospital found the infections during screening of workers.',
        published: hoursAgo(5),
      },
      {
        title: 'Peru confirms 40 Dengue cases in Lima',
        url: `https://promed.example/posts/keys-dengue-lima-${stamp}`,
        text: 'Health officials in Lima, Peru confirmed 40 cases of Dengue after heavy rains; hospitals in the city reported the infections.',
        published: hoursAgo(4),
      },
      {
        title: 'Lima reports Dengue outbreak: 40 cases confirmed',
        url: `https://news.example/health/keys-lima-dengue-${stamp}`,
        text: 'Forty cases of Dengue were confirmed in Lima, Peru, officials said; hospitals in the city reported the infections after heavy rains.',
        published: hoursAgo(3),
      },
    ]),
  );
});
test.afterAll(async () => {
  await feeds.close();
});

test('suggested actions: j/k move through the suggestions, Enter goes to Show articles, Enter opens them', async ({
  page,
  baseURL,
}) => {
  const session = await apiSession(baseURL ?? '');
  const created = await call(session, 'POST', '/feedSources', {
    name: 'ProMED keys feed',
    feedId: 1,
    url: `${feeds.baseUrl}/two.rss`,
  });
  expect(created.status).toBe(201);
  const sourceId = (created.json as { id: number }).id;
  try {
    // The job polls a new source at once; wait for its two suggestions (or more, from other specs).
    await expect
      .poll(
        async () => {
          const list = (await call(session, 'GET', '/feedSources')).json as {
            id: number;
            lastSuccessAt: string | null;
          }[];
          return list.find((s) => s.id === sourceId)?.lastSuccessAt ?? null;
        },
        { timeout: 60_000 },
      )
      .not.toBeNull();

    await countMouseEvents(page);
    await signIn(page);
    await resetMouseEvents(page);
    await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 30_000 });

    await pressSequence(page, 'g s');
    const panel = page.getByRole('dialog', { name: /Suggested actions/ });
    const rows = panel.locator('[data-suggestion]');
    await expect(panel.getByRole('button', { name: /Dengue in Peru/ })).toBeVisible({
      timeout: 30_000,
    });
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const current = panel.locator('[data-suggestion][aria-current="true"]');
    await expect(current).toBeFocused();
    const first = (await current.textContent()) ?? '';

    await page.keyboard.press('j');
    await expect(current).not.toHaveText(first);
    await expect(current).toBeFocused();
    const second = (await current.textContent()) ?? '';
    await expect(panel.getByTestId('suggestion-title')).toHaveText(
      second.replace(/New activity.*|Update.*/, '').trim(),
    );
    await page.keyboard.press('k');
    await expect(current).toHaveText(first);
    await expect(current).toBeFocused();

    // Enter: to the selected suggestion's first action; Enter again opens its articles.
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('button', { name: 'Show articles' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/article\?suggested=/);
    await expect(page.getByText(/^Suggested articles for /)).toBeVisible();
    expect(await mouseEvents(page)).toBe(0);
  } finally {
    await call(session, 'DELETE', `/feedSources/${sourceId}`);
  }
});

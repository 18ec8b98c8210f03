import { expect, test } from './fixtures';
import { apiSession, call } from './activity-details-setup';
import { mouseEvents, signInCountingMouse } from '../support/mouse-events';

/**
 * Issue 14, "Suggested actions and feed sources: j/k/Enter like the index screens", the feed
 * sources half: two sources (created through the API; unreachable, so they only fail), then
 * from the keys alone: j/k move the selection, Enter goes into the selected source's actions and
 * a second Enter acts (Poll now), Shift+D asks to delete with Delete focused, Enter deletes.
 * Zero mouse events after signing in. Both sources are gone at the end (feeds.spec.ts starts
 * from none).
 */

test('feed sources: j/k select, Enter into the actions and Enter polls, Shift+D then Enter deletes', async ({
  page,
  baseURL,
}) => {
  const session = await apiSession(baseURL ?? '');
  const names = ['Keys test feed A', 'Keys test feed B'];
  for (const [i, name] of names.entries()) {
    const res = await call(session, 'POST', '/feedSources', {
      name,
      feedId: 1,
      url: `http://127.0.0.1:9/keys-${i}.rss`,
    });
    expect(res.status).toBe(201);
  }

  await signInCountingMouse(page);
  await page.goto('/feeds');
  const table = page.getByRole('table', { name: 'Feed sources' });
  const row = (name: string) => table.locator('[data-feed-row]').filter({ hasText: name });
  await expect(row(names[1] ?? '')).toBeVisible({ timeout: 30_000 });

  const selected = table.locator('[data-feed-row][aria-selected="true"]');
  const selectedName = async () => {
    const text = (await selected.textContent()) ?? '';
    return names.find((name) => text.includes(name)) ?? text;
  };
  // The table lists other sources too (none when run alone): j twice ends on a row, k goes back
  // one, j forward again.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(selected).toHaveCount(1);
  const lower = await selectedName();
  await page.keyboard.press('k');
  await expect.poll(selectedName).not.toBe(lower);
  const upper = await selectedName();
  await page.keyboard.press('j');
  await expect.poll(selectedName).toBe(lower);
  await page.keyboard.press('k');
  await expect.poll(selectedName).toBe(upper);

  // Enter: into the selected source's actions, on Poll now; a second Enter polls.
  const chosen = upper;
  await page.keyboard.press('Enter');
  await expect(row(chosen).getByRole('button', { name: 'Poll now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(chosen).getByTestId('poll-note')).toBeVisible({ timeout: 30_000 });

  // Shift+D asks (Delete focused), Enter deletes; then the other one.
  for (let left = names.length; left > 0; left -= 1) {
    await page.keyboard.press('j');
    await expect(selected).toHaveCount(1);
    await page.keyboard.press('Shift+D');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete feed source');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      table.locator('[data-feed-row]').filter({ hasText: /Keys test feed/ }),
    ).toHaveCount(left - 1);
  }
  await expect(page.getByText('No feed sources')).toBeVisible();
  expect(await mouseEvents(page)).toBe(0);
});

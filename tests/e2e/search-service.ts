import { expect, signIn, type Page } from './fixtures';
import { embeddedSearchQueryKey } from '@server/config';

/**
 * The article search service's own answer, asked with the server-to-server query key: the
 * official count of what the app did, not the app's view of it.
 */
export async function searchService(
  page: Page,
  body: Record<string, unknown>,
): Promise<{ count: number; ids: string[] }> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    articleSearchUrl: string;
  };
  const response = await page.request.post(
    `${config.articleSearchUrl}/search?api-version=2024-07-01`,
    {
      headers: { 'api-key': process.env['SEARCH_QUERY_KEY'] ?? embeddedSearchQueryKey },
      data: { search: '*', count: true, select: 'articleId', ...body },
    },
  );
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as {
    '@odata.count': number;
    value: { articleId: string }[];
  };
  return { count: answer['@odata.count'], ids: answer.value.map((d) => d.articleId) };
}

/** How many articles the search service counts as read. */
export const readCount = async (page: Page) =>
  (await searchService(page, { filter: 'isRead eq true', top: 0 })).count;

/**
 * Signs in (fixtures.ts: the real OpenID flow, or the session it saved) and stores the unread
 * filter as the filter panel does, so the Article Index opens on unread articles only.
 */
export async function signInWithUnreadFilter(page: Page): Promise<void> {
  await signIn(page);
  await storeUnreadFilter(page);
}

/** Stores the unread filter as the filter panel does; the Article Index reads it on load. */
export async function storeUnreadFilter(page: Page): Promise<void> {
  await page.evaluate(() =>
    localStorage.setItem(
      'articleIndex_filters',
      JSON.stringify({
        readStatus: [
          { id: 0, selected: true },
          { id: 1, selected: false },
        ],
      }),
    ),
  );
}

/** The first `top` unread articles in the index's order (inserted date, newest first, then key). */
export const unreadInIndexOrder = (page: Page, top: number) =>
  searchService(page, {
    filter: 'articleType eq 3 and isRead eq false',
    orderby: 'insertedDate desc,articleId',
    top,
  });

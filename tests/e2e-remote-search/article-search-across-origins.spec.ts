import { expect, signIn, test, type APIRequestContext } from '../e2e/fixtures';

/**
 * Issue 30, "the browser cannot query it": IST A (this page's origin) has SEARCH_URL at IST B's
 * embedded search service on another port (playwright.remote-search.config.ts). A's pusher
 * created B's indexes with corsOptions naming A's origin; the worker in the browser then sends
 * its searches (with the query key A hands it) to B, and B answers the preflight and the
 * search with Access-Control-Allow-Origin for A. Before, the preflight got 404 and the Article
 * Index said "The article search did not answer".
 */

const serviceOrigin = `http://localhost:${process.env['E2E_SERVICE_PORT'] ?? 5192}`;

/**
 * The articles index's push lag on A's /metrics (absent until A has pushed anything). A's other
 * lanes go on meanwhile (its 29,000 places keep B busy for minutes: B's docs/index writes one
 * statement per document): the browser's searches are answered between B's writes.
 */
async function articlesPushLag(request: APIRequestContext): Promise<number | undefined> {
  const text = await (await request.get('/metrics')).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('ist_search_push_index_lag{') && l.includes('index="articles"'));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

test('signed in on A, the article index searches B across origins', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(480_000);
  await expect
    .poll(async () => articlesPushLag(request), { timeout: 180_000, intervals: [2_000] })
    .toBe(0);
  const fromService: { url: string; status: number; allowOrigin: string | null }[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(`${serviceOrigin}/search/indexes/articles/docs`)) return;
    fromService.push({
      url: response.url(),
      status: response.status(),
      allowOrigin: response.headers()['access-control-allow-origin'] ?? null,
    });
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(serviceOrigin)) failed.push(request.url());
  });

  await signIn(page);
  const origin = new URL(baseURL ?? '').origin;
  // A pushes its 300 seeded articles to B after it starts: the index fills within seconds.
  let all = 0;
  await expect
    .poll(
      async () => {
        await page.goto('/article');
        const count = page.getByTestId('article-count');
        await expect(count).toContainText(/article\(s\) found|did not answer/, { timeout: 60_000 });
        const match = /(\d+) article\(s\) found/.exec((await count.textContent()) ?? '');
        all = match === null ? 0 : Number(match[1]);
        return all;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  await expect(page.getByText('The article search did not answer')).toHaveCount(0);

  // A keyword search, typed as an analyst does: answered by B, read by the page.
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await expect(box).toBeFocused();
  const answered = page.waitForResponse(
    (r) =>
      r.url().startsWith(`${serviceOrigin}/search/indexes/articles/docs`) &&
      r.request().method() !== 'OPTIONS',
  );
  await box.fill('cholera');
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['access-control-allow-origin']).toBe(origin);
  await expect(page.getByTestId('article-count')).toHaveText(/[1-9]\d* article\(s\) found/);
  const found = Number(
    /(\d+) article/.exec((await page.getByTestId('article-count').textContent()) ?? '')?.[1],
  );
  // The seed writes articles of several diseases: cholera's are some, not all.
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all);
  expect(await page.getByTestId('article-title').count()).toBeGreaterThan(0);

  // Every search went to B and was let through for A's origin; none failed on CORS.
  expect(fromService.length).toBeGreaterThan(0);
  for (const r of fromService) expect(r).toMatchObject({ status: 200, allowOrigin: origin });
  expect(failed).toEqual([]);
});

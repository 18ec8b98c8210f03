import { expect, test, type Page, signIn } from './fixtures';
import fixtures from '@/ui/sanitized-html.fixtures.json' with { type: 'json' };
import { embeddedSearchAdminKey, embeddedSearchQueryKey } from '@server/config';

/** The article details screen in real Chromium against the real server and seeded data. */

/** GET on the real API with the signed-in user's token (to pick seeded articles). */
async function apiGet(page: Page, path: string): Promise<unknown> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) {
        const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
        return user.access_token ?? '';
      }
    }
    return '';
  });
  const response = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.ok() ? ((await response.json()) as unknown) : null;
}

interface Seeded {
  readonly articleId: number;
  readonly title: string;
  readonly isRead: boolean;
  readonly isCosmosDbArticle: boolean;
  readonly isLinkedToActivity: boolean;
  readonly clusterId: number | null;
  readonly childrenCount: number;
  readonly originalLanguage: string | null;
}

/** A seeded feed article referenced by an activity and in a cluster of several. */
async function linkedClusteredArticle(page: Page): Promise<Seeded> {
  for (let id = 1; id < 2000; id += 1) {
    const article = (await apiGet(page, `/articles/${id}`)) as Seeded | null;
    if (!article || article.isCosmosDbArticle || !article.isLinkedToActivity) continue;
    if (article.clusterId === null || article.childrenCount === 0) continue;
    return article;
  }
  throw new Error('no seeded article is linked and clustered');
}

test('a seeded article shows sections I–IV; c copies the id; m and the radios toggle read', async ({
  page,
}) => {
  await signIn(page);
  const article = await linkedClusteredArticle(page);
  await page.goto(`/article/${article.articleId}`);

  await expect(page.getByRole('heading', { name: `Article ${article.articleId}` })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText(`Article Index > ${article.title}`);
  for (const name of [
    'I. Overview',
    'II. Content',
    'III. Disease Activities Referenced',
    'IV. Related Articles',
  ]) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
  // The note shows on translated content only (issue 14): not for articles written in English.
  const translationNote = page.getByText('Translations are completed by Google Translate');
  if ((article.originalLanguage ?? 'English') === 'English') {
    await expect(translationNote).toHaveCount(0);
  } else {
    await expect(translationNote).toBeVisible();
  }
  const reports = page.getByRole('region', { name: 'III. Disease Activities Referenced' });
  await expect(reports.getByRole('columnheader', { name: 'Committed On' })).toBeVisible();
  await expect(reports.getByRole('row').nth(1)).toContainText(' in ');
  // Entry type label, Reported Date YYYY/MM/DD, Committed On local YYYY/MM/DD hh:mm a, initials.
  const report = reports.getByRole('row').nth(1).getByRole('cell');
  await expect(report.nth(1)).toHaveText(
    /^(Case Data|Situational Update|Traveller|Daily Total|Check-in|New Reporting Period|End Reporting Period)$/,
  );
  await expect(report.nth(3)).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  await expect(report.nth(4)).toHaveText(/^(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} [AP]M)?$/);
  await expect(report.nth(5)).toHaveText(/^[A-Z]{1,3}$/);
  const related = page.getByRole('region', { name: 'IV. Related Articles' });
  await expect(related.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'screenshots/article-details.png', fullPage: true });
  const overview = page.getByRole('region', { name: 'I. Overview' });
  await expect(overview.getByRole('link')).toHaveAttribute('target', '_blank');

  // Row clicks open new tabs: an activity (III), and a related article, marked read (IV).
  const activityTab = page.context().waitForEvent('page');
  await reports.getByRole('row').nth(1).getByRole('cell').nth(2).click();
  await expect(await activityTab).toHaveURL(/\/activity\/\d+\/\d+$/);
  const relatedRow = related.getByRole('row').nth(1);
  const relatedTab = page.context().waitForEvent('page');
  await relatedRow.getByRole('cell').nth(2).click();
  const opened = await relatedTab;
  await expect(opened).toHaveURL(/\/article\/\d+$/);
  const relatedId = /\/article\/(\d+)$/.exec(opened.url())?.[1] ?? '';
  await opened.close();
  await expect(relatedRow.getByRole('cell').nth(3)).toHaveText('Read');
  await expect
    .poll(async () => ((await apiGet(page, `/articles/${relatedId}`)) as Seeded | null)?.isRead)
    .toBe(true);

  // c copies the ID: the clipboard holds it and the control reads 'Copied' for 1 second.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const copyButton = page.getByRole('button', { name: 'Copy article ID' });
  // Timed in the page: from the frame 'Copied' appears to the one it goes.
  const copiedFor = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let shownAt = 0;
        const label = () =>
          document.querySelector('button[aria-label="Copy article ID"]')?.textContent?.trim();
        new MutationObserver(() => {
          if (shownAt === 0 && label() === 'Copied') shownAt = performance.now();
          else if (shownAt > 0 && label() !== 'Copied') resolve(performance.now() - shownAt);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
  );
  await page.locator('body').press('c');
  await expect(copyButton).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(article.articleId));
  const shown = await copiedFor;
  expect(shown).toBeGreaterThanOrEqual(950);
  expect(shown).toBeLessThan(2500);
  await expect(copyButton).toHaveText('Copy ID');
  // The control itself does the same.
  await copyButton.click();
  await expect(copyButton).toHaveText('Copied');
  await expect(copyButton).toHaveText('Copy ID', { timeout: 3000 });

  // m toggles read; the radio agrees, and so does the API after a reload.
  const target = article.isRead ? 'Unread' : 'Read';
  const other = article.isRead ? 'Read' : 'Unread';
  const savedByKey = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/articles/${article.articleId}`),
  );
  await page.locator('body').press('m');
  await expect(page.getByRole('radio', { name: target, exact: true })).toBeChecked();
  expect((await savedByKey).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('radio', { name: target, exact: true })).toBeChecked();

  // The radios flip it back, and that persists too.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/articles/${article.articleId}`),
  );
  await page.getByRole('radio', { name: other, exact: true }).check();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('radio', { name: other, exact: true })).toBeChecked();
});

test('an unknown article says it is not found', async ({ page }) => {
  await signIn(page, 'Lukas Schneider');
  await page.goto('/article/999999999');
  await expect(page.getByText('Article not found')).toBeVisible();
});

/**
 * Uploads a second-store article (it lives only in the search index; its summary is the content
 * the details screen shows) with the admin key: the browser's key from /config.json is a query
 * key and cannot write. Old dates keep it off the top of the article index, which other specs
 * triage. Answers its id.
 */
async function uploadIndexOnlyArticle(
  page: Page,
  fields: Readonly<Record<string, unknown>>,
): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    articleSearchUrl: string;
  };
  const articleId = String(900_000_000 + Math.floor(Math.random() * 90_000_000));
  const upload = await page.request.post(
    `${config.articleSearchUrl}/index?api-version=2024-07-01`,
    {
      headers: { 'api-key': process.env['SEARCH_API_KEY'] ?? embeddedSearchAdminKey },
      data: {
        value: [
          {
            '@search.action': 'upload',
            articleId,
            articleType: 3,
            articleFeed: 9,
            insertedDate: '2001-01-01T00:00:00Z',
            publishedDate: '2001-01-01T00:00:00Z',
            isCosmosDbArticle: true,
            isRead: false,
            ...fields,
          },
        ],
      },
    },
  );
  expect(upload.ok()).toBe(true);
  return articleId;
}

// The vectors carry inline styles: the sanitiser's inert parse reports them (nothing applies them).
test.describe(() => {
  test.use({ untrustedStyledHtml: true });
  test("DOMPurify's vectors through the details content path run no script in Chromium", async ({
    page,
  }) => {
    await signIn(page, 'Mei Tanaka');
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    // Every vector goes in as a real document of the search service.
    const payload = fixtures.map((f) => f.payload).join('\n');
    const articleId = await uploadIndexOnlyArticle(page, {
      articleTitle: 'XSS vectors from DOMPurify fixtures',
      summary: payload,
      articleBody: payload,
    });
    await page.goto(`/article/${articleId}`);
    await expect(
      page.getByText(
        'Article not found and in read-only mode. If you just added this article, please wait and check back later to see if it has finished processing.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'II. Content' })).toBeVisible();
    // Read-only: the status radios are disabled.
    await expect(page.getByRole('radio', { name: 'Unread', exact: true })).toBeDisabled();
    const content = page.locator('.article-content');
    await expect(content).toBeVisible();
    // Poke what a surviving handler would listen for, then give timers a moment.
    await content.evaluate((root) => {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        for (const type of ['click', 'mouseover', 'focus', 'error', 'load', 'toggle']) {
          if (type === 'click' && element instanceof HTMLAnchorElement) continue;
          element.dispatchEvent(new Event(type));
        }
      }
    });
    await page.waitForTimeout(1000);
    expect(await content.locator('script, iframe, object, embed, svg, img, form').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

test('a source URL that is not http or https is shown as text, never as a link', async ({
  page,
}) => {
  await signIn(page, 'Mei Tanaka');
  for (const sourceUrl of ['data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
    const articleId = await uploadIndexOnlyArticle(page, {
      articleTitle: `Unsafe source URL ${sourceUrl.slice(0, 8)}`,
      summary: 'An article whose source URL must not become a link.',
      sourceUrl,
    });
    await page.goto(`/article/${articleId}`);
    const shown = page.getByText(sourceUrl, { exact: true });
    await expect(shown).toBeVisible();
    await expect(shown).not.toHaveAttribute('href');
    await expect(page.locator(`a[href^="${sourceUrl.slice(0, 5)}"]`)).toHaveCount(0);
  }
  const safe = await uploadIndexOnlyArticle(page, {
    articleTitle: 'Safe source URL',
    sourceUrl: 'https://www.who.int/emergencies',
  });
  await page.goto(`/article/${safe}`);
  await expect(page.getByRole('link', { name: 'https://www.who.int/emergencies' })).toHaveAttribute(
    'target',
    '_blank',
  );
});

/** The search service's documents matching `filter` (the server-to-server query key). */
async function searchDocuments(page: Page, filter: string): Promise<{ articleId: string }[]> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    articleSearchUrl: string;
  };
  const response = await page.request.post(
    `${config.articleSearchUrl}/search?api-version=2024-07-01`,
    {
      headers: { 'api-key': process.env['SEARCH_QUERY_KEY'] ?? embeddedSearchQueryKey },
      data: { search: '*', filter, select: 'articleId', top: 1000 },
    },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { value: { articleId: string }[] }).value;
}

test('details show the spinner while loading, then the article', async ({ page }) => {
  await signIn(page, 'Lukas Schneider');
  const [first] = await searchDocuments(page, 'articleType eq 3 and isCosmosDbArticle eq false');
  if (!first) throw new Error('no seeded article');
  // The article's GET is held back (the real server answers it once released).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const articlePath = new RegExp(`/api/articles/${first.articleId}$`);
  await page.context().route(articlePath, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/article/${first.articleId}`);
  const spinner = page.getByRole('status').filter({ hasText: 'Loading article' });
  await expect(spinner).toBeVisible();
  await expect(page.getByRole('heading', { name: `Article ${first.articleId}` })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: `Article ${first.articleId}` })).toBeVisible();
  await expect(spinner).toHaveCount(0);
  await page.context().unroute(articlePath);
});

test("empty source fields read 'None'", async ({ page }) => {
  await signIn(page, 'Mei Tanaka');
  // A second-store article without source category or sub-category.
  const articleId = await uploadIndexOnlyArticle(page, {
    articleTitle: 'An article with no source category',
    sourceCategory: null,
    sourceGroup: null,
    summary: 'No source known.',
  });
  await page.goto(`/article/${articleId}`);
  const overview = page.getByRole('region', { name: 'I. Overview' });
  for (const label of ['Source category', 'Source subcategory']) {
    const term = overview.locator('dt', { hasText: new RegExp(`^${label}$`) });
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText('None');
  }
});

test("a referenced entry committed by the auto-commit user has the 'Auto-committed' tooltip", async ({
  page,
}) => {
  await signIn(page, 'Amara Okafor');
  interface ReportRow {
    readonly updatedBy: string;
  }
  // The seeded articles linked to an activity; the one whose entry the auto-commit user ('A')
  // committed.
  let found: { articleId: string; rows: readonly ReportRow[] } | undefined;
  for (const doc of await searchDocuments(page, 'isLinkedToActivity eq true')) {
    const rows = ((await apiGet(page, `/articles/${doc.articleId}/reports`)) ?? []) as ReportRow[];
    if (rows.some((r) => r.updatedBy === 'A')) {
      found = { articleId: doc.articleId, rows };
      break;
    }
  }
  if (!found) throw new Error('no seeded article references an auto-committed entry');
  await page.goto(`/article/${found.articleId}`);
  const reports = page.getByRole('region', { name: 'III. Disease Activities Referenced' });
  const userCells = reports.getByRole('row').locator('td:nth-child(6) span');
  await expect(userCells).toHaveCount(found.rows.length);
  // Whatever the order: every 'A' has the tooltip, and no analyst's initials have one.
  const auto = userCells.filter({ hasText: /^A$/ });
  await expect(auto).toHaveCount(found.rows.filter((r) => r.updatedBy === 'A').length);
  for (const cell of await auto.all())
    await expect(cell).toHaveAttribute('title', 'Auto-committed');
  for (const cell of await userCells.filter({ hasNotText: /^A$/ }).all()) {
    await expect(cell).not.toHaveAttribute('title');
  }
  await reports.getByText('A', { exact: true }).first().hover();
  await page.screenshot({ path: 'screenshots/article-details-auto-committed.png' });
});

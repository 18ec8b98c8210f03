import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ArticleSearchDocument,
  ArticleSearchResponse,
} from '@domain/article-search/article-document';
import { defaultArticleFilters, type ArticleFilters } from '@domain/article-search/filters';
import {
  articleSortColumns,
  buildArticleSearchQuery,
  encodeQuery,
  type ArticleSort,
} from '@domain/article-search/query';
import { Origin, ReadStatus } from '@domain/enums';
import {
  articleIndexStore,
  freshSearch,
  hasMoreArticles,
  isArticleRead,
  loadMoreArticles,
  resetArticleIndexStore,
  setArticleRead,
} from '@/features/articles/index/article-index-store';
import { loadedArticles } from '@/features/articles/index/visible-rows';
import { createArticleSearchClient } from '@workers/article-search';
import { createTestIdentity } from '../support/test-identity';
import { backends, startTestServer, type TestServer } from '../support/test-server';

vi.mock('@/app/engine', () => ({ getEngine: () => ({}) }));
vi.mock('@/features/articles/add/add-article-store', () => ({
  openAddArticle: () => undefined,
}));

/**
 * Issue 14: paging the article index while rows change. The real store (article-index-store)
 * pages through the real search client (workers/article-search.ts) over HTTP against the
 * embedded search service, on both engines, while articles are read and unread (by the analyst
 * through the store, and by others), deleted and inserted between pages, under random filters,
 * search texts and every sort. Then: every article that matched at the start and was not
 * changed is shown exactly once, and no article is shown twice.
 *
 * CI runs a fixed seed and a modest number of runs; PAGING_RUNS=500 PAGING_SEED=<n> runs more
 * (documented in docs/benchmarks.md's neighbour, tests/README.md).
 */

const runs = Number(process.env['PAGING_RUNS'] ?? 10);
const seed = Number(process.env['PAGING_SEED'] ?? 14);
const corpusSize = 320;

const titles = [
  null,
  'Cholera in Goma',
  'cholera outbreak',
  'Ebola',
  'Zika',
  "It's measles",
  'Élan',
];
const categories = [null, 'Media', 'Official', 'Blog'];
const dates = [
  null,
  '2024-05-01T00:00:00.000Z',
  '2024-05-01T00:00:00.001Z',
  '2024-05-02T09:30:00.000Z',
  '2024-06-01T12:00:00.000Z',
];

/** A document with few distinct values per field, so sorts tie (and tie on null) often. */
const documentOf = (articleId: string): fc.Arbitrary<ArticleSearchDocument> =>
  fc
    .record({
      articleTitle: fc.constantFrom(...titles),
      insertedDate: fc.constantFrom(...dates.slice(1), ...dates.slice(1), null),
      publishedDate: fc.constantFrom(...dates),
      sourceCategory: fc.constantFrom(...categories),
      sourceGroup: fc.constantFrom(null, 'A', 'B'),
      sourcePriority: fc.constantFrom(null, '1', '2'),
      createdBy: fc.constantFrom(null, null, 'amara'),
      isCosmosDbArticle: fc.constantFrom(null, false, true),
      isRead: fc.constantFrom(null, false, false, true),
      isLinkedToActivity: fc.boolean(),
    })
    .map((fields) => ({
      articleId,
      articleFeed: 10,
      articleType: 3,
      sourceUrl: null,
      clusterId: null,
      isCompleted: null,
      isImportant: null,
      isChild: null,
      childrenCount: null,
      originalLanguage: null,
      diseaseNames: null,
      locationNames: null,
      summary: null,
      contextTagNames: null,
      suggestedContextTagNames: null,
      articleBody: null,
      diseaseIds: null,
      ...fields,
    }));

const corpus: ArticleSearchDocument[] = Array.from({ length: corpusSize }, (_, i) =>
  fc.sample(documentOf(`a${String(i)}`), { seed: seed + i, numRuns: 1 }),
).flat();

/** The item at `pick` (wrapped), for actions that name an article by a random number. */
function at<T>(items: readonly T[], pick: number): T {
  const item = items[pick % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

const readStatus = (which: 'any' | 'unread' | 'read') => [
  { id: ReadStatus.Unread, selected: which === 'unread' },
  { id: ReadStatus.Read, selected: which === 'read' },
];

const filters: fc.Arbitrary<ArticleFilters> = fc
  .record({
    read: fc.constantFrom('any', 'unread', 'unread', 'read'),
    sourceCategory: fc.subarray(['Media', 'Official', 'Blog']),
    isLinkedToActivity: fc.boolean(),
    createdBy: fc.subarray([Origin.IstUser, Origin.PubcrawlerSystem, Origin.OiSystem]),
    isArticleFeed: fc.boolean(),
  })
  .map(({ read, ...rest }) => ({
    ...defaultArticleFilters,
    ...rest,
    readStatus: readStatus(read as 'any' | 'unread' | 'read'),
  }));

const sort: fc.Arbitrary<ArticleSort> = fc.record({
  column: fc.constantFrom(...articleSortColumns),
  direction: fc.constantFrom('asc', 'desc'),
});

type Action =
  | { readonly kind: 'load' }
  | { readonly kind: 'toggleShown'; readonly pick: number }
  | { readonly kind: 'setRead'; readonly pick: number; readonly isRead: boolean }
  | { readonly kind: 'delete'; readonly pick: number }
  | { readonly kind: 'insert'; readonly doc: ArticleSearchDocument };

let inserted = 0;
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'load' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('toggleShown' as const), pick: fc.nat() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('setRead' as const),
      pick: fc.nat(),
      isRead: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: 1_000_000 })
      .chain((n) => documentOf(`n${String(n)}`))
      .map((doc) => ({ kind: 'insert' as const, doc })),
  },
);

const engines = ['memory', 'sql'] as const;

describe.each(backends.flatMap((backend) => engines.map((engine) => [backend, engine] as const)))(
  'keyset paging of the article index on %s, %s engine',
  (backend, engine) => {
    let server: TestServer;
    const docsUrl = () => `${server.baseUrl}/search/indexes/articles/docs`;

    async function batch(value: readonly Record<string, unknown>[]): Promise<void> {
      if (value.length === 0) return;
      const res = await fetch(`${docsUrl()}/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': server.config.searchApiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ value }),
      });
      expect(res.status).toBe(200);
    }
    const setReadInIndex = (articleId: string, isRead: boolean) =>
      batch([{ '@search.action': 'merge', articleId, isRead }]);

    /** Every article the service matches now for these inputs (one GET, $top 1000). */
    async function matchingNow(input: {
      filters: ArticleFilters;
      searchText: string;
      sort: ArticleSort;
    }): Promise<string[]> {
      const parameters = buildArticleSearchQuery(input).parameters.map(([name, value]) =>
        name === '$top' ? ([name, '1000'] as const) : ([name, value] as const),
      );
      const res = await fetch(`${docsUrl()}?${encodeQuery(parameters)}&api-version=2024-07-01`, {
        headers: { 'api-key': server.config.searchApiKey },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as ArticleSearchResponse;
      return body.value.map((doc) => doc.articleId);
    }

    beforeAll(async () => {
      const issuer = await createTestIdentity();
      server = await startTestServer({
        backend,
        identity: issuer.identity,
        env: { SEARCH_ENGINE: engine },
      });
      await batch(corpus.map((doc) => ({ '@search.action': 'upload', ...doc })));
      const client = createArticleSearchClient({
        url: docsUrl,
        headers: () => Promise.resolve({ 'api-key': server.config.searchApiKey }),
        log: (message) => Promise.reject(new Error(message)),
      });
      resetArticleIndexStore({
        search: (request) => client.search(request),
        setRead: setReadInIndex,
        openAddArticle: () => undefined,
        openArticle: () => undefined,
      });
    });
    afterAll(() => server.close());

    it('shows every unchanged matching article exactly once and nothing twice', async () => {
      await fc.assert(
        fc.asyncProperty(
          filters,
          fc.constantFrom('', '', '', 'cholera', 'ebola zika'),
          sort,
          fc.array(action, { minLength: 1, maxLength: 14 }),
          async (f, searchText, s, actions) => {
            const touched = new Set<string>();
            const insertedIds: string[] = [];
            try {
              Object.assign(articleIndexStore, {
                filters: f,
                searchText,
                appliedSearchText: searchText,
                sort: s,
                readOverrides: {},
              });
              const atStart = await matchingNow({ filters: f, searchText, sort: s });
              await freshSearch();
              expect(articleIndexStore.searchFailed).toBe(false);
              for (const step of actions) {
                const shown = loadedArticles(articleIndexStore.groups);
                if (step.kind === 'load') {
                  await loadMoreArticles();
                } else if (step.kind === 'toggleShown' && shown.length > 0) {
                  const article = at(shown, step.pick);
                  touched.add(article.articleId);
                  await setArticleRead(article.articleId, !isArticleRead(article));
                } else if (step.kind === 'setRead') {
                  const { articleId } = at(corpus, step.pick);
                  touched.add(articleId);
                  await setReadInIndex(articleId, step.isRead);
                } else if (step.kind === 'delete') {
                  const { articleId } = at(corpus, step.pick);
                  touched.add(articleId);
                  await batch([{ '@search.action': 'delete', articleId }]);
                } else if (step.kind === 'insert') {
                  inserted += 1;
                  const doc = { ...step.doc, articleId: `${step.doc.articleId}-${inserted}` };
                  insertedIds.push(doc.articleId);
                  await batch([{ '@search.action': 'upload', ...doc }]);
                }
              }
              for (let guard = 0; hasMoreArticles(articleIndexStore); guard += 1) {
                expect(guard, 'pages never end').toBeLessThan(20);
                expect(await loadMoreArticles()).toBe(true);
              }
              expect(articleIndexStore.searchFailed).toBe(false);
              const shown = loadedArticles(articleIndexStore.groups).map((a) => a.articleId);
              const times = new Map<string, number>();
              for (const id of shown) times.set(id, (times.get(id) ?? 0) + 1);
              const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
              expect(twice, 'shown twice').toEqual([]);
              const missed = atStart.filter((id) => !touched.has(id) && !times.has(id));
              expect(missed, 'matched at the start, unchanged, never shown').toEqual([]);
            } finally {
              // Back to the corpus for the next run: touched documents as they were, no extras.
              const initial = corpus.filter((doc) => touched.has(doc.articleId));
              await batch([
                ...initial.map((doc) => ({ '@search.action': 'upload', ...doc })),
                ...insertedIds.map((articleId) => ({ '@search.action': 'delete', articleId })),
              ]);
            }
          },
        ),
        { seed, numRuns: runs },
      );
    }, 600_000);
  },
);

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultArticleFilters } from '@/domain/article-search/filters';
import { article, articlesFrom, fakeServices, page } from './article-index-store.fixtures';
import {
  applyFilters,
  articleIndexStore,
  confirmMarkAllRead,
  currentRows,
  freshSearch,
  hasMoreArticles,
  isArticleRead,
  loadMoreArticles,
  markReadAndNext,
  moveSelection,
  resetArticleIndexStore,
  setArticleRead,
  setClusterExpanded,
  setSearchText,
  toggleArticleRead,
  toggleSort,
} from './article-index-store';
import { articleIndexCommands } from './article-index-commands';
import { appCommands } from '@/app/commands/app-commands';
import { findHotkeyConflicts } from '@/app/commands/registry';
import { filtersStorageKey } from './filters-storage';

vi.mock('@/app/engine', () => ({ getEngine: () => ({}) }));
vi.mock('../add/add-article-store', () => ({ openAddArticle: () => undefined }));

const find = (id: string) =>
  articleIndexStore.groups
    .flatMap((g) => [g.parent, ...g.children])
    .find((a) => a.articleId === id);
const readOf = (id: string) => {
  const a = find(id);
  if (!a) throw new Error(`no article ${id}`);
  return isArticleRead(a);
};

describe('article index store', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('flips the row at once, then confirms through the update', async () => {
    const { services, setRead } = fakeServices([page([article(1), article(2)], 2)]);
    resetArticleIndexStore(services);
    await freshSearch();
    let resolve: () => void = () => undefined;
    setRead.mockImplementationOnce(() => new Promise<void>((r) => (resolve = r)));
    const pending = toggleArticleRead('1');
    expect(readOf('1')).toBe(true);
    // A key's write waits for the key's frame to be painted.
    expect(setRead).toHaveBeenCalledWith('1', true, { afterPaint: true });
    resolve();
    await pending;
    expect(readOf('1')).toBe(true);
  });

  it('reverts the row when the update fails', async () => {
    const { services, setRead } = fakeServices([page([article(1, { isRead: true })], 1)]);
    resetArticleIndexStore(services);
    await freshSearch();
    setRead.mockRejectedValueOnce(new Error('500'));
    const pending = setArticleRead('1', false);
    expect(readOf('1')).toBe(false);
    await pending;
    expect(readOf('1')).toBe(true);
  });

  it('a fresh search resets cursor, selection and count; show more asks after the last row', async () => {
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 250),
      page(articlesFrom(101, 100), 150),
      page(articlesFrom(201, 40), 40),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    moveSelection(1);
    expect(articleIndexStore.selectedId).toBe('1');
    expect(hasMoreArticles(articleIndexStore)).toBe(true);
    await loadMoreArticles();
    await loadMoreArticles();
    expect(articleIndexStore.loadedCount).toBe(240);
    expect(articleIndexStore.total).toBe(240);
    expect(hasMoreArticles(articleIndexStore)).toBe(false);
    expect(requests.map((r) => r.after)).toEqual([null, ['100'], ['200']]);
    expect(await loadMoreArticles()).toBe(false);
    const search = freshSearch();
    expect(articleIndexStore).toMatchObject({
      status: 'loading',
      total: null,
      selectedId: null,
      cursor: null,
    });
    await search;
    expect(articleIndexStore.loadedCount).toBe(100);
  });

  it('drops articles already shown (their sort values moved past the cursor) and counts what is left', async () => {
    const { services } = fakeServices([
      page(articlesFrom(1, 100), 300),
      // 5 and 7 were read meanwhile and, sorted by status, came again after the cursor.
      page([article(5), ...articlesFrom(101, 98), article(7)], 180),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    await loadMoreArticles();
    const ids = currentRows().map((row) => row.article.articleId);
    expect(ids).toHaveLength(198);
    expect(new Set(ids).size).toBe(198);
    // Loaded (198) plus the 80 the service counted after this page.
    expect(articleIndexStore.total).toBe(278);
    expect(articleIndexStore.cursor).toEqual(['7']);
  });

  it('n and j on the last loaded row load the next page and go on; at the real end they say so', async () => {
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 150),
      page(articlesFrom(101, 50), 50),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    articleIndexStore.selectedId = '100';
    markReadAndNext();
    await vi.waitFor(() => expect(articleIndexStore.selectedId).toBe('101'));
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    articleIndexStore.selectedId = '150';
    moveSelection(1);
    expect(articleIndexStore.endNotice).toBe('No more articles');
    markReadAndNext();
    await vi.waitFor(() => expect(articleIndexStore.endNotice).toBe('No more unread articles'));
    expect(articleIndexStore.selectedId).toBe('150');
  });

  it('fetches the next page ahead near the end; the boundary key waits for that one, not a second', async () => {
    let release: () => void = () => undefined;
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 200),
      page(articlesFrom(101, 100), 100),
    ]);
    const held: typeof services = {
      ...services,
      // The second page answers only when released: the keys come while it is on its way.
      search: (request) => {
        const answer = services.search(request);
        if (request.after === null) return answer;
        return new Promise((resolve) => (release = () => resolve(answer)));
      },
    };
    resetArticleIndexStore(held);
    await freshSearch();
    articleIndexStore.selectedId = '70';
    moveSelection(1);
    // 29 rows left below the selection: nothing fetched yet.
    expect(requests).toHaveLength(1);
    articleIndexStore.selectedId = '79';
    markReadAndNext();
    // The selection has 20 rows below it: the next page is asked for.
    expect(articleIndexStore.selectedId).toBe('80');
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    articleIndexStore.selectedId = '100';
    markReadAndNext();
    release();
    await vi.waitFor(() => expect(articleIndexStore.selectedId).toBe('101'));
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    expect(currentRows()).toHaveLength(200);
  });

  it('counts unread rows for n: read rows below do not delay the fetch ahead', async () => {
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 200),
      page(articlesFrom(101, 100), 100),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    for (let id = 41; id <= 90; id += 1) articleIndexStore.readOverrides[String(id)] = true;
    articleIndexStore.selectedId = '20';
    markReadAndNext();
    // 22..40 and 91..100 unread below: 29, more than 20 — nothing fetched yet.
    expect(articleIndexStore.selectedId).toBe('21');
    expect(requests).toHaveLength(1);
    articleIndexStore.selectedId = '39';
    markReadAndNext();
    // 60 rows below the selection, but only 10 of them unread: the next page is asked for.
    expect(articleIndexStore.selectedId).toBe('40');
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    markReadAndNext();
    expect(articleIndexStore.selectedId).toBe('91');
    expect(requests).toHaveLength(2);
  });

  it("fetches the next page when 'Mark all as read' leaves nothing unread; n then finds it", async () => {
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 200),
      page(articlesFrom(101, 100), 100),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    articleIndexStore.selectedId = '1';
    await confirmMarkAllRead();
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    await vi.waitFor(() => expect(currentRows()).toHaveLength(200));
    markReadAndNext();
    expect(articleIndexStore.selectedId).toBe('101');
    expect(requests).toHaveLength(2);
  });

  it('j on the last loaded row loads the next page and moves on', async () => {
    const { services } = fakeServices([
      page(articlesFrom(1, 100), 101),
      page(articlesFrom(101, 1), 1),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    articleIndexStore.selectedId = '100';
    moveSelection(1);
    await vi.waitFor(() => expect(articleIndexStore.selectedId).toBe('101'));
  });

  it('sorting toggles the direction on the same column', async () => {
    const { services, requests } = fakeServices([page([article(1)], 1)]);
    resetArticleIndexStore(services);
    toggleSort('insertedDate');
    toggleSort('insertedDate');
    toggleSort('articleTitle');
    await Promise.resolve();
    expect(requests.map((r) => r.sort)).toEqual([
      { column: 'insertedDate', direction: 'asc' },
      { column: 'insertedDate', direction: 'desc' },
      { column: 'articleTitle', direction: 'asc' },
    ]);
  });

  it('debounces the search text by 250 ms', () => {
    vi.useFakeTimers();
    const { services, requests } = fakeServices([]);
    resetArticleIndexStore(services);
    setSearchText('chol');
    vi.advanceTimersByTime(200);
    setSearchText('cholera');
    vi.advanceTimersByTime(249);
    expect(requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(requests.map((r) => r.searchText)).toEqual(['cholera']);
  });

  it('n marks read and moves to the next unread visible row', async () => {
    const rows = [article(1), article(2, { isRead: true }), article(3)];
    const { services } = fakeServices([page(rows, 3)]);
    resetArticleIndexStore(services);
    await freshSearch();
    markReadAndNext();
    expect(articleIndexStore.selectedId).toBe('1');
    markReadAndNext();
    expect(readOf('1')).toBe(true);
    expect(articleIndexStore.selectedId).toBe('3');
  });

  it('n goes into a collapsed cluster for its unread children, opening it', async () => {
    const rows = [
      article(1, { clusterId: 'c', isChild: false }),
      article(2, { clusterId: 'c', isChild: true, isRead: true }),
      article(3, { clusterId: 'c', isChild: true }),
      article(4),
    ];
    const { services } = fakeServices([page(rows, 4)]);
    resetArticleIndexStore(services);
    await freshSearch();
    markReadAndNext();
    markReadAndNext();
    expect(articleIndexStore.selectedId).toBe('3');
    expect(currentRows().map((r) => r.article.articleId)).toEqual(['1', '2', '3', '4']);
    markReadAndNext();
    expect(articleIndexStore.selectedId).toBe('4');
    expect(['1', '2', '3'].map(readOf)).toEqual([true, true, true]);
  });

  it('n keys typed while the next page loads apply after it, none dropped', async () => {
    const { services, setRead } = fakeServices([
      page(articlesFrom(1, 100), 200),
      page(articlesFrom(101, 100), 100),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    articleIndexStore.selectedId = '99';
    for (let i = 0; i < 5; i += 1) markReadAndNext();
    await vi.waitFor(() => expect(articleIndexStore.selectedId).toBe('104'));
    expect(setRead.mock.calls.map(([id]) => id)).toEqual(['99', '100', '101', '102', '103']);
  });

  it('children show only when their cluster is expanded', async () => {
    const rows = [
      article(1, { clusterId: 'c', isChild: false }),
      article(2, { clusterId: 'c', isChild: true }),
      article(3),
    ];
    const { services } = fakeServices([page(rows, 3)]);
    resetArticleIndexStore(services);
    await freshSearch();
    expect(currentRows().map((r) => r.article.articleId)).toEqual(['1', '3']);
    setClusterExpanded('1');
    expect(currentRows().map((r) => r.article.articleId)).toEqual(['1', '2', '3']);
  });

  it('drops the answer of a search started before a reset, however many searches follow', async () => {
    let releaseOld: () => void = () => undefined;
    const old = fakeServices([page([article(1)], 1)]).services;
    resetArticleIndexStore({
      ...old,
      search: (request) => {
        const answer = old.search(request);
        return new Promise((resolve) => (releaseOld = () => resolve(answer)));
      },
    });
    const stale = freshSearch();
    const { services } = fakeServices([page([article(2)], 1), page([article(3)], 1)]);
    resetArticleIndexStore(services);
    await freshSearch();
    releaseOld();
    await stale;
    expect(currentRows().map((r) => r.article.articleId)).toEqual(['2']);
    expect(articleIndexStore.total).toBe(1);
  });

  it('marks all loaded unread articles read, reverting only the failures', async () => {
    const rows = [article(1), article(2), article(3, { isRead: true })];
    const { services, setRead } = fakeServices([page(rows, 3)]);
    resetArticleIndexStore(services);
    await freshSearch();
    setRead.mockImplementation((id) =>
      id === '2' ? Promise.reject(new Error('x')) : Promise.resolve(),
    );
    await confirmMarkAllRead();
    expect(setRead.mock.calls.map(([id]) => id).sort()).toEqual(['1', '2']);
    // Sent at once, not a frame apart each.
    expect(setRead.mock.calls.every(([, , options]) => options === undefined)).toBe(true);
    expect([readOf('1'), readOf('2'), readOf('3')]).toEqual([true, false, true]);
  });

  it('keeps applied filters in localStorage and restores them, falling back on bad data', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    const { services } = fakeServices([]);
    resetArticleIndexStore(services);
    applyFilters({ ...defaultArticleFilters, isLinkedToActivity: true });
    expect(JSON.parse(stored.get(filtersStorageKey) ?? '{}')).toMatchObject({
      isLinkedToActivity: true,
    });
    resetArticleIndexStore(services);
    expect(articleIndexStore.filters.isLinkedToActivity).toBe(true);
    stored.set(filtersStorageKey, '{"dateMode":"yesterday"');
    resetArticleIndexStore(services);
    expect(articleIndexStore.filters).toEqual(defaultArticleFilters);
    stored.set(filtersStorageKey, '{"readStatus":"nope"}');
    resetArticleIndexStore(services);
    expect(articleIndexStore.filters).toEqual(defaultArticleFilters);
    vi.unstubAllGlobals();
  });

  it('binds no key twice with the app commands', () => {
    const commands = articleIndexCommands({
      focusSearch: () => undefined,
      toggleFilters: () => undefined,
    });
    expect(findHotkeyConflicts([...appCommands, ...commands])).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { article, articlesFrom, fakeServices, page } from './article-index-store.fixtures';
import {
  articleIndexStore,
  freshSearch,
  isArticleRead,
  resetArticleIndexStore,
  setSearchText,
  applySearchText,
} from './article-index-store';
import {
  backToArticleList,
  isInArticleList,
  moveIntoResults,
  openNeighbourArticle,
} from './article-list-travel';
import { enterSuggestedMode } from './suggested-mode';

const navigated = vi.hoisted(() => [] as string[]);
vi.mock('@/app/engine', () => ({ getEngine: () => ({}) }));
vi.mock('../add/add-article-store', () => ({ openAddArticle: () => undefined }));
vi.mock('@/app/router', () => ({ navigate: (to: string) => navigated.push(to) }));

const loadedRead = (id: string) => {
  const found = articleIndexStore.groups.map((g) => g.parent).find((a) => a.articleId === id);
  return found !== undefined && isArticleRead(found);
};

describe('travel through the article list from the details screen', () => {
  afterEach(() => {
    navigated.length = 0;
    vi.useRealTimers();
  });

  it('j/k open the neighbour rows, marked read; past the last loaded row the next page loads', async () => {
    const { services, requests } = fakeServices([
      page(articlesFrom(1, 100), 130),
      page(articlesFrom(101, 30), 30),
    ]);
    resetArticleIndexStore(services);
    await freshSearch();
    expect(isInArticleList('50')).toBe(true);
    expect(isInArticleList('500')).toBe(false);

    expect(await openNeighbourArticle('50', 1)).toBe('opened');
    expect(services.openArticle).toHaveBeenLastCalledWith('51');
    expect(articleIndexStore.selectedId).toBe('51');
    expect(loadedRead('51')).toBe(true);
    expect(await openNeighbourArticle('51', -1)).toBe('opened');
    expect(services.openArticle).toHaveBeenLastCalledWith('50');

    expect(await openNeighbourArticle('100', 1)).toBe('opened');
    expect(requests.map((r) => r.after)).toEqual([null, ['100']]);
    expect(services.openArticle).toHaveBeenLastCalledWith('101');

    expect(await openNeighbourArticle('130', 1)).toBe('end');
    expect(articleIndexStore.endNotice).toBe('No more articles');
    expect(await openNeighbourArticle('1', -1)).toBe('end');
    expect(await openNeighbourArticle('999', 1)).toBe('notInList');
  });

  it('back to the list keeps suggested mode in the URL, and the ordinary index otherwise', async () => {
    const { services } = fakeServices([page([article(7), article(9)], 2)]);
    resetArticleIndexStore(services);
    await freshSearch();
    backToArticleList();
    enterSuggestedMode({ articleIds: ['7', '9'], target: 'Cholera in Chad' }, ['9']);
    backToArticleList();
    expect(navigated).toEqual([
      '/article',
      '/article?suggested=7%2C9&target=Cholera+in+Chad&associated=9',
    ]);
  });

  it('from the search box: waits for the search it started, then selects the first row', async () => {
    const { services } = fakeServices([page(articlesFrom(1, 5), 5)]);
    resetArticleIndexStore(services);
    await freshSearch();
    articleIndexStore.selectedId = '3';
    // The selection is kept when the results still have it.
    expect(await moveIntoResults()).toBe('3');
    setSearchText('cholera');
    applySearchText();
    expect(articleIndexStore.status).toBe('loading');
    expect(await moveIntoResults()).toBe('1');
    expect(articleIndexStore.searchText).toBe('cholera');
  });
});

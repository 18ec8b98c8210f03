import { afterEach, describe, expect, it, vi } from 'vitest';
import { appCommands } from '@/app/commands/app-commands';
import { findHotkeyConflicts, isCommandAvailable } from '@/app/commands/registry';
import { defaultArticleFilters } from '@/domain/article-search/filters';
import { articleIndexCommands } from './article-index-commands';
import { article, fakeServices, page } from './article-index-store.fixtures';
import {
  applyFilters,
  articleIndexStore,
  freshSearch,
  moveSelection,
  resetArticleIndexStore,
  setSearchText,
} from './article-index-store';
import {
  associatedArticleIds,
  enterSuggestedMode,
  isAssociated,
  leaveSuggestedMode,
  parseSuggestedMode,
  showArticleIndex,
  suggestedModeSearch,
  toggleAssociated,
  toggleSelectedAssociated,
} from './suggested-mode';

vi.mock('@/app/engine', () => ({ getEngine: () => ({}) }));
vi.mock('../add/add-article-store', () => ({ openAddArticle: () => undefined }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('suggested mode: reading the URL', () => {
  it('reads the ids, the target and the already associated ids', () => {
    expect(
      parseSuggestedMode('?suggested=12,7,12, 30 &target=Cholera%20in%20Nigeria&associated=7,99'),
    ).toEqual({
      mode: { articleIds: ['12', '7', '30'], target: 'Cholera in Nigeria' },
      // 99 is not one of the suggestion's articles.
      associated: ['7'],
    });
  });

  it('is absent without `suggested`; drops ids that are not article keys', () => {
    expect(parseSuggestedMode('')).toBeNull();
    expect(parseSuggestedMode('?target=x')).toBeNull();
    expect(parseSuggestedMode("?suggested=1,'or 1=1,a|b,,2&target=%20")).toEqual({
      mode: { articleIds: ['1', '2'], target: null },
      associated: [],
    });
    expect(parseSuggestedMode('?suggested=')).toEqual({
      mode: { articleIds: [], target: null },
      associated: [],
    });
  });

  it('caps a long list at 1,000 ids', () => {
    const ids = Array.from({ length: 1500 }, (_, i) => String(i + 1));
    expect(parseSuggestedMode(`?suggested=${ids.join(',')}`)?.mode.articleIds).toHaveLength(1000);
  });

  it('carries the suggestion’s disease and country, and ignores a malformed one', () => {
    const mode = {
      articleIds: ['3'],
      target: 'Plague in Colombia',
      suggestion: { diseaseId: 79, countryId: 20 },
    };
    expect(suggestedModeSearch(mode)).toContain('suggestion=79-20');
    expect(parseSuggestedMode(suggestedModeSearch(mode))).toEqual({ mode, associated: [] });
    expect(parseSuggestedMode('?suggested=3&suggestion=79;20')?.mode).not.toHaveProperty(
      'suggestion',
    );
  });

  it('writes the query string it reads', () => {
    const mode = { articleIds: ['3', '1'], target: 'Mpox in Lagos & Abuja' };
    expect(parseSuggestedMode(suggestedModeSearch(mode, ['1']))).toEqual({
      mode,
      associated: ['1'],
    });
  });
});

describe('suggested mode: the store', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('searches only the suggestion’s articles, without the filters, text cleared', async () => {
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    const { services, requests } = fakeServices([page([article(12), article(7)], 2)]);
    resetArticleIndexStore(services);
    applyFilters({ ...defaultArticleFilters, isLinkedToActivity: true });
    setSearchText('cholera');
    enterSuggestedMode({ articleIds: ['12', '7'], target: 'Cholera in Nigeria' });
    await settle();
    expect(requests.at(-1)).toMatchObject({ articleIds: ['12', '7'], searchText: '', after: null });
    expect(articleIndexStore.searchText).toBe('');
    expect(articleIndexStore.total).toBe(2);
    // The filters stay stored for the ordinary index, and apply again once the mode is left.
    expect(articleIndexStore.filters.isLinkedToActivity).toBe(true);
    leaveSuggestedMode();
    await settle();
    expect(requests.at(-1)).not.toHaveProperty('articleIds');
    expect(requests.at(-1)?.filters.isLinkedToActivity).toBe(true);
    vi.unstubAllGlobals();
  });

  it('the Associate toggle adds and removes; the list keeps the suggestion’s order', async () => {
    const { services } = fakeServices([page([article(3), article(1), article(2)], 3)]);
    resetArticleIndexStore(services);
    enterSuggestedMode({ articleIds: ['1', '2', '3'], target: null }, ['2']);
    await settle();
    expect(associatedArticleIds()).toEqual(['2']);
    toggleAssociated('3');
    toggleAssociated('1');
    expect(associatedArticleIds()).toEqual(['1', '2', '3']);
    toggleAssociated('2');
    expect(associatedArticleIds()).toEqual(['1', '3']);
    expect(isAssociated('2')).toBe(false);
    // The key works on the selected row: the first row is 3.
    moveSelection(1);
    toggleSelectedAssociated();
    expect(associatedArticleIds()).toEqual(['1']);
  });

  it('does nothing outside suggested mode, and leaving drops the set', async () => {
    const { services } = fakeServices([page([article(1)], 1)]);
    resetArticleIndexStore(services);
    await freshSearch();
    toggleAssociated('1');
    expect(associatedArticleIds()).toEqual([]);
    expect(articleIndexStore.associated).toEqual({});
    enterSuggestedMode({ articleIds: ['1'], target: null }, ['1']);
    leaveSuggestedMode();
    expect(associatedArticleIds()).toEqual([]);
    expect(articleIndexStore.suggested).toBeNull();
  });

  it('follows the URL: enters, keeps (coming back from an article), changes and leaves', async () => {
    const { services, requests } = fakeServices([page([article(1), article(2)], 2)]);
    resetArticleIndexStore(services);
    showArticleIndex('?suggested=1,2&target=T');
    await settle();
    toggleAssociated('2');
    showArticleIndex('?suggested=1,2&target=T');
    await settle();
    expect(requests).toHaveLength(1);
    expect(associatedArticleIds()).toEqual(['2']);
    showArticleIndex('?suggested=1&target=T');
    await settle();
    expect(requests.at(-1)?.articleIds).toEqual(['1']);
    expect(associatedArticleIds()).toEqual([]);
    showArticleIndex('');
    await settle();
    expect(articleIndexStore.suggested).toBeNull();
    expect(requests.at(-1)).not.toHaveProperty('articleIds');
  });

  it('the key l and the palette command apply in suggested mode only, bound once', async () => {
    const commands = articleIndexCommands({
      focusSearch: () => undefined,
      toggleFilters: () => undefined,
    });
    expect(findHotkeyConflicts([...appCommands, ...commands])).toEqual([]);
    const associate = commands.find((c) => c.id === 'articleIndex.associate');
    expect(associate?.hotkey).toBe('l');
    const context = { pathname: '/article' };
    const { services } = fakeServices([page([article(1)], 1)]);
    resetArticleIndexStore(services);
    expect(associate && isCommandAvailable(associate, context)).toBe(false);
    enterSuggestedMode({ articleIds: ['1'], target: null });
    await settle();
    expect(associate && isCommandAvailable(associate, context)).toBe(true);
    moveSelection(1);
    associate?.run(context);
    expect(associatedArticleIds()).toEqual(['1']);
  });
});

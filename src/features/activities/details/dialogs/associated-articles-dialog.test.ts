// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsStore } from '@/app/alerts/alerts-store';
import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import { AssociatedArticlesDialog } from './associated-articles-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The committed-report link failure (spec 001 §8): the engine's answer is stood in for (the
 * real calls are tested against the real server in workers/activity-dialogs), the dialog's
 * part is checked — the alert 'Failed to link articles to committed report.' plus the message.
 */
const article = (articleId: string, diseaseIds: string[]): ArticleSearchDocument =>
  ({
    articleId,
    articleTitle: `Article ${articleId}`,
    diseaseIds,
    diseaseNames: [],
  }) as unknown as ArticleSearchDocument;

const engine = {
  getArticlesByIds: vi.fn(async () => ({ articles: [], error: false })),
  searchArticlesToLink: vi.fn(async () => ({ articles: [article('7', ['3'])], error: false })),
  linkArticlesToReports: vi.fn(async () => ({
    status: 'failed' as const,
    message: 'Report 9 is not committed.',
  })),
};
vi.mock('@/app/engine', () => ({ getEngine: () => engine }));

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  alertsStore.alerts = [];
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('AssociatedArticlesDialog', () => {
  it('warns about an article of another disease and alerts a failed link with its message', async () => {
    const onLinked = vi.fn();
    await act(async () => {
      root.render(
        createElement(AssociatedArticlesDialog, {
          open: true,
          diseaseId: 2,
          entry: {
            label: 'Case Data, Toronto, 2024/01/05',
            linkKey: 'cases',
            reportId: 9,
            committed: true,
            readOnly: false,
          },
          articleIds: [],
          onClose: vi.fn(),
          onArticlesChange: vi.fn(),
          onLinked,
        }),
      );
    });
    const search = document.querySelector('input[type="search"]');
    if (!(search instanceof HTMLInputElement)) throw new Error('no search box');
    vi.useFakeTimers();
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(search, 'article');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      vi.advanceTimersByTime(250);
    });
    vi.useRealTimers();
    await act(async () => undefined);
    expect(engine.searchArticlesToLink).toHaveBeenCalledWith('article');
    expect(document.body.textContent).toContain('Incorrect article: This article may not be');
    await act(async () => button('Add')?.click());
    await act(async () => button('Link articles')?.click());
    expect(engine.linkArticlesToReports).toHaveBeenCalledWith({
      cases: [{ reportId: 9, articleIds: [7] }],
    });
    expect(alertsStore.alerts.map((a) => a.text)).toEqual([
      'Failed to link articles to committed report. Report 9 is not committed.',
    ]);
    expect(onLinked).not.toHaveBeenCalled();
  });
});

import { useCallback, useEffect, useState } from 'react';
import { getEngine } from '@/app/engine';
import type { RelatedReportRow } from '@/domain/articles';
import { viewOfDetail, viewOfDocument, type ArticleView } from './article-view';

/** One row of section IV (same cluster). */
export interface RelatedArticleRow {
  readonly articleId: number;
  readonly title: string;
  readonly publishedDate: string | null;
  readonly source: string | null;
  readonly isRead: boolean;
}

/** A part of the screen that loads on its own. */
export type Part<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly value: T };

/** The screen's state. */
export type DetailsState =
  | { readonly status: 'loading' }
  | { readonly status: 'notFound' }
  | { readonly status: 'error' }
  | {
      readonly status: 'ready';
      readonly article: ArticleView;
      readonly reports: Part<readonly RelatedReportRow[]>;
      readonly related: Part<readonly RelatedArticleRow[]>;
    };

const loading = { status: 'loading' } as const;

/** Parses the route parameter: a positive whole number, else null. */
export const parseArticleId = (param: string): number | null =>
  /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;

/** Loads an article, its referencing activities and its cluster; exposes the read toggle. */
export function useArticleDetails(articleId: number | null) {
  const [state, setState] = useState<DetailsState>(loading);

  useEffect(() => {
    let live = true;
    const engine = getEngine();
    const update = (next: (current: DetailsState) => DetailsState) => {
      if (live) setState(next);
    };
    const setPart = <K extends 'reports' | 'related'>(
      key: K,
      part: Extract<DetailsState, { status: 'ready' }>[K],
    ) => update((current) => (current.status === 'ready' ? { ...current, [key]: part } : current));

    async function load(id: number) {
      setState(loading);
      const detail = await engine.getArticle(id);
      if (detail) {
        update(() => ({
          status: 'ready',
          article: viewOfDetail(detail),
          reports: loading,
          related: loading,
        }));
        engine.getArticleReports(id).then(
          (rows) => setPart('reports', { status: 'ready', value: rows }),
          () => setPart('reports', { status: 'error' }),
        );
        if (detail.clusterId === null) {
          setPart('related', { status: 'ready', value: [] });
          return;
        }
        engine.getClusterArticles(detail.clusterId).then(
          (articles) =>
            setPart('related', {
              status: 'ready',
              value: articles
                .filter((a) => a.articleId !== id)
                .map((a) => ({
                  articleId: a.articleId,
                  title: a.title,
                  publishedDate: a.publishedDate,
                  source: a.sourceGroupName,
                  isRead: a.isRead,
                })),
            }),
          () => setPart('related', { status: 'error' }),
        );
        return;
      }
      // Not in the API: maybe still processing. The search index may have it (read-only).
      const found = await engine.getSearchArticle(String(id));
      if (!found.article) {
        update(() => ({ status: found.error ? 'error' : 'notFound' }));
        return;
      }
      const article = viewOfDocument(found.article);
      update(() => ({
        status: 'ready',
        article,
        reports: { status: 'ready', value: [] },
        related: loading,
      }));
      if (article.clusterId === null) {
        setPart('related', { status: 'ready', value: [] });
        return;
      }
      const related = await engine.getRelatedArticles(String(id), String(article.clusterId));
      setPart(
        'related',
        related.error
          ? { status: 'error' }
          : {
              status: 'ready',
              value: related.articles.map((doc) => {
                const view = viewOfDocument(doc);
                return {
                  articleId: view.articleId,
                  title: view.title,
                  publishedDate: view.publishedDate,
                  source: view.sourceSubcategory,
                  isRead: view.isRead,
                };
              }),
            },
      );
    }

    if (articleId === null) setState({ status: 'notFound' });
    else load(articleId).catch(() => update(() => ({ status: 'error' })));
    return () => {
      live = false;
    };
  }, [articleId]);

  /** Read/Unread: optimistic, then confirmed by the answer; a failure puts it back (§4). */
  const setRead = useCallback(
    async (isRead: boolean) => {
      if (state.status !== 'ready' || state.article.onlyInIndex) return;
      const id = state.article.articleId;
      const apply = (value: boolean) =>
        setState((current) =>
          current.status === 'ready' && current.article.articleId === id
            ? { ...current, article: { ...current.article, isRead: value } }
            : current,
        );
      const before = state.article.isRead;
      apply(isRead);
      try {
        const saved = await getEngine().updateArticle(id, { isRead });
        apply(saved.isRead);
      } catch {
        // Logged by the engine, no user message (spec 000 §8 "Article update fails").
        apply(before);
      }
    },
    [state],
  );

  /** Section IV: a related article clicked while unread is marked read (there and here). */
  const markRelatedRead = useCallback((relatedId: number) => {
    setState((current) =>
      current.status === 'ready' && current.related.status === 'ready'
        ? {
            ...current,
            related: {
              status: 'ready',
              value: current.related.value.map((row) =>
                row.articleId === relatedId ? { ...row, isRead: true } : row,
              ),
            },
          }
        : current,
    );
    getEngine()
      .updateArticle(relatedId, { isRead: true })
      .catch(() => undefined);
  }, []);

  return { state, setRead, markRelatedRead };
}

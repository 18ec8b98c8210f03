import { useEffect, useId, useState, type ReactNode } from 'react';
import { pushAlert } from '@/app/alerts/alerts-store';
import { getEngine } from '@/app/engine';
import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import type { LinkKey } from '@/domain/articles';
import { messages } from '@/domain/messages';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Modal } from '@/ui/modal';
import { LoadedBody } from './dialog-states';
import { useEngineLoad } from './use-engine-load';

/** The entry whose articles the dialog shows. */
export interface ArticlesEntry {
  /** 'Case Data, Toronto, 2024/01/03': what the dialog title names. */
  readonly label: string;
  /** Which list of PUT /api/articles/link-existing-reports the entry belongs to. */
  readonly linkKey: LinkKey;
  /** The saved entry's id; null while it is only typed. */
  readonly reportId: number | null;
  /** Committed entries take new links through link-existing-reports. */
  readonly committed: boolean;
  /** Auto-surveillance entries never take article links (spec 001 §6). */
  readonly readOnly: boolean;
}

/** Props of {@link AssociatedArticlesDialog}. */
export interface AssociatedArticlesDialogProps {
  readonly open: boolean;
  /** The activity's disease: articles about none of it get the 'Incorrect article' warning. */
  readonly diseaseId: number;
  readonly entry: ArticlesEntry;
  /** The articles linked now. */
  readonly articleIds: readonly number[];
  readonly onClose: () => void;
  /** An entry not committed: its new article list (the form saves it with the entry). */
  readonly onArticlesChange: (articleIds: readonly number[]) => void;
  /** A committed entry: its articles after linking (spec 001 §7). */
  readonly onLinked: (articleIds: readonly number[]) => void;
}

/** Spec 001 §9: 250 ms article search debounce. */
const searchDebounceMs = 250;

/** An article whose diseases do not include the activity's (spec 001 §5 "Linked article check"). */
export const isIncorrectArticle = (article: ArticleSearchDocument, diseaseId: number) =>
  article.diseaseIds !== null && !article.diseaseIds.includes(String(diseaseId));

/**
 * The associated-articles dialog (spec 001 §2, §5, §7, §8): the entry's articles with the
 * 'Incorrect article' warning, and a search of the article index (top 10, 250 ms debounce) to
 * add more. A typed entry's list changes at once; a committed entry's additions are linked
 * with 'Link articles', and a failure shows 'Failed to link articles to committed report.'.
 */
export function AssociatedArticlesDialog(props: AssociatedArticlesDialogProps) {
  return props.open ? (
    <ArticlesBody key={`${props.entry.linkKey}/${props.entry.reportId ?? 'new'}`} {...props} />
  ) : null;
}

function ArticlesBody({
  diseaseId,
  entry,
  articleIds,
  onClose,
  onArticlesChange,
  onLinked,
}: AssociatedArticlesDialogProps) {
  const [staged, setStaged] = useState<readonly ArticleSearchDocument[]>([]);
  const [busy, setBusy] = useState(false);
  const linking = entry.committed;
  const idsKey = articleIds.join(',');
  const { loaded, reload } = useEngineLoad(true, idsKey, async () => {
    const found = await getEngine().getArticlesByIds(articleIds.map(String));
    if (found.error) throw new Error('The article search service did not answer.');
    const byId = new Map(found.articles.map((a) => [a.articleId, a]));
    // In the entry's order; an article the index does not hold is still listed by its id.
    return articleIds.map((id) => byId.get(String(id)) ?? String(id));
  });

  const linkedIds = new Set([...articleIds.map(String), ...staged.map((a) => a.articleId)]);
  const add = (article: ArticleSearchDocument) => {
    if (linking) setStaged((list) => [...list, article]);
    else onArticlesChange([...articleIds, Number(article.articleId)]);
  };

  async function link() {
    if (entry.reportId === null || staged.length === 0) return;
    setBusy(true);
    try {
      const result = await getEngine().linkArticlesToReports({
        [entry.linkKey]: [
          { reportId: entry.reportId, articleIds: staged.map((a) => Number(a.articleId)) },
        ],
      });
      if (result.status === 'linked') {
        const mine = result.value.reports.find((r) => r.reportId === entry.reportId);
        onLinked(mine?.articleIds ?? [...articleIds, ...staged.map((a) => Number(a.articleId))]);
      } else {
        pushAlert(`${messages.linkToCommittedReportFailed} ${result.message}`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Articles · ${entry.label}`}
      onCancel={onClose}
      labels={{ cancel: linking ? 'Cancel' : 'Close', submit: 'Link articles' }}
      {...(linking ? { onSubmit: () => void link() } : {})}
      disabled={{ submit: staged.length === 0 }}
      busy={busy}
    >
      <div className="flex flex-col gap-4">
        <section aria-label="Linked articles" className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Linked articles
          </h3>
          <LoadedBody loaded={loaded} what="the linked articles" onRetry={reload}>
            {(articles) =>
              articles.length === 0 && staged.length === 0 ? (
                <EmptyState title="No articles" description="No article is linked to this entry." />
              ) : (
                <ul className="flex flex-col gap-1.5">
                  {articles.map((article) => (
                    <ArticleRow
                      key={typeof article === 'string' ? article : article.articleId}
                      article={article}
                      diseaseId={diseaseId}
                      action={
                        !linking && !entry.readOnly && typeof article !== 'string' ? (
                          <Button
                            variant="ghost"
                            onClick={() =>
                              onArticlesChange(
                                articleIds.filter((id) => String(id) !== article.articleId),
                              )
                            }
                          >
                            Remove
                          </Button>
                        ) : null
                      }
                    />
                  ))}
                  {staged.map((article) => (
                    <ArticleRow
                      key={article.articleId}
                      article={article}
                      diseaseId={diseaseId}
                      note="to be linked"
                      action={
                        <Button
                          variant="ghost"
                          onClick={() =>
                            setStaged((list) =>
                              list.filter((a) => a.articleId !== article.articleId),
                            )
                          }
                        >
                          Remove
                        </Button>
                      }
                    />
                  ))}
                </ul>
              )
            }
          </LoadedBody>
        </section>
        {entry.readOnly ? (
          <p className="text-slate-600">Auto-surveillance entries take no article links.</p>
        ) : linking && entry.reportId === null ? null : (
          <ArticleSearch diseaseId={diseaseId} linkedIds={linkedIds} onAdd={add} />
        )}
      </div>
    </Modal>
  );
}

function ArticleSearch({
  diseaseId,
  linkedIds,
  onAdd,
}: {
  readonly diseaseId: number;
  readonly linkedIds: ReadonlySet<string>;
  readonly onAdd: (article: ArticleSearchDocument) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<
    | { readonly status: 'idle' | 'searching' }
    | {
        readonly status: 'done';
        readonly articles: readonly ArticleSearchDocument[];
        readonly error: boolean;
      }
  >({ status: 'idle' });

  useEffect(() => {
    if (text.trim() === '') {
      setResults({ status: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setResults({ status: 'searching' });
      getEngine()
        .searchArticlesToLink(text)
        .then(
          (found) => live && setResults({ status: 'done', ...found }),
          () => live && setResults({ status: 'done', articles: [], error: true }),
        );
    }, searchDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  return (
    <section aria-label="Find articles" className="flex flex-col gap-2">
      <label
        htmlFor={inputId}
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        Find articles
      </label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Article id or title"
        className="h-8 rounded border border-slate-300 px-2 text-sm"
      />
      {results.status === 'searching' && (
        <p role="status" className="text-slate-500">
          Searching…
        </p>
      )}
      {results.status === 'done' &&
        (results.error ? (
          <p role="alert" className="text-red-700">
            The article search did not answer. Try again in a moment.
          </p>
        ) : results.articles.length === 0 ? (
          <p className="text-slate-600">No results found.</p>
        ) : (
          <ul aria-label="Articles found" className="flex flex-col gap-1.5">
            {results.articles.map((article) => (
              <ArticleRow
                key={article.articleId}
                article={article}
                diseaseId={diseaseId}
                action={
                  <Button
                    disabled={linkedIds.has(article.articleId)}
                    onClick={() => onAdd(article)}
                    aria-label={`Add article ${article.articleId}`}
                  >
                    {linkedIds.has(article.articleId) ? 'Added' : 'Add'}
                  </Button>
                }
              />
            ))}
          </ul>
        ))}
    </section>
  );
}

function ArticleRow({
  article,
  diseaseId,
  note,
  action,
}: {
  readonly article: ArticleSearchDocument | string;
  readonly diseaseId: number;
  readonly note?: string;
  readonly action: ReactNode;
}) {
  if (typeof article === 'string') {
    return (
      <li className="flex items-center gap-2 rounded border border-slate-200 px-2 py-1.5">
        <span className="tabular-nums text-slate-500">#{article}</span>
        <span className="text-slate-500">Not in the article index yet</span>
      </li>
    );
  }
  const incorrect = isIncorrectArticle(article, diseaseId);
  return (
    <li className="flex flex-col gap-1 rounded border border-slate-200 px-2 py-1.5">
      <div className="flex items-center gap-2">
        <span className="tabular-nums text-slate-500">#{article.articleId}</span>
        <span className="min-w-0 flex-1 truncate text-slate-900">
          {article.articleTitle ?? '(no title)'}
        </span>
        {note !== undefined && <span className="text-xs text-slate-500">{note}</span>}
        {action}
      </div>
      {(article.diseaseNames ?? []).length > 0 && (
        <span className="text-xs text-slate-600">{(article.diseaseNames ?? []).join(' | ')}</span>
      )}
      {incorrect && (
        <p role="note" className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {messages.incorrectArticle}
        </p>
      )}
    </li>
  );
}

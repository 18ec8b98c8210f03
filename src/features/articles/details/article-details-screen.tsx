import { ExternalLink, openExternal } from '@/ui/external-link';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '@/app/link';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { commandRegistry } from '@/app/commands/registry';
import type { RelatedReportRow } from '@/domain/articles';
import { entryTypeLabel, type EntryType } from '@/domain/enums';
import { Button } from '@/ui/button';
import { ErrorState } from '@/ui/error-state';
import { EmptyState } from '@/ui/empty-state';
import { LoadingState } from '@/ui/loading-state';
import { SanitizedHtml } from '@/ui/sanitized-html';
import { AddArticleHost } from '../add/add-article-host';
import { useArticleIndex } from '../index/article-index-store';
import {
  articleDetailsCommands,
  articleDetailsListCommands,
  articleDetailsScope,
} from './article-details-commands';
import { formatDateTime, formatDay, type ArticleView } from './article-view';
import {
  parseArticleId,
  useArticleDetails,
  type Part,
  type RelatedArticleRow,
} from './use-article-details';

/** Props of {@link ArticleDetailsScreen}: the route's parameter. */
export interface ArticleDetailsScreenProps {
  readonly articleIdParam: string;
}

const readOnlyWarning =
  'Article not found and in read-only mode. If you just added this article, please wait and check back later to see if it has finished processing.';

export { articleDetailsScope };
const openInNewTab = (href: string) => window.open(href, '_blank', 'noopener,noreferrer');

/**
 * 'Copied' for 1 second after a copy (spec 000 §9). The second is timed from the commit that
 * shows the word, not from the copy: on a busy machine the render can come late, and the word
 * must still be seen for the whole second.
 */
function useCopy(text: string) {
  // Each copy bumps the count, so a second copy restarts the second.
  const [copies, setCopies] = useState(0);
  const [hiddenAt, setHiddenAt] = useState(0);
  const copied = copies > hiddenAt;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setHiddenAt(copies), 1000);
    return () => clearTimeout(timer);
  }, [copied, copies]);
  const copy = () => {
    void navigator.clipboard.writeText(text).then(() => setCopies((n) => n + 1));
  };
  return { copied, copy };
}

function Section({
  number,
  title,
  children,
}: {
  number: string;
  title: string;
  children: ReactNode;
}) {
  const id = `section-${number}`;
  return (
    <section aria-labelledby={id} className="rounded-md border border-slate-200 bg-white">
      <h2
        id={id}
        className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-900"
      >
        {number}. {title}
      </h2>
      <div className="px-4 py-3 text-sm">{children}</div>
    </section>
  );
}

function Field({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  /** Two of the three columns (the URL). */
  wide?: boolean;
}) {
  // dt and dd straight under a div of the dl (axe: definition-list, dlitem).
  return (
    <div className={`flex flex-col gap-0.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function Overview({
  article,
  onRead,
}: {
  article: ArticleView;
  onRead: (isRead: boolean) => void;
}) {
  const orNone = (value: string | null) => (value === null || value.trim() === '' ? 'None' : value);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Field label="Publication date">{formatDateTime(article.publishedDate) || 'None'}</Field>
      <Field label="Source category">{orNone(article.sourceCategory)}</Field>
      <Field label="Source subcategory">{orNone(article.sourceSubcategory)}</Field>
      <Field label="URL" wide>
        {article.url ? (
          <ExternalLink href={article.url} className="break-all text-accent-700 underline" />
        ) : (
          'None'
        )}
      </Field>
      <Field label="Original language">{orNone(article.originalLanguage)}</Field>
      <Field label="Article status">
        <fieldset className="flex gap-4" disabled={article.readOnly}>
          <legend className="sr-only">Article status</legend>
          {(['Read', 'Unread'] as const).map((label) => (
            <label key={label} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="article-status"
                checked={article.isRead === (label === 'Read')}
                onChange={() => onRead(label === 'Read')}
              />
              {label}
            </label>
          ))}
        </fieldset>
      </Field>
    </dl>
  );
}

function PartView<T>({
  part,
  label,
  children,
}: {
  part: Part<T>;
  label: string;
  children: (value: T) => ReactNode;
}) {
  if (part.status === 'loading') return <LoadingState label={`Loading ${label}`} rows={2} />;
  if (part.status === 'error') return <p className="text-red-700">Could not load the {label}.</p>;
  return <>{children(part.value)}</>;
}

const th = 'border-b border-slate-200 px-2 py-1.5 text-left text-xs font-medium text-slate-500';
const td = 'border-b border-slate-100 px-2 py-1.5';
const rowClass = 'cursor-pointer hover:bg-accent-50';

function ReportsTable({ rows }: { rows: readonly RelatedReportRow[] }) {
  if (rows.length === 0) {
    return <p className="text-slate-500">This article has not been referenced within the tool</p>;
  }
  return (
    <table className="w-full border-collapse">
      <thead>
        <tr>
          {[
            'Disease Activity',
            'Entry Type',
            'Location',
            'Reported Date',
            'Committed On',
            'User',
          ].map((name) => (
            <th key={name} className={th} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const href = `/activity/${row.activityId}/${row.countryId}`;
          return (
            <tr key={row.reportId} className={rowClass} onClick={() => openInNewTab(href)}>
              <td className={td}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-accent-700 hover:underline"
                  onClick={(event) => event.stopPropagation()}
                >
                  {row.diseaseName} in {row.countryName}
                </a>
              </td>
              <td className={td}>
                {entryTypeLabel[row.entryType as EntryType] ?? String(row.entryType)}
              </td>
              <td className={td}>{row.locationName}</td>
              <td className={td}>{formatDay(row.reportedOn)}</td>
              <td className={td}>{formatDateTime(row.commitDate)}</td>
              <td className={td}>
                <span title={row.updatedBy === 'A' ? 'Auto-committed' : undefined}>
                  {row.updatedBy}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function RelatedTable({
  rows,
  onOpen,
}: {
  rows: readonly RelatedArticleRow[];
  onOpen: (row: RelatedArticleRow) => void;
}) {
  if (rows.length === 0) return <p className="text-slate-500">None</p>;
  return (
    <table className="w-full border-collapse">
      <thead>
        <tr>
          {['Title', 'Published', 'Source', 'Status'].map((name) => (
            <th key={name} className={th} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const href = `/article/${row.articleId}`;
          return (
            <tr
              key={row.articleId}
              className={rowClass}
              onClick={() => {
                onOpen(row);
                openInNewTab(href);
              }}
            >
              <td className={td}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`text-accent-700 hover:underline ${row.isRead ? '' : 'font-semibold'}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row);
                  }}
                >
                  {row.title}
                </a>
              </td>
              <td className={td}>{formatDateTime(row.publishedDate)}</td>
              <td className={td}>{row.source ?? 'None'}</td>
              <td className={td}>{row.isRead ? 'Read' : 'Unread'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Registers the screen's palette commands while it is shown (their scope is always on). */
function useDetailsCommands(
  article: ArticleView | null,
  copy: () => void,
  setRead: (v: boolean) => void,
) {
  const commands = useMemo(
    () =>
      article
        ? articleDetailsCommands(article, { copyId: copy, setRead, openSource: openExternal })
        : [],
    [article, copy, setRead],
  );
  useEffect(() => {
    if (commands.length === 0) return undefined;
    return commandRegistry.register(commands);
  }, [commands]);
}

function Details({ articleId }: { articleId: number | null }) {
  const { state, setRead, markRelatedRead } = useArticleDetails(articleId);
  const article = state.status === 'ready' ? state.article : null;
  const { copied, copy } = useCopy(String(article?.articleId ?? ''));
  const setReadVoid = useMemo(() => (isRead: boolean) => void setRead(isRead), [setRead]);
  const stableCopy = useRef(copy);
  stableCopy.current = copy;
  const copyCommand = useMemo(() => () => stableCopy.current(), []);
  useDetailsCommands(article, copyCommand, setReadVoid);

  const breadcrumb = (title: string) => (
    <nav aria-label="Breadcrumb" className="mb-1 text-xs text-slate-500">
      {/* Underlined: in a line of text colour alone does not mark a link (axe link-in-text-block). */}
      <Link className="text-accent-700 underline hover:no-underline" href="/article">
        Article Index
      </Link>
      <span aria-hidden="true"> &gt; </span>
      <span>{title}</span>
    </nav>
  );

  if (state.status === 'loading') return <LoadingState label="Loading article" />;
  if (state.status === 'notFound') {
    return (
      <>
        {breadcrumb('Not found')}
        <EmptyState title="Article not found" description="No article has this ID." />
      </>
    );
  }
  if (state.status === 'error') {
    return <ErrorState title="Could not load the article" message="Please try again later." />;
  }
  const a = state.article;
  return (
    <div className="flex flex-col gap-4">
      <header>
        {breadcrumb(a.title)}
        <div className="flex items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">Article {a.articleId}</h1>
          <Button
            variant="ghost"
            onClick={copy}
            aria-label="Copy article ID"
            title="Copy article ID (c)"
          >
            {copied ? 'Copied' : 'Copy ID'}
          </Button>
          <span role="status" className="sr-only">
            {copied ? 'Copied' : ''}
          </span>
        </div>
        <p className="mt-1 text-base text-slate-800">{a.title}</p>
        {a.onlyInIndex && (
          <p
            role="alert"
            className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
          >
            {readOnlyWarning}
          </p>
        )}
      </header>
      <Section number="I" title="Overview">
        <Overview article={a} onRead={setReadVoid} />
      </Section>
      <Section number="II" title="Content">
        {a.translated && (
          <p className="mb-2 text-xs text-slate-500">
            Translations are completed by Google Translate
          </p>
        )}
        <SanitizedHtml html={a.content} className="article-content max-w-none leading-relaxed" />
      </Section>
      <Section number="III" title="Disease Activities Referenced">
        <PartView part={state.reports} label="disease activities">
          {(rows) => <ReportsTable rows={rows} />}
        </PartView>
      </Section>
      <Section number="IV" title="Related Articles">
        <PartView part={state.related} label="related articles">
          {(rows) => (
            <RelatedTable
              rows={rows}
              onOpen={(row) => {
                if (!row.isRead) markRelatedRead(row.articleId);
              }}
            />
          )}
        </PartView>
      </Section>
    </div>
  );
}

/** What j at the end of the list found ('No more articles'), read out when it changes. */
function ListEndNotice() {
  const { endNotice } = useArticleIndex();
  return (
    <p role="status" className="min-h-4 text-xs font-medium text-slate-700">
      {endNotice ?? ''}
    </p>
  );
}

/** j/k/]/[ and Escape/u (the list the analyst came from), registered while the screen shows. */
function useListCommands() {
  useEffect(() => commandRegistry.register(articleDetailsListCommands()), []);
}

/** /article/:articleIdParam — article details (spec 000 §2 "Article details screen"). */
export default function ArticleDetailsScreen({ articleIdParam }: ArticleDetailsScreenProps) {
  const articleId = parseArticleId(articleIdParam);
  useListCommands();
  return (
    <LookupsBoundary>
      {() => (
        <>
          <ListEndNotice />
          <Details key={articleIdParam} articleId={articleId} />
          <AddArticleHost />
        </>
      )}
    </LookupsBoundary>
  );
}

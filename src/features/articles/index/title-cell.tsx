import type { MouseEvent } from 'react';
import { tagNames } from './article-labels';
import { HoverTooltip } from '@/ui/hover-tooltip';
import { InfoIcon, PathogenIcon, TagIcon, TriangleIcon } from './icons';
import { setClusterExpanded } from './article-index-store';
import type { VisibleRow } from './visible-rows';

function TagList({ heading, names }: { readonly heading: string; readonly names: string[] }) {
  return (
    <>
      <p className="mb-1 font-medium text-slate-800">{heading}</p>
      <ul className="list-disc space-y-0.5 pl-4">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The title cell of spec 000 §2: expand triangle (parents with children), summary tooltip
 * (5 lines), context tags, greyed suggested tags (unread only), pathogen icon when linked to an
 * activity; unread titles bold.
 */
export function TitleCell({ row, isRead }: { readonly row: VisibleRow; readonly isRead: boolean }) {
  const { article } = row;
  const tags = tagNames(article.contextTagNames);
  const suggested = isRead ? [] : tagNames(article.suggestedContextTagNames);
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    setClusterExpanded(row.parentId);
  };
  return (
    <div className={`flex min-w-0 items-center gap-1.5 ${row.isChild ? 'pl-6' : ''}`}>
      {row.childCount > 0 ? (
        <button
          type="button"
          tabIndex={-1}
          onClick={toggle}
          aria-expanded={row.expanded}
          aria-label={`${row.expanded ? 'Collapse' : 'Expand'} cluster (${row.childCount} more)`}
          className="flex h-5 w-7 shrink-0 items-center gap-0.5 rounded px-0.5 text-xs text-slate-500 hover:bg-slate-200 hover:text-slate-800"
        >
          <TriangleIcon expanded={row.expanded} />
          <span className="tabular-nums">{row.childCount}</span>
        </button>
      ) : (
        !row.isChild && <span className="w-7 shrink-0" aria-hidden />
      )}
      <span
        className={`min-w-0 truncate ${isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
        title={article.articleTitle ?? ''}
        data-testid="article-title"
      >
        {article.articleTitle ?? '(untitled)'}
      </span>
      {article.summary && (
        <HoverTooltip
          label="Summary"
          className="text-slate-400 hover:text-slate-700"
          content={<p className="line-clamp-5 whitespace-pre-line">{article.summary}</p>}
        >
          <InfoIcon />
        </HoverTooltip>
      )}
      {tags.length > 0 && (
        <HoverTooltip
          label={`Context tags: ${tags.join(', ')}`}
          className="text-accent-700"
          content={<TagList heading="Context tags" names={tags} />}
        >
          <TagIcon />
        </HoverTooltip>
      )}
      {suggested.length > 0 && (
        <HoverTooltip
          label={`Suggested context tags: ${suggested.join(', ')}`}
          className="text-slate-300"
          content={<TagList heading="Suggested context tags" names={suggested} />}
        >
          <TagIcon />
        </HoverTooltip>
      )}
      {article.isLinkedToActivity === true && (
        <span
          role="img"
          aria-label="Linked to a disease activity"
          title="Linked to a disease activity"
          className="shrink-0 text-rose-700"
        >
          <PathogenIcon />
        </span>
      )}
    </div>
  );
}

import { getEngine } from '@/app/engine';
import {
  articleSourceSearchDebounceMs,
  isArticleSourceSearchable,
} from '@/domain/article-source-search';
import { SearchPicker } from '@/ui/search-picker';
import type { ArticleSourceHit } from '@workers/article-source-search/article-source-search-contract';

/**
 * The add-article form's searchable source picker (spec 000 §7 "Article source search", §9 top
 * 10), beside the lookup by URL: type part of a domain ('reut', 'who'), choose with the arrows
 * and Enter; the choice fills category, sub-category and priority.
 */
export function ArticleSourcePicker({
  value,
  onChange,
  disabled,
}: {
  readonly value: ArticleSourceHit | null;
  readonly onChange: (source: ArticleSourceHit | null) => void;
  readonly disabled: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-700" aria-hidden="true">
        Find the source
      </span>
      <SearchPicker<ArticleSourceHit>
        label="Find the source"
        value={value}
        onChange={onChange}
        search={async (text) => {
          const answer = await getEngine().searchArticleSources(text);
          return { items: answer.sources, error: answer.error };
        }}
        searchable={isArticleSourceSearchable}
        debounceMs={articleSourceSearchDebounceMs}
        keyOf={(s) => s.id}
        labelOf={(s) => s.domain}
        detailOf={(s) => `${s.sourceGroup} · ${s.sourcePriority}`}
        placeholder="Search sources by domain, e.g. reuters"
        disabled={disabled}
        className="w-full"
        size="form"
      />
    </div>
  );
}

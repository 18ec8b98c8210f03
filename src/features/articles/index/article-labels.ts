import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import { Origin } from '@/domain/enums';
import { formatDateTime } from '@/ui/formats';

/** Spec 000 §9: 'YYYY/MM/DD hh:mm a', in the analyst's time zone; '' when absent. */
export const formatArticleDate = formatDateTime;

/**
 * Who created the article (spec 000 §1, §7): 'IST User' when createdBy is set, otherwise the
 * second-store flag tells 'OI System' from 'Pubcrawler System'.
 */
export function articleOrigin(article: ArticleSearchDocument): Origin {
  if (article.createdBy !== null && article.createdBy !== '') return Origin.IstUser;
  return article.isCosmosDbArticle === true ? Origin.OiSystem : Origin.PubcrawlerSystem;
}

/** Tag names: arrays from the index, or a pipe-separated string as older data has them. */
export function tagNames(names: readonly string[] | null): string[] {
  return (names ?? [])
    .flatMap((name) => name.split('|'))
    .map((n) => n.trim())
    .filter(Boolean);
}

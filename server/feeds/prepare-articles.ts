import type { StoryClusters } from '@domain/feeds/clustering';
import { canonicalUrl } from '@domain/feeds/canonical-url';
import type { ContentTypeGuess } from '@domain/feeds/content-type';
import { guessContentType } from '@domain/feeds/content-type';
import { minhashSignature } from '@domain/feeds/minhash';
import type { ArticleTags, Tagger } from '@domain/feeds/tagger';
import type { FeedEntry } from './parse-feed';

/** A feed entry made ready to store: canonical URL, tags, content type and story signature. */
export interface PreparedArticle {
  readonly entry: FeedEntry;
  readonly canonicalUrl: string;
  readonly tags: ArticleTags;
  readonly contentType: ContentTypeGuess;
  readonly signature: Int32Array;
}

/** Entries of one poll, deduplicated among themselves by canonical URL (first kept). */
export function prepareArticles(entries: readonly FeedEntry[], tagger: Tagger): PreparedArticle[] {
  const seen = new Set<string>();
  const prepared: PreparedArticle[] = [];
  for (const entry of entries) {
    const url = canonicalUrl(entry.url);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    const tags = tagger.tag(entry.title, entry.text);
    prepared.push({
      entry,
      canonicalUrl: url,
      tags,
      contentType: guessContentType({
        title: entry.title,
        body: entry.text,
        diseaseCount: tags.diseaseIds.length,
        placeCount: tags.locationIds.length,
      }),
      signature: minhashSignature(`${entry.title} ${entry.text}`),
    });
  }
  return prepared;
}

/** Clusters stored articles in order (ids known): the assignment of each. */
export function clusterArticles(
  clusters: StoryClusters,
  stored: readonly { readonly articleId: number; readonly article: PreparedArticle }[],
) {
  return stored.map(({ articleId, article }) => ({
    articleId,
    ...clusters.assign({
      articleId,
      signature: article.signature,
      diseaseIds: article.tags.diseaseIds,
      countryIds: article.tags.countryIds,
      publishedAt: (article.entry.published ?? new Date()).getTime(),
    }),
  }));
}

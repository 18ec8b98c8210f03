/**
 * The search bench's query mix (issue 18): a day of a team of analysts, generated from the corpus
 * itself with a fixed seed. Every request is built by the browser's own query builders
 * (src/domain/article-search/query.ts), so the bench sends what the worker sends. No request
 * repeats except the default first page (its share is {@link mixShares}' `default`), which every
 * analyst's index opens on.
 */
import { ArticleContentType, Origin, ReadStatus } from '@domain/enums';
import {
  articleSortColumns,
  buildArticleLookup,
  buildArticlesByIdsBody,
  buildArticleSearchQuery,
  buildRelatedArticlesQuery,
  encodeQuery,
  type ArticleSort,
  type QueryParameters,
  type WallClockToInstant,
} from '@domain/article-search/query';
import { defaultArticleFilters, type ArticleFilters } from '@domain/article-search/filters';
import { articleSearchFields } from '@domain/article-search/search-text';
import { seedDiseases } from '@server/seed/data/diseases';
import { dataSourceCategories, dataSourceGroups } from '@server/seed/data/lookups';
import { createRng, type Rng } from '@server/seed/prng';

/** What a request of the mix stands for (the per-class table's rows). */
export const mixClasses = [
  'default first page',
  'filters',
  'deep page',
  'keyword (common)',
  'keyword (rare)',
  'prefix',
  'phrase',
  'ranked OR',
  'count only',
  'related',
  'lookup by id',
  'articles by ids',
  'source URL',
] as const;
export type MixClass = (typeof mixClasses)[number];

/**
 * Shares of the mix, in percent. An analyst opens the index (the default page: the only repeat),
 * narrows it with filters and sorts, searches, pages on, and opens articles (each article page
 * asks for its related articles and reads the article by id).
 */
export const mixShares: Readonly<Record<MixClass, number>> = {
  'default first page': 5,
  filters: 18,
  'deep page': 7,
  'keyword (common)': 7,
  'keyword (rare)': 6,
  prefix: 8,
  phrase: 8,
  'ranked OR': 5,
  'count only': 5,
  related: 15,
  'lookup by id': 8,
  'articles by ids': 3,
  'source URL': 5,
};

/** One request as the browser (or an API client) sends it. */
export interface MixRequest {
  readonly kind: MixClass;
  readonly method: 'GET' | 'POST';
  /** Path and query string under the service's base URL. */
  readonly path: string;
  readonly body?: string;
}

/** A sampled document of the corpus (what the generator draws words, ids and clusters from). */
export interface SampleDocument {
  readonly articleId: string;
  readonly articleTitle: string | null;
  readonly articleBody: string | null;
  readonly clusterId: string | null;
  readonly sourceUrl: string | null;
  /** Epoch ms. */
  readonly insertedDate: number | null;
}

const apiVersion = '2024-07-01';
const utc: WallClockToInstant = (date, hour) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day, hour));

/** Words as PostgreSQL's 'simple' parser mostly sees them: runs of letters and digits, lower case. */
function wordsOf(text: string | null): string[] {
  return text === null ? [] : (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The sample's vocabulary: words by document frequency (most frequent first), and word pairs. */
export function vocabularyOf(sample: readonly SampleDocument[]) {
  const documentFrequency = new Map<string, number>();
  const pairs: string[] = [];
  for (const document of sample) {
    const title = wordsOf(document.articleTitle);
    const body = wordsOf(document.articleBody);
    for (const word of new Set([...title, ...body])) {
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
    // Adjacent words of one sentence-free run: a phrase that occurs in the corpus.
    for (const words of [title, body]) {
      for (let i = 0; i + 1 < words.length; i += 7) pairs.push(`${words[i]} ${words[i + 1]}`);
    }
  }
  const letters = (w: string) => /^\p{L}{3,}$/u.test(w);
  const byFrequency = [...documentFrequency]
    .filter(([word]) => letters(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const common = byFrequency.slice(0, Math.max(20, Math.ceil(byFrequency.length / 10)));
  const rare = byFrequency.filter(([, n]) => n <= 2);
  return {
    common: common.map(([w]) => w),
    rare: rare.map(([w]) => w),
    all: byFrequency.map(([w]) => w),
    pairs: [...new Set(pairs)],
  };
}

/** `YYYY/MM/DD` of an epoch ms (the filter panel's date text). */
function dateText(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
}

const day = 86_400_000;

/** The filter panel as one analyst might set it: each filter on with a plausible probability. */
function randomFilters(rng: Rng, dates: { min: number; max: number }): ArticleFilters {
  const hour = () => (rng.chance(0.3) ? `${String(rng.int(0, 23)).padStart(2, '0')}:00` : '');
  const from = dates.min + rng.next() * (dates.max - dates.min);
  const span = rng.pick([1, 2, 7, 14, 30, 90]) * day;
  const dated = rng.chance(0.6);
  const read = rng.chance(0.4) ? rng.pick([ReadStatus.Unread, ReadStatus.Read]) : undefined;
  const diseaseIds = seedDiseases.map((d) => d.diseaseId);
  const some = <T>(items: readonly T[], p: number, most: number) =>
    rng.chance(p) ? rng.sample(items, rng.int(1, most)) : [];
  return {
    ...defaultArticleFilters,
    dateMode: rng.chance(0.8) ? 'insertedDate' : 'publishedDate',
    fromDate: dated ? dateText(from) : '',
    fromTime: dated ? hour() : '',
    toDate: dated && rng.chance(0.8) ? dateText(from + span) : '',
    sourceCategory: some(
      dataSourceCategories.map((c) => c.displayName),
      0.3,
      3,
    ),
    sourceGroup: some(
      dataSourceGroups.map((g) => g.displayName),
      0.15,
      3,
    ),
    createdBy: some([Origin.IstUser, Origin.PubcrawlerSystem, Origin.OiSystem], 0.15, 2),
    isArticleFeed: rng.chance(0.85),
    readStatus: [
      { id: ReadStatus.Unread, selected: read === ReadStatus.Unread },
      { id: ReadStatus.Read, selected: read === ReadStatus.Read },
    ],
    isLinkedToActivity: rng.chance(0.1),
    hasContextTag: rng.chance(0.08),
    hasSuggestedContextTag: rng.chance(0.05),
    includedDiseases: some(diseaseIds, 0.25, 4),
    excludedDiseases: some(diseaseIds, 0.2, 22),
  };
}

function randomSort(rng: Rng): ArticleSort {
  if (rng.chance(0.5)) return { column: 'insertedDate', direction: 'desc' };
  return { column: rng.pick(articleSortColumns), direction: rng.chance(0.5) ? 'asc' : 'desc' };
}

const docsPath = (parameters: QueryParameters) =>
  `/search/indexes/articles/docs?${encodeQuery([...parameters, ['api-version', apiVersion]])}`;

/**
 * `count` requests (for the sequential phase, then as many distinct ones for the concurrent
 * clients), drawn by {@link mixShares} from the sample with the seed; see the file comment.
 */
export function generateMix(
  sample: readonly SampleDocument[],
  count: number,
  seed = 18,
): MixRequest[] {
  const rng = createRng(seed);
  const words = vocabularyOf(sample);
  const inserted = sample.flatMap((d) => (d.insertedDate === null ? [] : [d.insertedDate]));
  const dates = { min: Math.min(...inserted), max: Math.max(...inserted) };
  const clustered = sample.filter((d) => d.clusterId !== null);
  const urls = sample.flatMap((d) => (d.sourceUrl === null ? [] : [d.sourceUrl]));
  /** Draws without putting back, so a search text, cluster or id is asked for once. */
  const drawer = <T>(items: readonly T[]) => {
    const left = rng.sample(items, items.length);
    return (): T | undefined => left.pop();
  };
  const common = drawer(words.common);
  const rare = drawer(words.rare);
  const any = drawer(words.all);
  const pairs = drawer(words.pairs);
  const related = drawer(clustered);
  const ids = drawer(sample.map((d) => d.articleId));
  const sources = drawer(urls);
  const seenClusters = new Set<string>();
  const usedPrefixes = new Set<string>(words.all);

  const dated = sample.filter((d) => d.insertedDate !== null);
  const index = (searchText: string, options: { filtered: number; after?: SampleDocument }) => {
    const filters = rng.chance(options.filtered)
      ? randomFilters(rng, dates)
      : defaultArticleFilters;
    const sort = randomSort(rng);
    const { after } = options;
    // A later page is what the browser sends (keyset paging): the default order, after a row.
    return buildArticleSearchQuery(
      after === undefined || after.insertedDate === null
        ? { filters, searchText, sort }
        : {
            filters,
            searchText,
            sort: { column: 'insertedDate', direction: 'desc' },
            after: [new Date(after.insertedDate).toISOString(), after.articleId],
          },
      utc,
    ).parameters;
  };
  const get = (kind: MixClass, parameters: QueryParameters): MixRequest => ({
    kind,
    method: 'GET',
    path: docsPath(parameters),
  });
  const wordOr = (next: () => string | undefined) => next() ?? any() ?? 'outbreak';

  const make = (kind: MixClass): MixRequest | undefined => {
    switch (kind) {
      case 'default first page':
        return get(
          kind,
          buildArticleSearchQuery(
            {
              filters: defaultArticleFilters,
              searchText: '',
              sort: { column: 'insertedDate', direction: 'desc' },
            },
            utc,
          ).parameters,
        );
      case 'filters':
        return get(kind, index('', { filtered: 1 }));
      case 'deep page':
        return get(
          kind,
          index(rng.chance(0.2) ? wordOr(common) : '', {
            filtered: 0.5,
            after: rng.pick(dated),
          }),
        );
      case 'keyword (common)':
        return get(kind, index(wordOr(common), { filtered: 0.5 }));
      case 'keyword (rare)':
        return get(kind, index(wordOr(rare), { filtered: 0.5 }));
      case 'prefix': {
        // A prefix typed once: the browser adds the `*` to every term.
        for (let tries = 0; tries < 20; tries++) {
          const word = wordOr(any);
          const prefix = word.slice(0, rng.int(3, Math.max(3, word.length - 1)));
          if (usedPrefixes.has(prefix)) continue;
          usedPrefixes.add(prefix);
          return get(kind, index(prefix, { filtered: 0.5 }));
        }
        return undefined;
      }
      case 'phrase': {
        const pair = pairs();
        return pair === undefined ? undefined : get(kind, index(`"${pair}"`, { filtered: 0.5 }));
      }
      case 'ranked OR': {
        // An API client ranking by relevance: plain terms and a phrase, ORed, no $orderby.
        const terms = [wordOr(common), wordOr(rare)];
        const pair = pairs();
        if (pair !== undefined) terms.push(`"${pair}"`);
        return get(kind, [
          ['$count', 'true'],
          ['$top', '50'],
          ['search', terms.join(' ')],
          ['searchFields', articleSearchFields.join(',')],
          ['searchMode', 'any'],
          ['$filter', `articleType eq ${ArticleContentType.DiseaseActivity}`],
          ['$select', 'articleId,articleTitle,insertedDate'],
        ]);
      }
      case 'count only': {
        const parameters = index(rng.chance(0.3) ? wordOr(any) : '', { filtered: 1 });
        return get(
          kind,
          parameters.map(([name, value]) => [name, name === '$top' ? '0' : value] as const),
        );
      }
      case 'related': {
        // Each article page asks for its cluster: a cluster is asked for once.
        for (;;) {
          const document = related();
          if (document === undefined || document.clusterId === null) return undefined;
          if (seenClusters.has(document.clusterId)) continue;
          seenClusters.add(document.clusterId);
          return get(kind, buildRelatedArticlesQuery(document.articleId, document.clusterId));
        }
      }
      case 'lookup by id': {
        const id = ids();
        if (id === undefined) return undefined;
        const lookup = buildArticleLookup(id);
        return {
          kind,
          method: 'GET',
          path: `/search/indexes/articles/docs${lookup.path}?${encodeQuery([...lookup.parameters, ['api-version', apiVersion]])}`,
        };
      }
      case 'articles by ids': {
        const chosen = Array.from({ length: rng.int(2, 20) }, () => ids()).filter(
          (id): id is string => id !== undefined,
        );
        const body = buildArticlesByIdsBody(chosen);
        if (body === undefined) return undefined;
        return {
          kind,
          method: 'POST',
          path: `/search/indexes/articles/docs/search?api-version=${apiVersion}`,
          body: JSON.stringify(body),
        };
      }
      case 'source URL': {
        // An integration asking whether a URL is already indexed.
        const url = sources();
        if (url === undefined) return undefined;
        return get(kind, [
          ['$filter', `sourceUrl eq '${url.replaceAll("'", "''")}'`],
          ['$select', 'articleId,sourceUrl'],
          ['$top', '1'],
        ]);
      }
    }
  };

  const kinds = mixClasses;
  const weights = kinds.map((k) => mixShares[k]);
  const seen = new Set<string>();
  const mix: MixRequest[] = [];
  for (let attempts = 0; mix.length < count && attempts < count * 20; attempts++) {
    const kind = rng.weighted(kinds, weights);
    const request = make(kind);
    if (request === undefined) continue;
    const identity = `${request.method} ${request.path} ${request.body ?? ''}`;
    if (kind !== 'default first page' && seen.has(identity)) continue;
    seen.add(identity);
    mix.push(request);
  }
  return mix;
}

import { estimatedSimilarity, signatureLength } from './minhash';

/**
 * Same-story clustering across sources (issue 8): an article joins the cluster of the most
 * similar earlier article when their MinHash signatures agree on at least `threshold` of their
 * positions and their tags do not contradict (they share a disease and a country whenever both
 * name one) and they were published within a few days; otherwise it starts a cluster of its own. The cluster id is the first article's id
 * (the parent, as the seed and the article index use it); later members are children.
 * Candidates come from locality-sensitive hashing: signatures cut into bands of
 * {@link rowsPerBand} rows, and only articles sharing a band are compared.
 */

export interface StoryCandidate {
  readonly articleId: number;
  readonly signature: ArrayLike<number>;
  readonly diseaseIds: readonly number[];
  readonly countryIds: readonly number[];
  /** Publication time (epoch ms): a story is retold within {@link StoryClusterOptions.windowDays}. */
  readonly publishedAt: number;
}

export interface ClusterAssignment {
  readonly clusterId: number;
  readonly isChild: boolean;
}

export interface StoryClusterOptions {
  /** Least estimated Jaccard similarity of a same-story pair (tuned on the labelled set). */
  readonly threshold: number;
  /** Most days between two articles of one story. */
  readonly windowDays: number;
}

export const defaultStoryClusterOptions: StoryClusterOptions = { threshold: 0.35, windowDays: 4 };

/** Two rows a band: a pair at similarity 0.35 shares a band with probability 1 − (1 − 0.35²)³² ≈ 0.98. */
export const rowsPerBand = 2;
const bands = signatureLength / rowsPerBand;

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a.length === 0 || b.length === 0 || a.some((x) => b.includes(x));

/** Whether two articles' tags and dates allow them to tell the same story. */
export function mayBeOneStory(a: StoryCandidate, b: StoryCandidate, windowDays: number): boolean {
  return (
    Math.abs(a.publishedAt - b.publishedAt) <= windowDays * 86_400_000 &&
    overlaps(a.diseaseIds, b.diseaseIds) &&
    overlaps(a.countryIds, b.countryIds)
  );
}

/** The clusters of the articles seen so far; {@link assign} places one more. */
export class StoryClusters {
  private readonly buckets = new Map<string, number[]>();
  private readonly members = new Map<number, StoryCandidate & ClusterAssignment>();

  constructor(private readonly options: StoryClusterOptions = defaultStoryClusterOptions) {}

  /** Remembers an article already clustered (loaded from the database). */
  remember(article: StoryCandidate, assignment: ClusterAssignment): void {
    this.members.set(article.articleId, { ...article, ...assignment });
    for (const key of this.bandKeys(article.signature)) {
      const list = this.buckets.get(key);
      if (list) list.push(article.articleId);
      else this.buckets.set(key, [article.articleId]);
    }
  }

  /** The cluster of a new article (which is then remembered). */
  assign(article: StoryCandidate): ClusterAssignment {
    let best: (StoryCandidate & ClusterAssignment) | undefined;
    let bestSimilarity = this.options.threshold;
    const seen = new Set<number>();
    for (const key of this.bandKeys(article.signature)) {
      for (const id of this.buckets.get(key) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const other = this.members.get(id);
        if (!other || !mayBeOneStory(article, other, this.options.windowDays)) continue;
        const similarity = estimatedSimilarity(article.signature, other.signature);
        if (similarity >= bestSimilarity) {
          bestSimilarity = similarity;
          best = other;
        }
      }
    }
    const assignment: ClusterAssignment = best
      ? { clusterId: best.clusterId, isChild: true }
      : { clusterId: article.articleId, isChild: false };
    this.remember(article, assignment);
    return assignment;
  }

  private *bandKeys(signature: ArrayLike<number>): Generator<string> {
    for (let band = 0; band < bands; band += 1) {
      let key = `${band}`;
      for (let row = 0; row < rowsPerBand; row += 1) {
        key += `:${signature[band * rowsPerBand + row] ?? 0}`;
      }
      yield key;
    }
  }
}

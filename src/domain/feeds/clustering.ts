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

/** A remembered article: its candidate, cluster, order remembered and the last assign that looked at it. */
interface Member extends StoryCandidate, ClusterAssignment {
  readonly order: number;
  seenBy: number;
}

const dayMs = 86_400_000;

/**
 * The clusters of the articles seen so far; {@link assign} places one more. Buckets hold the
 * members themselves, keyed per band by the band's two values and then by the day published
 * (an assign looks only at the days its window reaches), and an assign marks the members it
 * looked at (no set): at 20,000 remembered articles the look-up was most of ingestion's own
 * time (issue 29). The choice between equally similar members is the first version's (which
 * looked at every band's members in the order remembered and kept the last): the one whose
 * first shared band is later, then the one remembered later.
 */
export class StoryClusters {
  /** Per band: first row's value → second row's value → day published → members. */
  private readonly buckets = Array.from(
    { length: bands },
    () => new Map<number, Map<number, Map<number, Member[]>>>(),
  );
  private remembered = 0;
  private assigns = 0;

  constructor(private readonly options: StoryClusterOptions = defaultStoryClusterOptions) {}

  /** Remembers an article already clustered (loaded from the database). */
  remember(article: StoryCandidate, assignment: ClusterAssignment): void {
    const member: Member = {
      ...article,
      ...assignment,
      order: (this.remembered += 1),
      seenBy: 0,
    };
    const { signature } = article;
    const day = Math.floor(article.publishedAt / dayMs);
    for (let band = 0; band < bands; band += 1) {
      const byFirst = this.buckets[band] as Map<number, Map<number, Map<number, Member[]>>>;
      const first = signature[band * rowsPerBand] ?? 0;
      const second = signature[band * rowsPerBand + 1] ?? 0;
      let bySecond = byFirst.get(first);
      if (bySecond === undefined) byFirst.set(first, (bySecond = new Map()));
      let byDay = bySecond.get(second);
      if (byDay === undefined) bySecond.set(second, (byDay = new Map()));
      const list = byDay.get(day);
      if (list) list.push(member);
      else byDay.set(day, [member]);
    }
  }

  /** The cluster of a new article (which is then remembered). */
  assign(article: StoryCandidate): ClusterAssignment {
    let best: Member | undefined;
    let bestBand = -1;
    let bestSimilarity = this.options.threshold;
    const stamp = (this.assigns += 1);
    const { signature, publishedAt } = article;
    const windowMs = this.options.windowDays * dayMs;
    const firstDay = Math.floor((publishedAt - windowMs) / dayMs);
    const lastDay = Math.floor((publishedAt + windowMs) / dayMs);
    for (let band = 0; band < bands; band += 1) {
      const byDay = this.buckets[band]
        ?.get(signature[band * rowsPerBand] ?? 0)
        ?.get(signature[band * rowsPerBand + 1] ?? 0);
      if (byDay === undefined) continue;
      for (let day = firstDay; day <= lastDay; day += 1) {
        for (const other of byDay.get(day) ?? []) {
          if (other.seenBy === stamp) continue;
          other.seenBy = stamp;
          if (!mayBeOneStory(article, other, this.options.windowDays)) continue;
          const similarity = estimatedSimilarity(signature, other.signature);
          const later = band > bestBand || other.order > (best?.order ?? 0);
          if (similarity > bestSimilarity || (similarity === bestSimilarity && later)) {
            bestSimilarity = similarity;
            bestBand = band;
            best = other;
          }
        }
      }
    }
    const assignment: ClusterAssignment = best
      ? { clusterId: best.clusterId, isChild: true }
      : { clusterId: article.articleId, isChild: false };
    this.remember(article, assignment);
    return assignment;
  }
}

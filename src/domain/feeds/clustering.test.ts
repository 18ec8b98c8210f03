import { describe, expect, it } from 'vitest';
import type { StoryCandidate } from './clustering';
import { defaultStoryClusterOptions, StoryClusters } from './clustering';
import { signatureLength } from './minhash';

/**
 * StoryClusters' look-up by band and day (issue 29) keeps the rule its documentation states:
 * an article joins the most similar earlier one published within the window (4 days), and of
 * equally similar ones the one remembered last (the first version looked at every member in the
 * order remembered and kept the last at the best similarity).
 */
const day = 86_400_000;
const start = Date.UTC(2026, 10, 1, 22);
const signature = (offset: number) =>
  Array.from({ length: signatureLength }, (_, i) => (i < signatureLength / 2 ? i : i + offset));

const article = (articleId: number, publishedAt: number, sig = signature(0)): StoryCandidate => ({
  articleId,
  signature: sig,
  diseaseIds: [1],
  countryIds: [7],
  publishedAt,
});

describe('StoryClusters', () => {
  it('joins within the window across day boundaries, never beyond it', () => {
    expect(defaultStoryClusterOptions.windowDays).toBe(4);
    const clusters = new StoryClusters();
    expect(clusters.assign(article(1, start))).toEqual({ clusterId: 1, isChild: false });
    // 3.9 days later: five calendar days apart (22:00 on the 1st to 19:36 on the 5th).
    expect(clusters.assign(article(2, start + 3.9 * day))).toEqual({
      clusterId: 1,
      isChild: true,
    });
    // 8.5 days after the first, 4.6 after the second: too late for either.
    expect(clusters.assign(article(3, start + 8.5 * day))).toEqual({
      clusterId: 3,
      isChild: false,
    });
    // Published before the others (an old item in a feed): within 4 days of the first.
    expect(clusters.assign(article(4, start - 2 * day))).toEqual({ clusterId: 1, isChild: true });
  });

  it('of equally similar earlier articles joins the one remembered last; a more similar one wins', () => {
    const clusters = new StoryClusters();
    clusters.remember(article(10, start), { clusterId: 10, isChild: false });
    clusters.remember(article(20, start + day), { clusterId: 20, isChild: false });
    expect(clusters.assign(article(30, start + 2 * day))).toEqual({
      clusterId: 20,
      isChild: true,
    });
    // Half the signature shared with everything above, all of it with 40 only.
    const own = signature(1000);
    clusters.remember(article(40, start, own), { clusterId: 40, isChild: false });
    clusters.remember(article(50, start + day, signature(2000)), { clusterId: 50, isChild: false });
    expect(clusters.assign(article(60, start + day, own))).toEqual({
      clusterId: 40,
      isChild: true,
    });
  });

  it('needs shared tags: another disease starts its own story', () => {
    const clusters = new StoryClusters();
    clusters.assign(article(1, start));
    expect(clusters.assign({ ...article(2, start), diseaseIds: [2] })).toEqual({
      clusterId: 2,
      isChild: false,
    });
  });
});

import Fuse from 'fuse.js';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import type { ActivityIndex } from './activity-index';
import type { Bitset } from './bitset';
import { words } from './query';

/** Fuse's score for a word the typed word starts with: as good as an exact match. */
const prefixScore = 0;
const minFuzzyLength = 3;

/**
 * The palette's 'Go to activity…' fuzzy find. fuse.js matches each typed word against the
 * index's vocabulary (the words of every disease, location and species name: a few hundred,
 * whatever the number of activities), so typos and partial words work; the index's bitsets
 * then give the activities having a match for every typed word. Ranked by the sum of the best
 * score per typed word, then by the latest commit.
 */
export class ActivityFinder {
  private readonly fuse: Fuse<string>;
  private readonly recency: Int32Array;

  constructor(private readonly index: ActivityIndex) {
    this.recency = index.rowsByRecency();
    this.fuse = new Fuse([...index.words()], {
      includeScore: true,
      threshold: 0.34,
      ignoreLocation: true,
      minMatchCharLength: 2,
    });
  }

  /** Up to `limit` activities matching every word of `text`, best first. */
  find(text: string, limit: number): DiseaseActivityListItem[] {
    const typed = words(text);
    if (typed.length === 0) return [];
    const size = this.index.size;
    // Per row: the sum over typed words of its best word's score; NaN once a typed word has
    // no match in the row. Filled word by word through each vocabulary word's row bitset.
    const total = new Float64Array(size);
    const best = new Float64Array(size);
    for (const word of typed) {
      best.fill(Number.POSITIVE_INFINITY);
      for (const [known, score] of this.candidates(word)) {
        const rows = this.index.wordRowsOf(known);
        if (rows)
          forEachRow(rows, (i) => {
            if (score < (best[i] ?? 1)) best[i] = score;
          });
      }
      for (let i = 0; i < size; i += 1) total[i] = (total[i] ?? 0) + (best[i] ?? Number.NaN);
    }
    // Rows visited newest commit first, so a row only displaces a strictly better score: ties
    // keep the more recent activity, and no string is compared.
    const top: number[] = [];
    for (const i of this.recency) {
      const score = total[i] ?? Number.NaN;
      if (!Number.isFinite(score)) continue;
      if (top.length === limit && score >= (total[top[top.length - 1] ?? i] ?? 0)) continue;
      let at = top.length;
      while (at > 0 && score < (total[top[at - 1] ?? i] ?? 0)) at -= 1;
      top.splice(at, 0, i);
      if (top.length > limit) top.pop();
    }
    return top.flatMap((i) => this.index.rows[i] ?? []);
  }

  /** Vocabulary words matching one typed word, with their scores (0 best). */
  private candidates(word: string): Map<string, number> {
    const scores = new Map<string, number>();
    // One or two letters are a prefix, not a misspelling: fuzzy matching starts at three.
    if (word.length >= minFuzzyLength) {
      for (const hit of this.fuse.search(word)) scores.set(hit.item, hit.score ?? 1);
    }
    for (const known of this.index.words()) {
      if (known.startsWith(word)) scores.set(known, prefixScore);
    }
    return scores;
  }
}

/** Calls `visit` with every row in the set. */
function forEachRow(set: Bitset, visit: (i: number) => void): void {
  for (let w = 0; w < set.length; w += 1) {
    let bits = set[w] ?? 0;
    while (bits !== 0) {
      const low = bits & -bits;
      visit(w * 32 + (31 - Math.clz32(low)));
      bits ^= low;
    }
  }
}

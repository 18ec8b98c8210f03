import Fuse from 'fuse.js';
import type { DiseaseActivityListItem } from '../../src/domain/disease-activities';
import type { ActivityIndex } from './activity-index';
import type { Bitset } from './bitset';
import { emptyBitset, hasBit, orInto } from './bitset';
import { words } from './query';

/** Fuse's score for a word the typed word starts with: as good as an exact match. */
const prefixScore = 0;

/**
 * The palette's 'Go to activity…' fuzzy find. fuse.js matches each typed word against the
 * index's vocabulary (the words of every disease, location and species name: a few hundred,
 * whatever the number of activities), so typos and partial words work; the index's bitsets
 * then give the activities having a match for every typed word. Ranked by the sum of the best
 * score per typed word, then by the latest commit.
 */
export class ActivityFinder {
  private readonly fuse: Fuse<string>;

  constructor(private readonly index: ActivityIndex) {
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
    const perWord: Map<string, number>[] = typed.map((word) => this.candidates(word));
    let rows: Bitset | null = null;
    for (const scores of perWord) {
      const union = emptyBitset(this.index.size);
      for (const word of scores.keys()) {
        const set = this.index.wordRowsOf(word);
        if (set) orInto(union, set);
      }
      if (rows === null) rows = union;
      else for (let w = 0; w < rows.length; w += 1) rows[w] = (rows[w] ?? 0) & (union[w] ?? 0);
    }
    if (rows === null) return [];
    const ranked: { i: number; score: number }[] = [];
    for (let i = 0; i < this.index.size; i += 1) {
      if (!hasBit(rows, i)) continue;
      const own = this.index.rowWords[i] ?? [];
      let score = 0;
      for (const scores of perWord) {
        let best = 1;
        for (const word of own) best = Math.min(best, scores.get(word) ?? 1);
        score += best;
      }
      ranked.push({ i, score });
    }
    const recency = (i: number) => this.index.rows[i]?.lastCommittedDate ?? '';
    ranked.sort((a, b) => a.score - b.score || recency(b.i).localeCompare(recency(a.i)));
    return ranked.slice(0, limit).flatMap(({ i }) => this.index.rows[i] ?? []);
  }

  /** Vocabulary words matching one typed word, with their scores (0 best). */
  private candidates(word: string): Map<string, number> {
    const scores = new Map<string, number>();
    for (const hit of this.fuse.search(word)) scores.set(hit.item, hit.score ?? 1);
    for (const known of this.index.words()) {
      if (known.startsWith(word)) scores.set(known, prefixScore);
    }
    return scores;
  }
}

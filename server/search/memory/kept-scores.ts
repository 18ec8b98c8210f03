import type { Store } from './store';

/** Score arrays kept (8 bytes a slot each): at most 4, and 8 MB (1 at 1,000,000 slots). */
const keptScores = 4;
const keptScoreBytes = 8 * 2 ** 20;

/**
 * BM25 scores of recent searches, a Float64Array over the copy's slots each: they depend on every
 * live document (idf, average length), so they are kept only while the copy has not changed.
 */
export class KeptScores {
  private readonly scores = new Map<
    string,
    { store: Store; version: number; scores: Float64Array }
  >();

  /**
   * A forgotten score array (forget()), filled again by the next search instead of a new one:
   * 8 MB at 1,000,000 slots per ranked search made the garbage collector run often.
   */
  private spare: Float64Array | null = null;

  /** The scores of a search (by key) on store: kept while store is unchanged, else computed. */
  of(
    store: Store,
    key: string,
    compute: (into: Float64Array | undefined) => Float64Array,
  ): Float64Array {
    const kept = this.scores.get(key);
    this.scores.delete(key);
    if (kept !== undefined && kept.store === store && kept.version === store.version) {
      this.scores.set(key, kept);
      return kept.scores;
    }
    const limit = Math.max(1, Math.min(keptScores, Math.floor(keptScoreBytes / (8 * store.size))));
    // At the budget: the oldest kept array is evicted first and filled again (nothing else holds
    // it: a plan copies the page's scores out before it returns), so the budget is all there is.
    let spare = this.spare;
    this.spare = null;
    for (const [oldest, evicted] of this.scores) {
      if (this.scores.size < limit) break;
      this.scores.delete(oldest);
      spare = evicted.scores;
    }
    const scores = compute(spare?.length === store.size ? spare : undefined);
    this.scores.set(key, { store, version: store.version, scores });
    return scores;
  }

  /** Drops every kept array; the last becomes the spare, filled again by the next search. */
  forget(): void {
    // A score array is scratch memory once forgotten (it is cleared before it is filled again).
    for (const kept of this.scores.values()) this.spare = kept.scores;
    this.scores.clear();
  }

  /** Bytes of the kept arrays (footprint). */
  get bytes(): number {
    let total = 0;
    for (const kept of this.scores.values()) total += kept.scores.byteLength;
    return total;
  }
}

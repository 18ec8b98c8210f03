import type { Db } from '../../db/client';
import {
  activityListStateSince,
  pruneActivityListChanges,
} from '../../db/repositories/activity-list-changes';
import { listDiseaseActivities } from '../../db/repositories/disease-activities';
import { SegmentedJsonArray, type SerialisedAnswer } from '../segmented-json-array';

/** How the kept list refreshes (tests make these small). */
export interface KeptActivityListOptions {
  /** More changed activities than this: one query for the whole list is as cheap. */
  readonly maxChangedRows: number;
  /** Prune the change log once it holds this many versions past the last prune … */
  readonly pruneAfter: number;
  /** … keeping the latest this many (another server's kept list may still need them). */
  readonly keepVersions: number;
}

const defaults: KeptActivityListOptions = {
  maxChangedRows: 2_000,
  pruneAfter: 2_000,
  keepVersions: 1_000,
};

interface Kept {
  readonly version: number;
  readonly day: string;
  /** Each activity's list item, serialised, in the order first listed. */
  readonly items: SegmentedJsonArray;
  readonly answer: SerialisedAnswer;
}

/** What the last refresh did (the bench and the tests read it). */
export type RefreshKind = 'kept' | 'rows' | 'whole';

/**
 * The disease activity index's list, kept serialised between requests (spec 001 §7 list).
 * While the trigger-kept version and the UTC day stay the same the same answer is sent. After
 * a change only the activities the change log names are read again and their items replaced
 * (the whole list was 0.8–1.7 s at 20,000 on PGlite, most of it returning 20,000 joined rows);
 * a change naming no activity, a new day (days since last update), a pruned log or a very
 * large change reads the whole list. The items sit in segments of 500, each compressed on its
 * own (segmented-json-array.ts), so a patched row costs one segment's deflate, not the whole
 * answer's gzip. Refreshes run one at a time, so two requests never patch the same items at once.
 */
export class KeptActivityList {
  private kept: Kept | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly options: KeptActivityListOptions;
  /** What the latest refresh did. */
  lastRefresh: { readonly kind: RefreshKind; readonly rows: number } = { kind: 'whole', rows: 0 };

  constructor(
    private readonly db: Db,
    options: Partial<KeptActivityListOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  /** The list as of now for the UTC day `today` (YYYY-MM-DD). */
  answer(today: string): Promise<SerialisedAnswer> {
    const next = this.queue.then(() => this.refresh(today));
    // A failed refresh fails its own request only; the next one starts over.
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async refresh(today: string): Promise<SerialisedAnswer> {
    const kept = this.kept?.day === today ? this.kept : undefined;
    const state = await activityListStateSince(this.db, kept?.version);
    if (kept !== undefined && kept.version === state.version) {
      this.lastRefresh = { kind: 'kept', rows: 0 };
      return kept.answer;
    }
    const patchable =
      kept !== undefined &&
      kept.version >= state.prunedThrough &&
      state.changed !== 'all' &&
      state.changed.length <= this.options.maxChangedRows;
    let items: SegmentedJsonArray;
    if (patchable) {
      items = kept.items;
      const fresh = await listDiseaseActivities(this.db, today, state.changed);
      const byId = new Map(fresh.map((item) => [item.diseaseActivityId, item]));
      for (const id of state.changed) {
        const item = byId.get(id);
        // A changed activity keeps its place; a new one comes last; a gone one is absent.
        if (item === undefined) items.delete(id);
        else items.set(id, JSON.stringify(item));
      }
      this.lastRefresh = { kind: 'rows', rows: fresh.length };
    } else {
      const all = await listDiseaseActivities(this.db, today);
      items = new SegmentedJsonArray();
      for (const item of all) items.set(item.diseaseActivityId, JSON.stringify(item));
      this.lastRefresh = { kind: 'whole', rows: all.length };
    }
    this.kept = { version: state.version, day: today, items, answer: items.serialise() };
    if (state.version - state.prunedThrough > this.options.pruneAfter) {
      await pruneActivityListChanges(this.db, state.version - this.options.keepVersions);
    }
    return this.kept.answer;
  }
}

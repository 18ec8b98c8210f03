import type {
  ActivityFilterGroup,
  ActivityFilters,
  ActivitySort,
  ActivitySortColumn,
} from '@domain/activity-index';
import { activityChipGroups } from '@domain/activity-index';
import { activityIndexPageSize } from '@domain/disease-activities';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { CommitStatus } from '@domain/enums';
import { compareGrowth, type Growth } from '@domain/activity-trends';
import type { Bitset } from './bitset';
import {
  andInto,
  andNotInto,
  countAnd,
  emptyBitset,
  fullBitset,
  hasBit,
  orInto,
  setBit,
} from './bitset';
import type { ActivityQuery, Term } from './query';
import { fold, parseActivityQuery, words } from './query';

/** One search of the index: what the screen asks for. */
export interface ActivityIndexRequest {
  readonly searchText: string;
  readonly filters: ActivityFilters;
  readonly sort: ActivitySort;
  /** 1-based page of 50. */
  readonly page: number;
}

/** Per chip group, per chip value (as a string key): how many rows that chip would show. */
export type ActivityChipCounts = Readonly<
  Record<ActivityFilterGroup, Readonly<Record<string, number>>>
>;

/** One page of the index. */
export interface ActivityIndexPage {
  readonly rows: readonly DiseaseActivityListItem[];
  /** Rows matching search and chips. */
  readonly total: number;
  /** The page shown (clamped to the last page). */
  readonly page: number;
  readonly pageCount: number;
  /** The search text could not be read: all data is shown (spec 001 §2). */
  readonly searchError: boolean;
  /** Facet counts: each chip's rows given the search and the other groups' chips. */
  readonly chipCounts: ActivityChipCounts;
  /** Every activity loaded. */
  readonly loaded: number;
}

interface SortOrder {
  /** Rows with a value, ascending. */
  readonly values: Int32Array;
  /** Rows without one: listed last in both directions. */
  readonly nulls: Int32Array;
}

const commitStatusRank: Readonly<Record<CommitStatus, number>> = {
  [CommitStatus.New]: 0,
  [CommitStatus.Uncommitted]: 1,
  [CommitStatus.PartiallyCommitted]: 2,
  [CommitStatus.UserCommitted]: 3,
  [CommitStatus.AutoCommitted]: 4,
  [CommitStatus.FullyCommitted]: 5,
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type SortKey = string | number | null;
const sortKey: Readonly<Record<ActivitySortColumn, (r: DiseaseActivityListItem) => SortKey>> = {
  isVisible: (r) => (r.isVisible ? 1 : 0),
  commitStatus: (r) => commitStatusRank[r.commitStatus],
  diseaseName: (r) => r.diseaseName,
  locationName: (r) => r.locationName,
  speciesName: (r) => r.speciesName,
  activityStatus: (r) => r.activityStatus,
  numberOfArticles: (r) => r.numberOfArticles,
  totalReportedCases: (r) => r.totalReportedCases,
  totalNumberOfDeaths: (r) => r.totalNumberOfDeaths,
  lastReportDate: (r) => r.lastReportDate,
  // ISO 8601 UTC strings sort as their instants.
  lastCommittedDate: (r) => r.lastCommittedDate,
  lastCommittedBy: (r) => r.lastCommittedBy,
  // Ordered by setGrowth, not by a field.
  growth: () => null,
};

const maxCachedTerms = 2_000;

/**
 * The worker's index of the disease activity list: a sorted vocabulary of the words of every
 * disease, location and species name with a bitset of rows per word (a prefix is a binary
 * search and a few ORs), a bitset per distinct name (phrases), a bitset per chip, and a sort
 * order per column built on first use. A search is bitset operations plus one walk of the
 * sort order to fill the page: no per-keystroke sort.
 */
export class ActivityIndex {
  readonly size: number;
  private readonly vocabulary: readonly string[];
  private readonly wordRows = new Map<string, Bitset>();
  private readonly nameRows = new Map<string, Bitset>();
  private readonly chipRows = new Map<string, Bitset>();
  private readonly orders = new Map<ActivitySortColumn, SortOrder>();
  private readonly termCache = new Map<string, Bitset>();
  private readonly all: Bitset;
  /** Each row's words (disease, location, species), for ranking the palette's fuzzy find. */
  readonly rowWords: readonly (readonly string[])[];

  constructor(readonly rows: readonly DiseaseActivityListItem[]) {
    this.size = rows.length;
    this.all = fullBitset(this.size);
    const bitsFor = (map: Map<string, Bitset>, key: string) => {
      let set = map.get(key);
      if (!set) {
        set = emptyBitset(this.size);
        map.set(key, set);
      }
      return set;
    };
    const rowWords: string[][] = [];
    // A few hundred distinct names however many rows: fold and split each once.
    const known = new Map<string, { readonly folded: string; readonly words: string[] }>();
    const read = (name: string) => {
      let entry = known.get(name);
      if (!entry) {
        entry = { folded: fold(name), words: words(name) };
        known.set(name, entry);
      }
      return entry;
    };
    rows.forEach((row, i) => {
      const own: string[] = [];
      for (const name of [row.diseaseName, row.locationName, row.speciesName]) {
        const entry = read(name);
        setBit(bitsFor(this.nameRows, entry.folded), i);
        for (const word of entry.words) {
          setBit(bitsFor(this.wordRows, word), i);
          own.push(word);
        }
      }
      rowWords.push(own);
      for (const [group, value] of chipValuesOf(row)) {
        setBit(bitsFor(this.chipRows, chipKey(group, value)), i);
      }
    });
    this.rowWords = rowWords;
    this.vocabulary = [...this.wordRows.keys()].sort();
    this.orderOf('lastCommittedDate');
  }

  /** The words of the names, sorted (the palette's fuzzy find matches against these). */
  words(): readonly string[] {
    return this.vocabulary;
  }

  /** Rows having a word that starts with `prefix` (folded). */
  prefixRows(prefix: string): Bitset {
    const cached = this.termCache.get(prefix);
    if (cached) return cached;
    const set = emptyBitset(this.size);
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.vocabulary[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.vocabulary.length; i += 1) {
      const word = this.vocabulary[i] ?? '';
      if (!word.startsWith(prefix)) break;
      const rows = this.wordRows.get(word);
      if (rows) orInto(set, rows);
    }
    if (this.termCache.size >= maxCachedTerms) this.termCache.clear();
    this.termCache.set(prefix, set);
    return set;
  }

  /** Whether the growth order has been given (setGrowth) for this list. */
  hasGrowth(): boolean {
    return this.orders.has('growth');
  }

  /**
   * The growth sort's order (issue 19): rows by compareGrowth, fastest growing first when
   * descending; rows with no new cases in either week (no growth given, or ratio null) last.
   */
  setGrowth(growthOf: (diseaseActivityId: number) => Growth | undefined): void {
    const ranked: (Growth & { id: number; row: number })[] = [];
    const nulls: number[] = [];
    this.rows.forEach((r, row) => {
      const g = growthOf(r.diseaseActivityId);
      if (g === undefined || g.ratio === null) nulls.push(row);
      else ranked.push({ ...g, id: r.diseaseActivityId, row });
    });
    ranked.sort(compareGrowth);
    // Ascending holds the slowest first: the search walks it backwards for descending.
    const values = Int32Array.from(ranked.map((r) => r.row).reverse());
    nulls.sort(
      (a, b) => (this.rows[a]?.diseaseActivityId ?? 0) - (this.rows[b]?.diseaseActivityId ?? 0),
    );
    this.orders.set('growth', { values, nulls: Int32Array.from(nulls) });
  }

  /** Every row, latest commit first (never-committed last). */
  rowsByRecency(): Int32Array {
    const { values, nulls } = this.orderOf('lastCommittedDate');
    const out = new Int32Array(this.size);
    values.forEach((row, k) => (out[values.length - 1 - k] = row));
    out.set(nulls, values.length);
    return out;
  }

  /** Rows having exactly this word. */
  wordRowsOf(word: string): Bitset | undefined {
    return this.wordRows.get(word);
  }

  private termRows(term: Term): Bitset {
    const set = fullBitset(this.size);
    for (const word of term) andInto(set, this.prefixRows(word));
    return set;
  }

  /** Rows matching the search text; null when it cannot be read (all data shown). */
  matching(query: ActivityQuery): Bitset {
    if (query.kind === 'all') return this.all.slice();
    if (query.kind === 'phrase') {
      const set = emptyBitset(this.size);
      for (const [name, rows] of this.nameRows) if (name.includes(query.phrase)) orInto(set, rows);
      return set;
    }
    let set: Bitset;
    if (query.must.length > 0) {
      set = this.all.slice();
      for (const term of query.must) andInto(set, this.termRows(term));
    } else if (query.should.length > 0) {
      set = emptyBitset(this.size);
      for (const term of query.should) orInto(set, this.termRows(term));
    } else {
      set = this.all.slice();
    }
    for (const term of query.not) andNotInto(set, this.termRows(term));
    return set;
  }

  private groupMask(filters: ActivityFilters, group: ActivityFilterGroup): Bitset | null {
    const values: readonly (string | number)[] = filters[group];
    if (values.length === 0) return null;
    const mask = emptyBitset(this.size);
    for (const value of values) {
      const rows = this.chipRows.get(chipKey(group, value));
      if (rows) orInto(mask, rows);
    }
    return mask;
  }

  private orderOf(column: ActivitySortColumn): SortOrder {
    const cached = this.orders.get(column);
    if (cached) return cached;
    const key = sortKey[column];
    const keys = this.rows.map(key);
    const values: number[] = [];
    const nulls: number[] = [];
    keys.forEach((k, i) => (k === null ? nulls : values).push(i));
    values.sort((a, b) => {
      const x = keys[a] ?? 0;
      const y = keys[b] ?? 0;
      const c =
        typeof x === 'string' && typeof y === 'string'
          ? collator.compare(x, y)
          : x < y
            ? -1
            : x > y
              ? 1
              : 0;
      return c !== 0
        ? c
        : (this.rows[a]?.diseaseActivityId ?? 0) - (this.rows[b]?.diseaseActivityId ?? 0);
    });
    const order = { values: Int32Array.from(values), nulls: Int32Array.from(nulls) };
    this.orders.set(column, order);
    return order;
  }

  /** Rows matching the search text and the chips (and what the facet counts start from). */
  private select(request: Pick<ActivityIndexRequest, 'searchText' | 'filters'>) {
    let searchError = false;
    let query: ActivityQuery;
    try {
      query = parseActivityQuery(request.searchText);
    } catch {
      searchError = true;
      query = { kind: 'all' };
    }
    const base = this.matching(query);
    const masks = activityChipGroups.map(({ group }) => ({
      group,
      mask: this.groupMask(request.filters, group),
    }));
    const matched = base.slice();
    for (const { mask } of masks) if (mask) andInto(matched, mask);
    return { searchError, base, masks, matched };
  }

  /** Every row the search text and chips keep, in load order (the map groups them). */
  rowsMatching(
    request: Pick<ActivityIndexRequest, 'searchText' | 'filters'>,
  ): DiseaseActivityListItem[] {
    const { matched } = this.select(request);
    const out: DiseaseActivityListItem[] = [];
    this.rows.forEach((row, i) => {
      if (hasBit(matched, i)) out.push(row);
    });
    return out;
  }

  /** One page: search, chips, facet counts, sort, 50 rows. */
  search(request: ActivityIndexRequest): ActivityIndexPage {
    const { searchError, base, masks, matched } = this.select(request);

    const chipCounts: Record<string, Record<string, number>> = {};
    for (const { group, chips } of activityChipGroups) {
      const others = base.slice();
      for (const m of masks) if (m.group !== group && m.mask) andInto(others, m.mask);
      const counts: Record<string, number> = {};
      for (const chip of chips) {
        const rows = this.chipRows.get(chipKey(group, chip.value));
        counts[String(chip.value)] = rows ? countAnd(others, rows) : 0;
      }
      chipCounts[group] = counts;
    }

    const order = this.orderOf(request.sort.column);
    const pageCount = Math.max(1, Math.ceil(countAnd(matched, this.all) / activityIndexPageSize));
    const page = Math.min(Math.max(1, Math.floor(request.page) || 1), pageCount);
    const first = (page - 1) * activityIndexPageSize;
    const rows: DiseaseActivityListItem[] = [];
    let total = 0;
    const visit = (i: number) => {
      if (!hasBit(matched, i)) return;
      if (total >= first && rows.length < activityIndexPageSize) {
        const row = this.rows[i];
        if (row) rows.push(row);
      }
      total += 1;
    };
    if (request.sort.direction === 'asc') {
      for (const i of order.values) visit(i);
    } else {
      for (let k = order.values.length - 1; k >= 0; k -= 1) visit(order.values[k] ?? 0);
    }
    for (const i of order.nulls) visit(i);
    return {
      rows,
      total,
      page,
      pageCount,
      searchError,
      chipCounts: chipCounts as ActivityChipCounts,
      loaded: this.size,
    };
  }
}

const chipKey = (group: ActivityFilterGroup, value: string | number) => `${group}:${value}`;

function chipValuesOf(row: DiseaseActivityListItem): [ActivityFilterGroup, string | number][] {
  return [
    ['updateStatus', row.activityStatus],
    ['commitStatus', row.commitStatus],
    ['visibility', row.isVisible ? 1 : 0],
    ['asReviewStatus', row.asReviewStatus],
    ['speciesGroup', row.speciesGroup],
  ];
}

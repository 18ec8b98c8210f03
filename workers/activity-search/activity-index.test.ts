import { describe, expect, it } from 'vitest';
import { defaultActivitySort, noActivityFilters } from '@domain/activity-index';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { ActivityIndex } from './activity-index';
import { ActivityFinder } from './fuzzy-find';
import { ActivityQueryError, parseActivityQuery } from './query';

let nextId = 1;
function item(
  diseaseName: string,
  locationName: string,
  speciesName: string,
  extra: Partial<DiseaseActivityListItem> = {},
): DiseaseActivityListItem {
  const id = nextId++;
  return {
    activityId: id,
    diseaseActivityId: id,
    diseaseId: id,
    diseaseName,
    locationId: 100 + id,
    locationName,
    speciesId: 1,
    speciesName,
    speciesGroup: 1,
    totalReportedCases: 10 * id,
    totalNumberOfDeaths: id,
    lastReportDate: `2026-01-${String(id).padStart(2, '0')}`,
    lastCommittedDate: `2026-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    numberOfArticles: id,
    numberOfReports: 3,
    numberOfUncommittedReports: 0,
    commitStatus: 'FullyCommitted',
    isVisible: true,
    daysNeededForUpdate: 14,
    daysSinceLastUpdate: 2,
    activityStatus: 0,
    asReviewRequired: false,
    lastCommittedBy: 'Amara Okafor',
    isAutoCommitFailed: false,
    asReviewStatus: 0,
    ...extra,
  };
}

const rows = [
  item('Cholera', 'Nigeria', 'Humans'),
  item('Cholera', 'Zambia', 'Humans', { activityStatus: 1, isVisible: false }),
  item('Dengue fever', 'Brazil', 'Humans', { commitStatus: 'PartiallyCommited' }),
  item('Anthrax', 'Nigeria', 'Cattle', { speciesGroup: 2, activityStatus: 2 }),
  item('Avian influenza A(H5N1)', 'Viet Nam', 'Poultry', { speciesGroup: 2 }),
  item('Rift Valley fever', 'Kenya', 'Cattle', { speciesGroup: 2, lastCommittedDate: null }),
  item('Yellow fever', 'Côte d’Ivoire', 'Humans', { asReviewStatus: 4, asReviewRequired: true }),
];
const index = new ActivityIndex(rows);
const search = (searchText: string, extra: Partial<Parameters<ActivityIndex['search']>[0]> = {}) =>
  index.search({
    searchText,
    filters: noActivityFilters,
    sort: defaultActivitySort,
    page: 1,
    ...extra,
  });
const names = (searchText: string, extra = {}) =>
  search(searchText, extra).rows.map((r) => `${r.diseaseName}/${r.locationName}`);

describe('parseActivityQuery', () => {
  it('reads phrases, operators and prefixes', () => {
    expect(parseActivityQuery('  ')).toEqual({ kind: 'all' });
    expect(parseActivityQuery('"Viet NAM"')).toEqual({ kind: 'phrase', phrase: 'viet nam' });
    expect(parseActivityQuery('"yellow f')).toEqual({ kind: 'phrase', phrase: 'yellow f' });
    expect(parseActivityQuery('chol +nig -cattle a(h5n1*')).toEqual({
      kind: 'terms',
      must: [['nig']],
      should: [['chol'], ['a', 'h5n1']],
      not: [['cattle']],
    });
  });
  it('throws for an operator without a term', () => {
    expect(() => parseActivityQuery('cholera +')).toThrow(ActivityQueryError);
    expect(() => parseActivityQuery('- nigeria')).toThrow(ActivityQueryError);
  });
});

describe('ActivityIndex.search', () => {
  it('shows everything, newest commit first, for an empty search', () => {
    const page = search('');
    expect(page.total).toBe(7);
    expect(page.rows.map((r) => r.diseaseActivityId)).toEqual([7, 5, 4, 3, 2, 1, 6]);
    expect(page.searchError).toBe(false);
  });
  it('matches a quoted phrase inside disease, location or species names, any case', () => {
    expect(names('"FEVER"')).toEqual([
      'Yellow fever/Côte d’Ivoire',
      'Dengue fever/Brazil',
      'Rift Valley fever/Kenya',
    ]);
    expect(names('"viet n"')).toEqual(['Avian influenza A(H5N1)/Viet Nam']);
    expect(names('"cote d')).toEqual(['Yellow fever/Côte d’Ivoire']);
    expect(names('"valley fever in"')).toEqual([]);
  });
  it('ORs plain prefixes, ANDs + terms, removes - terms', () => {
    expect(names('chol anth')).toEqual(['Anthrax/Nigeria', 'Cholera/Zambia', 'Cholera/Nigeria']);
    expect(names('+chol +nig')).toEqual(['Cholera/Nigeria']);
    expect(names('nigeria -cattle')).toEqual(['Cholera/Nigeria']);
    expect(names('-humans')).toEqual([
      'Avian influenza A(H5N1)/Viet Nam',
      'Anthrax/Nigeria',
      'Rift Valley fever/Kenya',
    ]);
    expect(names('h5n1')).toEqual(['Avian influenza A(H5N1)/Viet Nam']);
    expect(names('cote')).toEqual(['Yellow fever/Côte d’Ivoire']);
    expect(names('zzz')).toEqual([]);
  });
  it('shows all data on a search error', () => {
    const page = search('cholera -');
    expect(page.searchError).toBe(true);
    expect(page.total).toBe(7);
  });
  it('ORs chips within a group and ANDs groups, with facet counts', () => {
    const filters = { ...noActivityFilters, speciesGroup: [2], updateStatus: [0, 2] } as const;
    const page = search('', { filters });
    expect(page.rows.map((r) => r.diseaseName)).toEqual([
      'Avian influenza A(H5N1)',
      'Anthrax',
      'Rift Valley fever',
    ]);
    // Facets: a group's counts ignore its own chips, apply the others'.
    expect(page.chipCounts.speciesGroup).toMatchObject({ '1': 3, '2': 3 });
    expect(page.chipCounts.updateStatus).toMatchObject({ '0': 2, '1': 0, '2': 1 });
    expect(search('', { filters: { ...noActivityFilters, visibility: [0] } }).total).toBe(1);
    expect(search('', { filters: { ...noActivityFilters, asReviewStatus: [4] } }).total).toBe(1);
    expect(
      search('', { filters: { ...noActivityFilters, commitStatus: ['PartiallyCommited'] } }).total,
    ).toBe(1);
  });
  it('sorts both ways with empty values last', () => {
    const sort = (
      column: 'diseaseName' | 'totalReportedCases' | 'lastCommittedDate',
      direction: 'asc' | 'desc',
    ) => search('', { sort: { column, direction } }).rows.map((r) => r.diseaseActivityId);
    expect(sort('diseaseName', 'asc')).toEqual([4, 5, 1, 2, 3, 6, 7]);
    expect(sort('diseaseName', 'desc')).toEqual([7, 6, 3, 2, 1, 5, 4]);
    expect(sort('totalReportedCases', 'asc')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sort('lastCommittedDate', 'asc')).toEqual([1, 2, 3, 4, 5, 7, 6]);
  });
  it('pages by 50 and clamps the page', () => {
    const many = new ActivityIndex(
      Array.from({ length: 120 }, (_, i) => item('Measles', `Place ${i}`, 'Humans')),
    );
    const request = {
      searchText: 'measles',
      filters: noActivityFilters,
      sort: defaultActivitySort,
    };
    expect(many.search({ ...request, page: 1 })).toMatchObject({
      total: 120,
      pageCount: 3,
      page: 1,
    });
    expect(many.search({ ...request, page: 3 }).rows).toHaveLength(20);
    expect(many.search({ ...request, page: 9 }).page).toBe(3);
  });
});

describe('ActivityFinder (palette fuzzy find)', () => {
  const finder = new ActivityFinder(index);
  const found = (text: string) =>
    finder.find(text, 5).map((r) => `${r.diseaseName}/${r.locationName}`);
  it('finds by partial names, every typed word matching', () => {
    expect(found('chol nig')).toEqual(['Cholera/Nigeria']);
    expect(found('yel cote')).toEqual(['Yellow fever/Côte d’Ivoire']);
  });
  it('forgives typos', () => {
    expect(found('cholrea zambia')).toEqual(['Cholera/Zambia']);
    expect(found('dengeu')).toEqual(['Dengue fever/Brazil']);
  });
  it('finds nothing for nothing', () => {
    expect(found('')).toEqual([]);
    expect(found('qqqq')).toEqual([]);
  });
});

describe('the growth sort (issue 19: last 7 days against the 7 before)', () => {
  it('lists the fastest growing first, no trend last; ascending the reverse, no trend still last', () => {
    const grown = new ActivityIndex(rows);
    const [a, b, c, d] = rows.map((r) => r.diseaseActivityId);
    // a: 10 → 20 (+100 %), b: 0 → 3 (from none), c: 10 → 5 (−50 %), d: 4 → 4 (0); others none.
    const growth = new Map([
      [a, { last: 20, previous: 10, ratio: 1 }],
      [b, { last: 3, previous: 0, ratio: Infinity }],
      [c, { last: 5, previous: 10, ratio: -0.5 }],
      [d, { last: 4, previous: 4, ratio: 0 }],
    ]);
    expect(grown.hasGrowth()).toBe(false);
    grown.setGrowth((id) => growth.get(id));
    expect(grown.hasGrowth()).toBe(true);
    const ids = (direction: 'asc' | 'desc') =>
      grown
        .search({
          searchText: '',
          filters: noActivityFilters,
          sort: { column: 'growth', direction },
          page: 1,
        })
        .rows.map((r) => r.diseaseActivityId);
    const rest = rows.map((r) => r.diseaseActivityId).slice(4);
    expect(ids('desc')).toEqual([b, a, d, c, ...rest]);
    expect(ids('asc')).toEqual([c, d, a, b, ...rest]);
  });
});

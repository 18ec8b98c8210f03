import { describe, expect, it } from 'vitest';
import { Origin, ReadStatus } from '../enums';
import { articleDocumentFields } from './article-document';
import { defaultArticleFilters, type ArticleFilters } from './filters';
import {
  buildArticleFilterClauses,
  buildArticleLookup,
  buildArticleSearchQuery,
  buildArticlesByIdsBody,
  buildRelatedArticlesQuery,
  diseaseClause,
  encodeQuery,
  localToUtc,
  orderBy,
  type WallClockToInstant,
} from './query';

/** An analyst in UTC−4 (e.g. Toronto in May): local wall-clock time + 4 h is UTC. */
const toronto: WallClockToInstant = (d, hour) =>
  new Date(Date.UTC(d.year, d.month - 1, d.day, hour + 4));
const clauses = (changes: Partial<ArticleFilters>) =>
  buildArticleFilterClauses({ ...defaultArticleFilters, ...changes }, toronto);
const select =
  'articleId,articleFeed,articleTitle,publishedDate,insertedDate,articleType,sourceUrl,sourceGroup,sourcePriority,sourceCategory,clusterId,isRead,isCompleted,isImportant,isChild,childrenCount,originalLanguage,diseaseNames,locationNames,summary,isLinkedToActivity,createdBy,contextTagNames,suggestedContextTagNames,isCosmosDbArticle,articleBody,diseaseIds';

describe('filter clauses (spec 000 §7)', () => {
  it('always article type Disease activity; default filters add nothing else', () => {
    expect(clauses({})).toEqual(['articleType eq 3']);
  });

  it('date range on the chosen date mode: from ge, to lt the next day without a time (local → UTC)', () => {
    expect(clauses({ fromDate: '2024/05/01', toDate: '2024/05/31' })).toEqual([
      'articleType eq 3',
      'insertedDate ge 2024-05-01T04:00:00.000Z',
      'insertedDate lt 2024-06-01T04:00:00.000Z',
    ]);
    expect(
      clauses({
        dateMode: 'publishedDate',
        fromDate: '2024/12/31',
        fromTime: '22:00',
        toDate: '2024/12/31',
        toTime: '23:00',
      }),
    ).toEqual([
      'articleType eq 3',
      'publishedDate ge 2025-01-01T02:00:00.000Z',
      'publishedDate lt 2025-01-01T03:00:00.000Z',
    ]);
    expect(clauses({ toDate: '2024/02/29' })).toEqual([
      'articleType eq 3',
      'insertedDate lt 2024-03-01T04:00:00.000Z',
    ]);
  });

  it('invalid dates and times without a date add no clause', () => {
    expect(clauses({ fromDate: '2024/13/01', toTime: '10:00' })).toEqual(['articleType eq 3']);
  });

  it('localToUtc reads the date as the runtime’s local wall-clock time', () => {
    expect(localToUtc({ year: 2024, month: 5, day: 1 }, 13).getTime()).toBe(
      new Date(2024, 4, 1, 13).getTime(),
    );
  });

  it('source category and group: search.in with the | delimiter, quotes escaped', () => {
    expect(clauses({ sourceCategory: ['Media', "Gov't"], sourceGroup: ['National news'] })).toEqual(
      [
        'articleType eq 3',
        "search.in(sourceCategory, 'Media|Gov''t', '|')",
        "search.in(sourceGroup, 'National news', '|')",
      ],
    );
  });

  it('read status: one selected → isRead eq; both or none → nothing', () => {
    const rs = (unread: boolean, read: boolean) => [
      { id: ReadStatus.Unread, selected: unread },
      { id: ReadStatus.Read, selected: read },
    ];
    expect(clauses({ readStatus: rs(false, true) })).toEqual([
      'articleType eq 3',
      'isRead eq true',
    ]);
    expect(clauses({ readStatus: rs(true, false) })).toEqual([
      'articleType eq 3',
      'isRead eq false',
    ]);
    expect(clauses({ readStatus: rs(true, true) })).toEqual(['articleType eq 3']);
    expect(clauses({ readStatus: rs(false, false) })).toEqual(['articleType eq 3']);
  });

  it('linked to activity, has context tag, has suggested context tag', () => {
    expect(
      clauses({ isLinkedToActivity: true, hasContextTag: true, hasSuggestedContextTag: true }),
    ).toEqual([
      'articleType eq 3',
      'isLinkedToActivity eq true',
      'contextTagNames/any()',
      'suggestedContextTagNames/any()',
    ]);
  });

  it('created by: IST User is createdBy ne null; the systems by the second-store flag; ORed', () => {
    expect(clauses({ createdBy: [Origin.IstUser] })).toEqual([
      'articleType eq 3',
      'createdBy ne null',
    ]);
    expect(clauses({ createdBy: [Origin.OiSystem] })).toEqual([
      'articleType eq 3',
      'isCosmosDbArticle eq true',
    ]);
    expect(clauses({ createdBy: [Origin.PubcrawlerSystem] })).toEqual([
      'articleType eq 3',
      '(createdBy eq null and isCosmosDbArticle eq false)',
    ]);
    expect(clauses({ createdBy: [Origin.IstUser, Origin.OiSystem, Origin.IstUser] })).toEqual([
      'articleType eq 3',
      '(createdBy ne null or isCosmosDbArticle eq true)',
    ]);
  });

  it('article feed off hides the Pubcrawler feed', () => {
    expect(clauses({ isArticleFeed: false })).toEqual([
      'articleType eq 3',
      '(createdBy ne null or isCosmosDbArticle ne false)',
    ]);
  });

  it('included and excluded diseases; both → ORed so an article matching both stays', () => {
    expect(clauses({ includedDiseases: [1, 2] })).toEqual([
      'articleType eq 3',
      "diseaseIds/any(d: search.in(d, '1|2', '|'))",
    ]);
    expect(clauses({ excludedDiseases: [58, 59] })).toEqual([
      'articleType eq 3',
      "diseaseIds/all(d: not search.in(d, '58|59', '|'))",
    ]);
    expect(diseaseClause([1], [2, 2])).toBe(
      "(diseaseIds/any(d: search.in(d, '1', '|')) or diseaseIds/all(d: not search.in(d, '2', '|')))",
    );
    expect(diseaseClause([], [])).toBeUndefined();
  });

  it('the include/exclude form decides as documented (truth table)', () => {
    // included ∨ ¬excluded, evaluated on an article's disease ids.
    const shown = (diseases: number[], inc: number[], exc: number[]) => {
      const i = inc.length > 0 && diseases.some((d) => inc.includes(d));
      const e = exc.length > 0 && diseases.some((d) => exc.includes(d));
      if (inc.length > 0 && exc.length > 0) return i || !e;
      if (inc.length > 0) return i;
      return !e;
    };
    expect(shown([1, 2], [1], [2])).toBe(true); // both: included
    expect(shown([2], [1], [2])).toBe(false); // only excluded
    expect(shown([1], [1], [2])).toBe(true); // only included
    expect(shown([3], [1], [2])).toBe(true); // neither
    expect(shown([], [1], [2])).toBe(true); // no disease
    expect(shown([3], [1], [])).toBe(false);
  });
});

describe('order by', () => {
  it('the chosen column then insertedDate desc, then the key; insertedDate not repeated', () => {
    expect(orderBy({ column: 'insertedDate', direction: 'desc' })).toBe(
      'insertedDate desc,articleId',
    );
    expect(orderBy({ column: 'insertedDate', direction: 'asc' })).toBe('insertedDate,articleId');
    expect(orderBy({ column: 'articleTitle', direction: 'asc' })).toBe(
      'articleTitle,insertedDate desc,articleId',
    );
    expect(orderBy({ column: 'isRead', direction: 'desc' })).toBe(
      'isRead desc,insertedDate desc,articleId',
    );
  });
});

describe('full queries', () => {
  it('the default search, the first page', () => {
    const query = buildArticleSearchQuery(
      {
        filters: defaultArticleFilters,
        searchText: '',
        sort: { column: 'insertedDate', direction: 'desc' },
      },
      toronto,
    );
    expect(query.reading).toBe('Showing all articles');
    expect(query.parameters).toEqual([
      ['$count', 'true'],
      ['$top', '100'],
      ['$skip', '0'],
      ['$orderby', 'insertedDate desc,articleId'],
      ['search', '*'],
      ['searchFields', 'articleId,articleTitle,diseaseNames,locationNames,articleBody'],
      ['queryType', 'simple'],
      ['searchMode', 'any'],
      ['$filter', 'articleType eq 3'],
      ['$select', select],
    ]);
    expect(articleDocumentFields.join(',')).toBe(select);
  });

  it('every filter, a search with a negation, a later page, sorted by title', () => {
    const query = buildArticleSearchQuery(
      {
        filters: {
          ...defaultArticleFilters,
          fromDate: '2024/05/01',
          toDate: '2024/05/02',
          toTime: '09:00',
          sourceCategory: ['Media'],
          createdBy: [Origin.PubcrawlerSystem, Origin.IstUser],
          readStatus: [
            { id: ReadStatus.Unread, selected: true },
            { id: ReadStatus.Read, selected: false },
          ],
          includedDiseases: [1],
          excludedDiseases: [58],
        },
        searchText: 'cholera ebola -vaccine -"it\'s"',
        sort: { column: 'articleTitle', direction: 'desc' },
        after: ["Cholera's 'spread'", '2024-05-01T10:00:00.000Z', '4711'],
      },
      toronto,
    );
    expect(query.reading).toBe(
      `Showing articles matching (cholera* OR ebola*) AND NOT vaccine* AND NOT "it's"`,
    );
    const get = (name: string) => query.parameters.find(([n]) => n === name)?.[1];
    expect(get('$skip')).toBe('0');
    expect(get('$orderby')).toBe('articleTitle desc,insertedDate desc,articleId');
    expect(get('search')).toBe('cholera* | ebola*');
    expect(get('$filter')).toBe(
      [
        'articleType eq 3',
        'insertedDate ge 2024-05-01T04:00:00.000Z',
        'insertedDate lt 2024-05-02T13:00:00.000Z',
        "search.in(sourceCategory, 'Media', '|')",
        'isRead eq false',
        '((createdBy eq null and isCosmosDbArticle eq false) or createdBy ne null)',
        "(diseaseIds/any(d: search.in(d, '1', '|')) or diseaseIds/all(d: not search.in(d, '58', '|')))",
        "not search.ismatch('vaccine*', 'articleId,articleTitle,diseaseNames,locationNames,articleBody')",
        `not search.ismatch('"it''s"', 'articleId,articleTitle,diseaseNames,locationNames,articleBody')`,
        "((articleTitle lt 'Cholera''s ''spread''' or articleTitle eq null) or (articleTitle eq 'Cholera''s ''spread''' and ((insertedDate lt 2024-05-01T10:00:00.000Z or insertedDate eq null) or (insertedDate eq 2024-05-01T10:00:00.000Z and articleId gt '4711'))))",
      ].join(' and '),
    );
    expect(encodeQuery(query.parameters.slice(0, 5))).toBe(
      '$count=true&$top=100&$skip=0&$orderby=articleTitle%20desc%2CinsertedDate%20desc%2CarticleId&search=cholera*%20%7C%20ebola*',
    );
  });

  it("a cursor of another sort's shape starts from the top", () => {
    const query = buildArticleSearchQuery({
      filters: defaultArticleFilters,
      searchText: '',
      sort: { column: 'insertedDate', direction: 'desc' },
      after: ['only one value'],
    });
    expect(query.parameters).toContainEqual(['$filter', 'articleType eq 3']);
  });

  it('suggested mode: only the given articles, in place of the filters; text and sort still apply', () => {
    const filterOf = (query: ReturnType<typeof buildArticleSearchQuery>) =>
      query.parameters.find(([name]) => name === '$filter')?.[1];
    const query = buildArticleSearchQuery(
      {
        // Filters that would hide everything: suggested mode does not apply them.
        filters: { ...defaultArticleFilters, isLinkedToActivity: true, fromDate: '2099/01/01' },
        searchText: 'cholera -vaccine',
        sort: { column: 'publishedDate', direction: 'asc' },
        articleIds: ['12', '7', '12'],
      },
      toronto,
    );
    expect(filterOf(query)).toBe(
      "articleType eq 3 and search.in(articleId, '12|7', '|') and not search.ismatch('vaccine*', 'articleId,articleTitle,diseaseNames,locationNames,articleBody')",
    );
    expect(query.parameters).toContainEqual([
      '$orderby',
      'publishedDate,insertedDate desc,articleId',
    ]);
    expect(query.parameters).toContainEqual(['search', 'cholera*']);
    // An empty suggestion shows nothing rather than everything.
    const none = buildArticleSearchQuery({
      filters: defaultArticleFilters,
      searchText: '',
      sort: { column: 'insertedDate', direction: 'desc' },
      articleIds: [],
    });
    expect(filterOf(none)).toBe("articleType eq 3 and search.in(articleId, '', '|')");
  });
});

describe('other article queries', () => {
  it('articles by ids: POST body with search.in on articleId, top, select', () => {
    expect(buildArticlesByIdsBody(['1', '2', '1', "o'k"])).toEqual({
      filter: "search.in(articleId, '1|2|o''k', '|')",
      top: 3,
      select,
    });
    expect(buildArticlesByIdsBody([])).toBeUndefined();
  });

  it("one article: docs('{id}') with $select", () => {
    expect(buildArticleLookup('42')).toEqual({ path: "('42')", parameters: [['$select', select]] });
    expect(buildArticleLookup("a'b/c").path).toBe("('a''b%2Fc')");
  });

  it('related articles: the cluster, another article', () => {
    expect(buildRelatedArticlesQuery('1', '7')).toEqual([
      ['$top', '100'],
      ['$orderby', 'insertedDate desc'],
      ['$filter', "clusterId eq '7' and articleId ne '1'"],
      ['$select', select],
    ]);
  });
});

import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchQueries } from '../../../tests/bench/search-queries';
import { buildCorpus } from '../../../tests/bench/search-corpus';
import { loadServerConfig } from '../../config';
import { openDatabase, type OpenDatabase } from '../../db/client';
import { applyIndexBatch, parseIndexBatch } from '../batch';
import { rowsOf } from '../../db/rows';
import { exactCount, executeSearch, lookupDocument, type SearchResult } from '../execute';
import { articlesIndex } from '../index-definition';
import {
  normaliseSearchRequest,
  parseSelect,
  rawFromQueryString,
  type SearchRequest,
} from '../request';
import { createRng } from '../../seed/prng';
import { MemoryEngine } from './engine';
import { warmUpRequests } from './warm-up';

/**
 * Equivalence with the SQL executor (exact counting) on a deterministic 3,000-document corpus
 * (the bench's generator): same counts, same keys in the same order. Where BM25 ranks (term
 * operands in `search`), scores differ from ts_rank by design, so those requests are compared on
 * count, and on the full match list re-ordered by key.
 */
const size = 3_000;
let database: OpenDatabase;
let engine: MemoryEngine;

beforeAll(async () => {
  database = await openDatabase(loadServerConfig({ DATA_DIR: 'memory://' }));
  await database.migrate();
  await buildCorpus(database.db, size, () => {});
  engine = MemoryEngine.open(database.db, articlesIndex);
  await engine.loaded();
  expect(engine.isReady).toBe(true);
}, 600_000);
afterAll(async () => {
  engine.close();
  await database.close();
});

const requestOf = (parameters: Readonly<Record<string, string>>): SearchRequest =>
  normaliseSearchRequest(rawFromQueryString(parameters), articlesIndex);

const keysOf = (result: SearchResult) => result.value.map((d) => d['articleId']);

async function both(request: SearchRequest) {
  const memory = await engine.search(request);
  const sql = await executeSearch(database.db, articlesIndex, request, { count: exactCount });
  return { memory, sql };
}

/** True when the search text has a ranked (term) operand: BM25 and ts_rank then order apart. */
const isRanked = (request: SearchRequest) =>
  request.search !== undefined &&
  (request.search.includes('"') || /(^|[\s+|(-])[\p{L}\p{N}]+(?=$|[\s+|)])/u.test(request.search));

async function expectSame(parameters: Readonly<Record<string, string>>) {
  const request = requestOf({ $count: 'true', $select: 'articleId', $top: '100', ...parameters });
  const { memory, sql } = await both(request);
  expect(memory, `memory engine fell back for ${JSON.stringify(parameters)}`).toBeDefined();
  if (memory === undefined) return;
  expect(memory.count).toEqual(sql.count);
  if (!isRanked(request) || request.orderBy.some((c) => c.kind === 'field' && c.field.key)) {
    expect({ parameters, keys: keysOf(memory) }).toEqual({ parameters, keys: keysOf(sql) });
    return;
  }
  // Ranked: the same matches, in the same order once ordered by key.
  const byKey = requestOf({
    ...parameters,
    $select: 'articleId',
    $top: '1000',
    $orderby: 'articleId',
  });
  const all = await both(byKey);
  expect(all.memory).toBeDefined();
  expect(keysOf(all.memory ?? { value: [] })).toEqual(keysOf(all.sql));
}

const filters = [
  'isRead eq false',
  'isRead ne true',
  'not isRead',
  'isImportant',
  "clusterId eq '501' and articleId ne '502'",
  "clusterId ne null and clusterId lt '510'",
  'clusterId eq null',
  "sourceGroup ge 'M' or sourcePriority eq 'High'",
  "search.in(sourceCategory, 'News media|Official government', '|')",
  "search.in(articleId, '1 2 3 300 2999')",
  "articleId gt '2990'",
  // Key and date ranges are runs of a presorted ordering (filter.ts SortedSlots).
  "articleId ge '1500'",
  "articleId lt '2'",
  "articleId le '1000' and articleId gt '0999'",
  'insertedDate gt 2025-03-01T00:00:00Z',
  'insertedDate le 2025-01-15T12:00:00Z',
  'insertedDate ne 2025-03-01T00:00:00Z',
  'insertedDate eq null',
  'publishedDate ne null and publishedDate lt 2025-02-01T00:00:00Z',
  "(insertedDate lt 2025-03-12T02:24:23.748Z or insertedDate eq null) or (insertedDate eq 2025-03-12T02:24:23.748Z and articleId gt '1200')",
  // Few distinct values: a bitset per value (value-bitsets.ts).
  'articleType ne 3',
  'childrenCount eq null or childrenCount ge 2',
  'sourceCategory eq null',
  "createdBy ne null and sourceCategory lt 'O'",
  'isRead eq null or isCosmosDbArticle ne false',
  'contextTagNames/any() and not suggestedContextTagNames/any()',
  "diseaseIds/all(d: d ne '4') and diseaseIds/any()",
  'insertedDate ge 2025-03-01T00:00:00Z and insertedDate lt 2025-05-01T00:00:00Z',
  'publishedDate le 2025-01-01T00:00:00Z or publishedDate eq null',
  'childrenCount gt 0',
  'childrenCount eq 0 and not (articleType eq 3)',
  'articleFeed le 2',
  'diseaseIds/any()',
  'not diseaseIds/any()',
  "diseaseIds/any(d: d eq '4' or search.in(d, '5,6'))",
  "diseaseIds/all(d: d ne '4' and not search.in(d, '5|6|7', '|'))",
  "locationNames/any(l: l eq 'Japan')",
  "search.ismatch('cholera', 'diseaseNames')",
  "not search.ismatch('death*')",
  "search.ismatch('fever -yellow', 'articleTitle', 'simple', 'all')",
  `search.ismatch('"new cases"')`,
  `not search.ismatch('"cases of" | "the outbreak"', 'articleBody,summary')`,
  'true',
  'not true',
  '1 eq 2 or isChild eq true',
];

const searches = [
  'cholera',
  'cholera dengue',
  'cholera +dengue',
  'cholera -dengue',
  '-cholera',
  'outbr*',
  'dea* | fever',
  '(cholera | measles) +japan',
  'covid-19',
  '19',
  '2*',
  'toxin-producing',
  '!!!',
  'a\\+b',
  '"new cases"',
  '"cholera outbreak" -dengue',
  'cholera "new cases of"',
  '"covid 19"',
  '"19 cases"',
  '"no such phrase anywhere"',
  '"the"',
];

/** Writes documents through docs/index (the engine catches up before it resolves). */
const write = (value: unknown[]) =>
  applyIndexBatch(database.db, articlesIndex, parseIndexBatch({ value }, articlesIndex));

describe('the memory engine answers as the SQL executor', () => {
  it.each(benchQueries.map((q) => [q.name, q] as const))('bench query %s', async (_name, query) => {
    await expectSame(query.parameters);
  });

  it('filters, each ordered several ways', async () => {
    const orders = [
      '',
      'insertedDate desc',
      'articleTitle asc',
      'sourceGroup desc,isRead',
      'childrenCount,publishedDate desc',
    ];
    for (const filter of filters) {
      for (const orderby of orders) {
        await expectSame({ $filter: filter, ...(orderby === '' ? {} : { $orderby: orderby }) });
      }
    }
  }, 120_000);

  it("the article index's sorts, each direction walked from one presorted array", async () => {
    // `X desc, insertedDate desc` is `X, insertedDate desc` walked run by run from its end.
    const orderings = Object.keys(engine.footprint()).find((part) => part.startsWith('orderings'));
    const [, walked, arrays] = /\((\d+), (\d+) arrays\)/.exec(orderings ?? '') ?? [];
    expect(Number(arrays)).toBeLessThan(Number(walked));
    for (const orderby of articlesIndex.presortedOrderBy ?? []) {
      for (const filter of ['isRead eq false', "sourceGroup ge 'M'", 'clusterId eq null']) {
        await expectSame({ $filter: filter, $orderby: orderby, $top: '40' });
      }
      await expectSame({ $orderby: orderby, $skip: '1000', $top: '30' });
      await expectSame({ search: 'cholera', $orderby: orderby, $top: '25' });
    }
  }, 120_000);

  it('searches under both modes, with search fields and paging', async () => {
    for (const search of searches) {
      for (const searchMode of ['any', 'all']) {
        await expectSame({ search, searchMode });
        await expectSame({
          search,
          searchMode,
          searchFields: 'articleTitle,diseaseNames',
          $skip: '7',
          $top: '20',
        });
        await expectSame({
          search,
          searchMode,
          $orderby: 'insertedDate desc',
          $filter: 'isRead eq false',
        });
      }
    }
  }, 120_000);

  it('random filter combinations', async () => {
    const rng = createRng(7);
    const pick = <T>(items: readonly T[]): T => rng.pick(items);
    const build = (depth: number): string => {
      if (depth === 0 || rng.next() < 0.4) return pick(filters);
      const op = pick(['and', 'or', 'not']);
      return op === 'not'
        ? `not (${build(depth - 1)})`
        : `(${build(depth - 1)}) ${op} (${build(depth - 1)})`;
    };
    for (let i = 0; i < 60; i++) {
      await expectSame({
        $filter: build(3),
        $orderby: pick(['', 'publishedDate', 'isImportant desc']),
        $skip: String(pick([0, 3, 50])),
      });
    }
  }, 120_000);

  it('answers lookups by key as lookupDocument does, and leaves a missing key to SQL', async () => {
    const selects = [
      undefined,
      'articleId,articleTitle,insertedDate',
      'diseaseIds,isRead,articleId',
    ];
    for (const key of ['1', '42', '1500', '2999']) {
      for (const text of selects) {
        const select = parseSelect(text, articlesIndex);
        const fromMemory = engine.lookup(key, select);
        expect(fromMemory).toBeDefined();
        // The oracle: the SQL lookup, as the route serialises it.
        const expected = await lookupDocument(database.db, articlesIndex, key, select);
        expect(fromMemory?.toString('utf8')).toBe(JSON.stringify(expected));
      }
    }
    expect(engine.lookup('no-such-article', parseSelect(undefined, articlesIndex))).toBeUndefined();
  });

  it('answers every warm-up request as SQL does, and keeps nothing from the warm-up', async () => {
    // A copy of its own: the shared engine's kept answers are other tests' by now.
    const fresh = MemoryEngine.open(database.db, articlesIndex);
    try {
      await fresh.loaded();
      expect(fresh.lastWarmUp?.refused).toBe(0);
      expect(fresh.lastWarmUp?.requests).toBeGreaterThan(100);
      const footprint = fresh.footprint();
      for (const part of ['kept match bitsets', 'kept scores', 'kept phrase hits']) {
        expect({ part, bytes: footprint[part] }).toEqual({ part, bytes: 0 });
      }
    } finally {
      fresh.close();
    }
    // The same requests, from documents the SQL executor gives (the oracle), on both executors.
    const sample = await executeSearch(
      database.db,
      articlesIndex,
      requestOf({ $orderby: 'articleId', $skip: '700', $top: '3' }),
      { count: exactCount },
    );
    const requests = warmUpRequests(articlesIndex, sample.value);
    expect(requests.some((r) => r.search?.startsWith('"') === true)).toBe(true);
    for (const raw of requests) {
      const parameters: Record<string, string> = {};
      if (typeof raw.search === 'string') parameters['search'] = raw.search;
      if (typeof raw.searchMode === 'string') parameters['searchMode'] = raw.searchMode;
      if (typeof raw.filter === 'string') parameters['$filter'] = raw.filter;
      if (typeof raw.orderby === 'string') parameters['$orderby'] = raw.orderby;
      if (typeof raw.skip === 'number') parameters['$skip'] = String(raw.skip);
      await expectSame(parameters);
    }
  }, 120_000);

  it('falls back to SQL for search.ismatchscoring', async () => {
    expect(
      await engine.search(requestOf({ $filter: "search.ismatchscoring('cholera')" })),
    ).toBeUndefined();
  });

  it('keeps Int32 numbers exact at the ends of their range', async () => {
    await write([
      { '@search.action': 'upload', articleId: 'zz-wide-1', articleFeed: 2_147_483_647 },
      { '@search.action': 'upload', articleId: 'zz-wide-2', childrenCount: 16_777_217 },
      { '@search.action': 'upload', articleId: 'zz-wide-3', childrenCount: 16_777_216 },
    ]);
    for (const parameters of [
      { $filter: 'articleFeed eq 2147483647' },
      { $filter: 'articleFeed gt 2147483646' },
      { $filter: 'childrenCount eq 16777217' },
      { $filter: 'childrenCount ge 16777216', $orderby: 'childrenCount desc' },
      { $orderby: 'childrenCount desc', $top: '3' },
    ]) {
      await expectSame(parameters);
    }
    const found = await engine.search(requestOf({ $filter: 'childrenCount eq 16777217' }));
    expect(found?.value.map((d) => d['articleId'])).toEqual(['zz-wide-2']);
    await write(
      ['zz-wide-1', 'zz-wide-2', 'zz-wide-3'].map((articleId) => ({
        '@search.action': 'delete',
        articleId,
      })),
    );
  });

  it('follows docs/index writes', async () => {
    await write([
      {
        '@search.action': 'upload',
        articleId: 'zz-new',
        articleTitle: 'Zebrapox in Atlantis',
        articleType: 3,
        isRead: false,
      },
      { '@search.action': 'merge', articleId: '1', articleTitle: 'Zebrapox again' },
      { '@search.action': 'delete', articleId: '2' },
    ]);
    // applyIndexBatch awaited the engine's catch-up (changes.ts): no wait needed.
    for (const parameters of [
      { search: 'zebrapox' },
      { $filter: "articleId eq '2' or articleId eq '1'" },
      { $filter: 'articleType eq 3', $orderby: 'insertedDate desc' },
      {},
    ]) {
      await expectSame(parameters);
    }
  });

  it('extends kept matches, phrase hits and scores to documents written since', async () => {
    const queries = [
      { search: '"new cases"', $orderby: 'insertedDate desc' },
      { search: 'kiwipox', $filter: 'isRead eq false' },
      { search: 'outbr* -kiwipox', searchMode: 'all' },
      { $filter: "articleType eq 3 and not (clusterId eq '9001')" },
      // Shares kept conjuncts with the ones above (the cache is per top-level conjunct).
      { $filter: 'isRead eq false and articleType eq 3', search: '"new cases"' },
      { $filter: "diseaseIds/any(d: search.in(d, '1|5|12', '|'))" },
      // Sparse conjuncts (intersected by their slots, sparse.ts): none, then 20 matches each, one
      // of them a merged document whose old slot went dead.
      {
        $filter: "clusterId eq '9002' and articleId ne 'zz-kept-1'",
        $orderby: 'insertedDate desc',
      },
      { $filter: "articleType eq 3 and clusterId eq '9001'" },
      { search: 'kiwipox', $filter: "clusterId eq '9001' and isRead eq false" },
    ];
    // Kept now, then written to: uploads that match, a merge and a delete of matching ones.
    for (const parameters of queries) await expectSame(parameters);
    const matching = await engine.search(
      requestOf({ search: '"new cases"', $select: 'articleId', $top: '2' }),
    );
    const [merged, deleted] = (matching?.value ?? []).map((d) => String(d['articleId']));
    await applyIndexBatch(
      database.db,
      articlesIndex,
      parseIndexBatch(
        {
          value: [
            ...Array.from({ length: 40 }, (_, i) => ({
              '@search.action': 'upload',
              articleId: `zz-kept-${i}`,
              articleTitle: `Kiwipox: ${i} new cases reported`,
              articleBody: 'An outbreak of kiwipox.',
              articleType: 3,
              clusterId: i % 2 === 0 ? '9001' : '9002',
              diseaseIds: [String(i % 13)],
              isRead: i % 3 === 0,
            })),
            { '@search.action': 'merge', articleId: merged, isRead: true, clusterId: '9001' },
            { '@search.action': 'delete', articleId: deleted },
          ],
        },
        articlesIndex,
      ),
    );
    for (const parameters of queries) await expectSame(parameters);
    // A kept sparse set whose members are then replaced (the old slots stay set in it, dead) or
    // deleted: the live set decides.
    await applyIndexBatch(
      database.db,
      articlesIndex,
      parseIndexBatch(
        {
          value: [
            { '@search.action': 'merge', articleId: 'zz-kept-3', isRead: true },
            { '@search.action': 'delete', articleId: 'zz-kept-5' },
          ],
        },
        articlesIndex,
      ),
    );
    for (const parameters of queries) await expectSame(parameters);
  });

  it('scores a search alike whether its score array is new or one another search left', async () => {
    const searches = ['cholera', 'outbreak', '"new cases"', 'measles | dengue', 'fever', 'virus'];
    const scoresOf = async (search: string) =>
      (await engine.search(requestOf({ search, $top: '50' })))?.value.map((d) => [
        d['articleId'],
        d['@search.score'],
      ]);
    engine.forget();
    const fresh = await scoresOf('cholera');
    // More searches than are kept: their arrays are evicted and filled again by the next one.
    for (const search of [...searches, ...searches]) await scoresOf(search);
    engine.forget();
    for (const search of searches) await scoresOf(search);
    expect(fresh?.length).toBeGreaterThan(0);
    expect(await scoresOf('cholera')).toEqual(fresh);
  });

  it('scores a page ordered by a field from its documents alone as every match is scored', async () => {
    for (const search of ['cholera | "new cases" | outbreak', 'fever virus', '"new cases"']) {
      const byId = async (orderby: string) =>
        new Map(
          (await engine.search(requestOf({ search, $top: '100', $orderby: orderby })))?.value.map(
            (d) => [d['articleId'], d['@search.score']],
          ),
        );
      // insertedDate alone: the page's scores only; then the score: every match's.
      const page = await byId('insertedDate desc');
      const every = await byId('insertedDate desc,search.score() desc');
      expect(page.size).toBeGreaterThan(0);
      for (const [id, score] of page) expect({ id, score }).toEqual({ id, score: every.get(id) });
    }
  });

  it('searches and sorts article ids (the key field answered from the key table), across writes', async () => {
    // Corpus keys are digits: their tsvector is the key alone (key-postings.ts answers them from
    // the key table). Keys with upper case or several tokens go to the fallback TextField.
    const queries = [
      { search: '1234' },
      { search: '1234', searchFields: 'articleId' },
      { search: '12*', searchFields: 'articleId', $orderby: 'articleId desc' },
      { search: '1*', searchFields: 'articleId', $orderby: 'articleId', $skip: '50' },
      { search: '1234 | 2999 | 77777', searchFields: 'articleId' },
      { search: '1234 cholera', searchFields: 'articleId,articleTitle', searchMode: 'all' },
      { search: '1234 cholera', searchFields: 'articleId,articleTitle' },
      { search: '"1234 cholera"' },
      { search: '"zz kiwi"', searchFields: 'articleId' },
      { search: '"kiwi 7"', searchFields: 'articleId' },
      { search: 'zz-kiwi-7', searchFields: 'articleId', $orderby: 'articleId' },
      { search: 'kiw* | 7777*', searchFields: 'articleId', $orderby: 'articleId' },
      { search: 'upperkey', searchFields: 'articleId' },
      { search: '-1234', searchFields: 'articleId', $orderby: 'articleId desc' },
      { search: '1235 | upperkey', searchFields: 'articleId', $orderby: 'articleId' },
      { $filter: "articleId ge '1234' and articleId lt '124'", $orderby: 'articleId desc' },
      { $filter: 'isRead eq false', $orderby: 'articleId desc' },
      { $filter: "search.ismatch('12*', 'articleId')", $orderby: 'articleId' },
    ];
    for (const parameters of queries) await expectSame(parameters);
    const upload = (value: unknown[]) =>
      applyIndexBatch(database.db, articlesIndex, parseIndexBatch({ value }, articlesIndex));
    // A new conforming key, non-conforming ones, a replaced and a deleted conforming one.
    await upload([
      { '@search.action': 'upload', articleId: '77777', articleTitle: 'Cholera ids' },
      { '@search.action': 'upload', articleId: 'zz-kiwi-7', articleTitle: 'Kiwi' },
      { '@search.action': 'upload', articleId: 'UpperKey', articleTitle: 'Upper' },
      { '@search.action': 'merge', articleId: '1234', articleTitle: 'Cholera replaced' },
      { '@search.action': 'delete', articleId: '1235' },
    ]);
    for (const parameters of queries) await expectSame(parameters);
    // Not vacuous: the key-table answers and the fallback's both find their documents.
    const countOf = async (parameters: Readonly<Record<string, string>>) =>
      (await engine.search(requestOf({ $count: 'true', searchFields: 'articleId', ...parameters })))
        ?.count?.value;
    expect(await countOf({ search: '1234' })).toBe(1);
    expect(await countOf({ search: '1235' })).toBe(0);
    expect(await countOf({ search: '7777*' })).toBe(1);
    expect(await countOf({ search: '"zz kiwi"' })).toBe(1);
    expect(await countOf({ search: 'upperkey' })).toBe(1);
    // Written again: replaced twice (old slots dead), the deleted one back, the others gone.
    await upload([
      { '@search.action': 'merge', articleId: '1234', isRead: true },
      { '@search.action': 'upload', articleId: '1235', articleTitle: 'Back again' },
      { '@search.action': 'delete', articleId: 'zz-kiwi-7' },
      { '@search.action': 'merge', articleId: 'UpperKey', isRead: true },
      { '@search.action': 'delete', articleId: '77777' },
    ]);
    for (const parameters of queries) await expectSame(parameters);
  }, 120_000);

  it('stays equal through random writes, merges and deletes on the indexed fields (equality, ranges, value bitsets)', async () => {
    // clusterId and sourceUrl have an equality index (equality-index.ts), the key its slot map:
    // uploads join existing clusters and URLs, merges move documents between them, deletes drop
    // members, between rounds of lookups on them.
    const rng = createRng(18);
    const quote = (value: unknown) => String(value).replaceAll("'", "''");
    const rows = rowsOf(
      await database.db.execute(
        sql`select "articleId", "clusterId", "sourceUrl", to_char("insertedDate" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "inserted" from search_articles where "clusterId" is not null and "sourceUrl" is not null order by "articleId" limit 400`,
      ),
    );
    expect(rows.length).toBeGreaterThan(100);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 12; i++) {
        const [a, b] = [rng.pick(rows), rng.pick(rows)];
        const filter = rng.pick([
          `clusterId eq '${quote(a['clusterId'])}' and articleId ne '${quote(a['articleId'])}'`,
          `search.in(sourceUrl, '${quote(a['sourceUrl'])}|${quote(b['sourceUrl'])}', '|')`,
          `sourceUrl eq '${quote(a['sourceUrl'])}' or clusterId eq '${quote(b['clusterId'])}'`,
          `search.in(articleId, '${quote(a['articleId'])}|${quote(b['articleId'])}|zz-p-1-1', '|')`,
          `not (clusterId eq '${quote(a['clusterId'])}') and articleType eq 3`,
          // sourceUrl is kept as fingerprints (fingerprints.ts): ne and null need no value.
          `sourceUrl ne '${quote(a['sourceUrl'])}' and clusterId eq '${quote(b['clusterId'])}'`,
          `sourceUrl eq null or sourceUrl eq '${quote(b['sourceUrl'])}'`,
          `search.in(clusterId, '${quote(a['clusterId'])}, ${quote(b['clusterId'])}')`,
          // Ranges over presorted orderings and value bitsets, with slots appended since.
          `insertedDate ge ${String(a['inserted'])} and articleId gt '${quote(b['articleId'])}'`,
          `(insertedDate lt ${String(a['inserted'])} or insertedDate eq null) or (insertedDate eq ${String(a['inserted'])} and articleId gt '${quote(a['articleId'])}')`,
          `isRead eq false and diseaseIds/any(d: search.in(d, '1|5|12', '|'))`,
          `articleType eq 3 and not (isRead eq true) and diseaseIds/all(d: d ne '3')`,
        ]);
        await expectSame({ $filter: filter, $orderby: rng.pick(['', 'insertedDate desc']) });
      }
      const value = [
        ...Array.from({ length: 6 }, (_, i) => {
          const like = rng.pick(rows);
          return {
            '@search.action': 'upload',
            articleId: `zz-p-${round}-${i}`,
            articleTitle: `Property ${round} ${i}`,
            articleType: 3,
            clusterId: like['clusterId'],
            sourceUrl: like['sourceUrl'],
            ...(i % 2 === 0 ? { insertedDate: like['inserted'], isRead: i % 4 === 0 } : {}),
            ...(i % 3 === 0 ? { diseaseIds: [String(i % 13), '5'] } : {}),
          };
        }),
        ...Array.from({ length: 3 }, () => ({
          '@search.action': 'merge',
          articleId: rng.pick(rows)['articleId'],
          clusterId: rng.pick(rows)['clusterId'],
          sourceUrl: rng.pick(rows)['sourceUrl'],
          isRead: rng.chance(0.5),
          insertedDate: rng.pick(rows)['inserted'],
        })),
        ...Array.from({ length: 2 }, () => ({
          '@search.action': 'delete',
          articleId: rng.pick(rows)['articleId'],
        })),
      ];
      // A merge of a document deleted in an earlier round fails alone (207): the rest applies.
      await applyIndexBatch(database.db, articlesIndex, parseIndexBatch({ value }, articlesIndex));
    }
  }, 120_000);

  it('writes the page documents as the SQL executor does, every field and type, nulls too', async () => {
    await applyIndexBatch(
      database.db,
      articlesIndex,
      parseIndexBatch(
        {
          value: [
            {
              '@search.action': 'upload',
              articleId: 'zz-json-1',
              articleTitle: 'Quote " back\\slash \u0001 tab\t new\nline ü 😀',
              publishedDate: '2025-05-06T12:30:05Z',
              insertedDate: '2025-05-06T12:30:05.451Z',
              articleType: 3,
              diseaseNames: [],
              locationNames: ['Côte d’Ivoire', 'a,b'],
            },
            { '@search.action': 'upload', articleId: 'zz-json-2' },
          ],
        },
        articlesIndex,
      ),
    );
    for (const parameters of [
      { $filter: "search.in(articleId, 'zz-json-1|zz-json-2', '|')", $orderby: 'articleId' },
      { $filter: 'articleType eq 3', $orderby: 'insertedDate desc', $top: '50' },
      { search: 'cholera', $orderby: 'articleId', $select: 'summary,articleId,insertedDate' },
    ]) {
      // No $select but the one given: every field, as the browser asks.
      const request = normaliseSearchRequest(rawFromQueryString(parameters), articlesIndex);
      const { memory, sql } = await both(request);
      const plain = (result: SearchResult | undefined) =>
        (result?.value ?? []).map(({ ['@search.score']: _score, ...document }) => document);
      expect(plain(memory).length).toBeGreaterThan(0);
      expect(plain(memory)).toEqual(plain(sql));
      // The full $select comes from the copy's document file, written at load and on writes.
      expect(engine.footprint()['document file offsets']).toBeGreaterThan(0);
      // Member order too: the bytes are sent as they are.
      expect(plain(memory).map((d) => Object.keys(d))).toEqual(
        plain(sql).map((d) => Object.keys(d)),
      );
    }
  });

  it('keeps sourceUrl as fingerprints: equality answered, an order comparison left to SQL', async () => {
    const [row] = rowsOf(
      await database.db.execute(
        sql`select "sourceUrl" from search_articles where "sourceUrl" is not null order by "articleId" limit 1`,
      ),
    );
    const url = String(row?.['sourceUrl']).replaceAll("'", "''");
    await expectSame({ $filter: `sourceUrl eq '${url}'` });
    await expectSame({ $filter: `sourceUrl ne '${url}'` });
    await expectSame({ $filter: `sourceUrl eq '${url}x'` });
    // Its values are gone from memory: the SQL executor answers (the engine returns undefined).
    const ordered = requestOf({ $filter: `sourceUrl gt '${url}'`, $count: 'true' });
    expect(await engine.search(ordered)).toBeUndefined();
  });

  it('has a write notified during the warm-up in before the first copy answers', async () => {
    let written: Promise<unknown> = Promise.resolve();
    const second = MemoryEngine.open(database.db, articlesIndex, {
      log: (message) => {
        // The copy is loaded and replayed; the write lands while the warm-up runs.
        if (!message.endsWith('warming up')) return;
        written = write([
          { '@search.action': 'upload', articleId: '0-during-warm-up', articleTitle: 'Numbatpox' },
        ]);
      },
    });
    try {
      await second.loaded();
      await written;
      await second.settled();
      const found = await second.search(requestOf({ search: 'numbatpox', $select: 'articleId' }));
      expect(found?.value.map((d) => d['articleId'])).toEqual(['0-during-warm-up']);
    } finally {
      second.close();
      await write([{ '@search.action': 'delete', articleId: '0-during-warm-up' }]);
    }
  });

  it('loads in the background: SQL answers until then, and writes made meanwhile are in', async () => {
    let timerRan = false;
    // This process's spill folders (documents, positions): the second copy's go with it.
    const spillFolders = () =>
      readdirSync(tmpdir()).filter((name) =>
        new RegExp(`^ist-search-(documents|positions)-${process.pid}-`).test(name),
      ).length;
    const foldersBefore = spillFolders();
    const second = MemoryEngine.open(database.db, articlesIndex);
    setTimeout(() => (timerRan = true), 0);
    try {
      expect(second.isReady).toBe(false);
      expect(second.documentCount).toBeUndefined();
      expect(await second.search(requestOf({ search: 'cholera' }))).toBeUndefined();
      const upload = parseIndexBatch(
        {
          value: [
            { '@search.action': 'upload', articleId: '0-during-load', articleTitle: 'Quokkapox' },
            { '@search.action': 'delete', articleId: '3' },
          ],
        },
        articlesIndex,
      );
      await applyIndexBatch(database.db, articlesIndex, upload);
      await second.loaded();
      // The load yields to the event loop between batches: the server keeps serving meanwhile.
      expect(timerRan).toBe(true);
      expect(second.isReady).toBe(true);
      const found = await second.search(requestOf({ search: 'quokkapox', $select: 'articleId' }));
      expect(found?.value.map((d) => d['articleId'])).toEqual(['0-during-load']);
      const deleted = await second.search(
        requestOf({ $filter: "articleId eq '3'", $count: 'true' }),
      );
      expect(deleted?.count?.value).toBe(0);
      expect(second.documentCount).toBe(engine.documentCount);
      // Its documents' file, and a positions file per searchable field with sealed postings.
      expect(spillFolders()).toBeGreaterThan(foldersBefore + 1);
    } finally {
      second.close();
    }
    expect(spillFolders()).toBe(foldersBefore);
  });
});

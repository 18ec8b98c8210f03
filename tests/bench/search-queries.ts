/**
 * The search bench's fixed query mix: each query as the browser's article search client sends
 * it (spec 000 §7 "Article search service") and the same query written by hand as SQL, the floor.
 */
import { excludedDiseasePreset } from '@domain/excluded-diseases';
import { articlesIndex, fieldNamesOf } from '@server/search/index-definition';

/** One query of the mix. */
export interface BenchQuery {
  readonly name: string;
  /** The GET query string parameters (api-version added by the runner). */
  readonly parameters: Readonly<Record<string, string>>;
  /** The floor: statements run together (page and count), as a good engineer would write them. */
  readonly floor: readonly string[];
}

/** Asked of the server process over IPC. */
export interface FloorRequest {
  readonly id: number;
  readonly statements: readonly string[];
  readonly runs: RunPlan;
  /**
   * Instead of the statements: a query's parameters, timed inside the server on the in-process
   * engine (planning and the page's fetch, without HTTP and JSON).
   */
  readonly engine?: Readonly<Record<string, string>>;
  /** With engine: the engine forgets what it kept before each run (no kept answer used). */
  readonly forget?: boolean;
}

/** Asked of the server process over IPC: rows of one SQL statement (the mix's corpus sample). */
export interface SampleRequest {
  readonly id: number;
  readonly sample: string;
}

/** Asked of the server process over IPC: where its memory goes (rows of part and bytes). */
export interface FootprintRequest {
  readonly id: number;
  readonly footprint: true;
}

/** Asked of the server process over IPC: the in-memory engine forgets before every request. */
export interface ForgetRequest {
  readonly id: number;
  readonly forgetting: boolean;
}

export type SampleResponse =
  | { readonly id: number; readonly data: readonly Readonly<Record<string, unknown>>[] }
  | { readonly id: number; readonly error: string };

export type FloorResponse =
  | {
      readonly id: number;
      readonly latencies: Latencies;
      /** Per statement: the count a count statement gave, else the rows returned. */
      readonly rows: readonly number[];
    }
  | { readonly id: number; readonly error: string };

/** How many times a query runs. */
export interface RunPlan {
  readonly warmup: number;
  /** Sequential runs: the least, when a budget is given. */
  readonly sequential: number;
  /** Requests spread over `clients` concurrent clients (the least, when a budget is given). */
  readonly concurrent: number;
  readonly clients: number;
  /**
   * Time for each of the two phases: a fast query runs more often, up to `maxRuns`, so that
   * the p95 of a sub-millisecond query rests on hundreds of runs, not on its second-worst of 30;
   * a query of seconds runs its least number. Estimated from the last warm-up run.
   */
  readonly budgetMs?: number;
  readonly maxRuns?: number;
}

/** Milliseconds per run. */
export interface Latencies {
  readonly sequential: readonly number[];
  readonly concurrent: readonly number[];
}

/** Warm-up, then sequential runs, then a pool of concurrent clients; each run timed. */
export async function timeRuns(run: () => Promise<unknown>, plan: RunPlan): Promise<Latencies> {
  let warmMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < Math.max(plan.warmup, plan.budgetMs === undefined ? 0 : 1); i++) {
    const t0 = performance.now();
    await run();
    warmMs = performance.now() - t0;
  }
  const runs = (least: number) =>
    plan.budgetMs === undefined
      ? least
      : Math.max(least, Math.min(plan.maxRuns ?? least, Math.floor(plan.budgetMs / warmMs)));
  const sequentialRuns = runs(plan.sequential);
  // Concurrent clients share one server thread (and PGlite one connection): the phase takes
  // about as long as its runs one after the other.
  const concurrentRuns = plan.concurrent === 0 ? 0 : runs(plan.concurrent);
  const sequential: number[] = [];
  for (let i = 0; i < sequentialRuns; i++) {
    const t0 = performance.now();
    await run();
    sequential.push(performance.now() - t0);
  }
  const concurrent: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < concurrentRuns) {
      next++;
      const t0 = performance.now();
      await run();
      concurrent.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: plan.clients }, client));
  return { sequential, concurrent };
}

/** The p-th percentile (nearest rank) of latencies. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

const searchFields = ['articleId', 'articleTitle', 'diseaseNames', 'locationNames', 'articleBody'];
const documentFields = fieldNamesOf(articlesIndex);

/** What the worker always sends: count, page of 100, search fields, select, simple, any. */
function browser(options: {
  readonly search?: string;
  readonly filter?: string;
  readonly orderby?: string | null;
  readonly top?: number;
  readonly skip?: number;
}): Record<string, string> {
  const filter = ['articleType eq 3', ...(options.filter === undefined ? [] : [options.filter])];
  return {
    $count: 'true',
    $top: String(options.top ?? 100),
    $skip: String(options.skip ?? 0),
    ...(options.orderby === null ? {} : { $orderby: options.orderby ?? 'insertedDate desc' }),
    search: options.search ?? '*',
    searchFields: searchFields.join(','),
    queryType: 'simple',
    searchMode: 'any',
    $filter: filter.join(' and '),
    $select: documentFields.join(','),
  };
}

// The floor's SQL, by hand.
const columns = documentFields.map((f) => `"${f}"`).join(', ');
const tsvColumns = searchFields.map((f) => `"${f}_tsv"`);
/** Any searched field matches the tsquery. */
const literal = (tsquery: string) => `'${tsquery.replace(/'/g, "''")}'::tsquery`;
const matches = (tsquery: string) =>
  `(${tsvColumns.map((c) => `${c} @@ ${literal(tsquery)}`).join(' or ')})`;
const rank = (tsquery: string) =>
  `(${tsvColumns.map((c) => `ts_rank(${c}, ${literal(tsquery)})`).join(' + ')})`;
const byInserted = `"insertedDate" desc nulls last, "articleId"`;

function floor(options: {
  readonly where: string;
  readonly orderBy?: string;
  readonly score?: string;
  readonly top?: number;
  readonly skip?: number;
}): string[] {
  const where = `"articleType" = 3${options.where === '' ? '' : ` and ${options.where}`}`;
  const count = `select count(*)::int as n from search_articles where ${where}`;
  if (options.top === 0) return [count];
  const page = `select ${columns}, ${options.score ?? '1'} as score from search_articles where ${where} order by ${options.orderBy ?? byInserted} limit ${options.top ?? 100} offset ${options.skip ?? 0}`;
  return [page, count];
}

const excluded = excludedDiseasePreset.map(String);
const included = ['1', '5', '12'];
const sqlArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v}'`).join(',')}]::text[]`;

/** The related-articles query's cluster and the article shown (in every corpus of ≥ 1,000). */
export const relatedCluster = { clusterId: '501', articleId: '502' };

/** The fixed mix. */
export const benchQueries: readonly BenchQuery[] = [
  {
    name: '1 default (type 3, insertedDate desc)',
    parameters: browser({}),
    floor: floor({ where: '' }),
  },
  {
    name: '2 keyword* + read, category, date range',
    parameters: browser({
      search: 'outbr*',
      filter:
        "isRead eq false and search.in(sourceCategory, 'News media|Official government', '|') and insertedDate ge 2025-03-01T00:00:00Z and insertedDate lt 2025-05-01T00:00:00Z",
    }),
    floor: floor({
      where: `"isRead" = false and "sourceCategory" in ('News media', 'Official government') and "insertedDate" >= '2025-03-01T00:00:00Z' and "insertedDate" < '2025-05-01T00:00:00Z' and ${matches("'outbr':*")}`,
    }),
  },
  {
    name: '3 phrase "new cases"',
    parameters: browser({ search: '"new cases"' }),
    floor: floor({
      where: matches("'new' <-> 'cases'"),
      score: rank("'new' <-> 'cases'"),
    }),
  },
  {
    name: '4 excluded diseases (22-id preset)',
    parameters: browser({
      filter: `diseaseIds/all(d: not search.in(d, '${excluded.join('|')}', '|'))`,
    }),
    floor: floor({ where: `not ("diseaseIds" && ${sqlArray(excluded)})` }),
  },
  {
    name: '5 order by publishedDate',
    parameters: browser({ orderby: 'publishedDate desc,insertedDate desc' }),
    floor: floor({
      where: '',
      orderBy: `"publishedDate" desc nulls last, "insertedDate" desc nulls last, "articleId"`,
    }),
  },
  {
    name: '6 $skip=900',
    parameters: browser({ skip: 900 }),
    floor: floor({ where: '', skip: 900 }),
  },
  {
    name: '7 count only ($top=0, unread)',
    parameters: browser({ top: 0, filter: 'isRead eq false' }),
    floor: floor({ where: `"isRead" = false`, top: 0 }),
  },
  {
    name: '8 ranked OR: cholera dengue',
    parameters: browser({ search: 'cholera dengue', orderby: null }),
    floor: floor({
      where: matches("'cholera' | 'dengue'"),
      score: rank("'cholera' | 'dengue'"),
      orderBy: `score desc, "articleId"`,
    }),
  },
  {
    name: '9 included diseases any(search.in)',
    parameters: browser({
      filter: `diseaseIds/any(d: search.in(d, '${included.join('|')}', '|'))`,
    }),
    floor: floor({ where: `"diseaseIds" && ${sqlArray(included)}` }),
  },
  {
    name: '10 cholera* and not ismatch(death*)',
    parameters: browser({
      search: 'cholera*',
      filter: `not search.ismatch('death*', '${searchFields.join(',')}')`,
    }),
    floor: floor({ where: `${matches("'cholera':*")} and not ${matches("'death':*")}` }),
  },
  {
    name: '11 related (clusterId eq, articleId ne)',
    parameters: browser({
      filter: `clusterId eq '${relatedCluster.clusterId}' and articleId ne '${relatedCluster.articleId}'`,
    }),
    floor: floor({
      where: `"clusterId" = '${relatedCluster.clusterId}' and "articleId" <> '${relatedCluster.articleId}'`,
    }),
  },
];

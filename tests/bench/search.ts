/**
 * `npm run bench:search [-- --size 1000000] [--rebuild] [--requests n] [--floor-requests n]
 * [--no-floor] [--seed n] [--footprint] [--ours-on-postgres]`: the query mix, the headline (search-mix-bench.ts; its floor on the
 * PostgreSQL of BENCH_DATABASE_URL or DATABASE_URL).
 *
 * `npm run bench:search -- --warm [--size 1000000] [--rebuild] [--postgres] [--label text]
 * [--engine memory|sql] [--runs n] [--concurrent-runs n] [--floor-runs n]
 * [--floor-concurrent-runs n] [--budget-s s] [--max-runs n]`: the warm case, each of 11 fixed
 * queries repeated (issue 3, "What it must show").
 * - a corpus of N article documents straight in search_articles (tests/bench/search-corpus.ts),
 *   cached in data/bench-search-<N>/ (PGlite) or the database ist_bench_search_<N> (PostgreSQL,
 *   on the server of BENCH_DATABASE_URL or DATABASE_URL): build time, size;
 * - the fixed query mix (search-queries.ts) over real HTTP to the real app, as the browser sends
 *   it: p50/p95/p99 sequential and with 8 concurrent clients; the server's resident memory;
 * - the floor: the same queries by hand in SQL on the server's own connection, and the ratio.
 * One markdown table per engine, also written to tests/bench/results/search-<engine>-<N>.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { CorpusTarget } from './search-target';
import { ensureCorpus } from './search-corpus';
import { httpGet } from './http-get';
import type { Latencies, RunPlan } from './search-queries';
import {
  databaseBytes,
  postgresTarget,
  residentBytes,
  startServer,
  type BenchServer,
} from './search-server-control';
import { benchQueries, percentile, timeRuns } from './search-queries';
import { benchMix } from './search-mix-bench';

interface Options {
  readonly size: number;
  readonly rebuild: boolean;
  readonly engines: readonly ('pglite' | 'postgres')[];
  readonly label: string;
  /** The search service's engine (SEARCH_ENGINE); `memory` also labels the results `memory`. */
  readonly searchEngine: 'sql' | 'memory';
  readonly plan: RunPlan;
  /** The floor's runs: fewer at 1,000,000, where one hand-written count takes seconds. */
  readonly floorPlan: RunPlan;
  readonly port: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const flag = (name: string) => argv.includes(name);
  const engines: ('pglite' | 'postgres')[] = flag('--postgres-only') ? [] : ['pglite'];
  if (flag('--postgres') || flag('--postgres-only')) engines.push('postgres');
  const searchEngine = value('--engine') ?? 'memory';
  // Per query and phase: fast queries run up to --max-runs times within --budget-s seconds.
  const budget = {
    budgetMs: Number(value('--budget-s') ?? 5) * 1000,
    maxRuns: Number(value('--max-runs') ?? 500),
  };
  if (searchEngine !== 'sql' && searchEngine !== 'memory') {
    throw new Error(`--engine must be sql or memory, not ${searchEngine}`);
  }
  return {
    size: Number(value('--size') ?? 100_000),
    rebuild: flag('--rebuild'),
    engines,
    label: value('--label') ?? (searchEngine === 'memory' ? 'memory' : ''),
    searchEngine,
    plan: {
      warmup: Number(value('--warmup') ?? 3),
      sequential: Number(value('--runs') ?? 30),
      concurrent: Number(value('--concurrent-runs') ?? 80),
      clients: 8,
      ...budget,
    },
    floorPlan: {
      warmup: 1,
      sequential: Number(value('--floor-runs') ?? value('--runs') ?? 30),
      concurrent: Number(value('--floor-concurrent-runs') ?? value('--concurrent-runs') ?? 80),
      clients: 8,
      ...budget,
    },
    port: Number(value('--port') ?? 5150),
  };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

interface QueryResult {
  readonly name: string;
  readonly ours: Latencies;
  readonly floor: Latencies;
  /** The in-process engine's own time (no HTTP, no JSON), when it runs. */
  readonly inProcess: Latencies | undefined;
  /** The same with nothing kept from earlier requests (matches, phrases, scores, documents). */
  readonly inProcessForgetting: Latencies | undefined;
  /** The query's first answer over HTTP (nothing kept for it yet), ms. */
  readonly firstMs: number;
  readonly count: string;
  readonly floorCount: string;
}

async function runMix(
  server: BenchServer,
  baseUrl: string,
  plan: RunPlan,
  floorPlan: RunPlan,
  apiKey: string,
  inProcess: boolean,
) {
  const results: QueryResult[] = [];
  const client = httpGet(baseUrl, plan.clients);
  const headers = { 'api-key': apiKey };
  for (const query of benchQueries) {
    const path = `/search/indexes/articles/docs?${new URLSearchParams({ ...query.parameters, 'api-version': '2024-07-01' }).toString()}`;
    const request = async () => {
      const { status, text } = await client.get(path, headers);
      if (status !== 200) throw new Error(`${query.name}: ${status} ${text}`);
      return text;
    };
    const tFirst = performance.now();
    const first = JSON.parse(await request()) as Record<string, unknown>;
    const firstMs = performance.now() - tFirst;
    const approximate = first['@search.countIsApproximate'] === true;
    const count = `${String(first['@odata.count'])}${approximate ? ' ≈' : ''}`;
    const ours = await timeRuns(request, plan);
    const engine = inProcess
      ? await server.inProcess(query.parameters, { ...plan, concurrent: 0 })
      : undefined;
    if (engine !== undefined && 'error' in engine) {
      throw new Error(`${query.name} in process: ${engine.error}`);
    }
    const forgetting = inProcess
      ? await server.inProcess(
          query.parameters,
          { warmup: 1, sequential: Math.min(plan.sequential, 10), concurrent: 0, clients: 1 },
          true,
        )
      : undefined;
    if (forgetting !== undefined && 'error' in forgetting) {
      throw new Error(`${query.name} in process: ${forgetting.error}`);
    }
    const floor = await server.floor(query.floor, floorPlan);
    if ('error' in floor) throw new Error(`${query.name} floor: ${floor.error}`);
    const floorCount = String(floor.rows[floor.rows.length - 1]);
    results.push({
      name: query.name,
      ours,
      floor: floor.latencies,
      inProcess: engine?.latencies,
      inProcessForgetting: forgetting?.latencies,
      firstMs,
      count,
      floorCount,
    });
    const p95 = (l: Latencies) => percentile(l.sequential, 95);
    console.log(
      `  ${query.name} (${ours.sequential.length} / ${floor.latencies.sequential.length} runs): p95 ${ms(p95(ours))} ms${engine === undefined ? '' : ` (in process ${ms(p95(engine.latencies))} ms)`}, floor ${ms(p95(floor.latencies))} ms, count ${count} (floor ${floorCount})`,
    );
  }
  client.close();
  return results;
}

function table(results: readonly QueryResult[]): string {
  const lines = [
    '| query | count (floor) | runs (floor) | first | p50 | p95 | p99 | floor p50 | floor p95 | ours/floor p95 | 8 clients p50 | p95 | p99 | floor p95 | ratio | in process p50 | p95 | nothing kept p50 | p95 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const [s, c, fs, fc] = [
      r.ours.sequential,
      r.ours.concurrent,
      r.floor.sequential,
      r.floor.concurrent,
    ];
    const ratio = (a: readonly number[], b: readonly number[]) =>
      (percentile(a, 95) / percentile(b, 95)).toFixed(2);
    lines.push(
      `| ${r.name} | ${r.count} (${r.floorCount}) | ${s.length} / ${c.length} (${fs.length} / ${fc.length}) | ${ms(r.firstMs)} | ${ms(percentile(s, 50))} | ${ms(percentile(s, 95))} | ${ms(percentile(s, 99))} | ${ms(percentile(fs, 50))} | ${ms(percentile(fs, 95))} | ${ratio(s, fs)} | ${ms(percentile(c, 50))} | ${ms(percentile(c, 95))} | ${ms(percentile(c, 99))} | ${ms(percentile(fc, 95))} | ${ratio(c, fc)} | ${r.inProcess === undefined ? '–' : `${ms(percentile(r.inProcess.sequential, 50))} | ${ms(percentile(r.inProcess.sequential, 95))}`} | ${r.inProcessForgetting === undefined ? '– | –' : `${ms(percentile(r.inProcessForgetting.sequential, 50))} | ${ms(percentile(r.inProcessForgetting.sequential, 95))}`} |`,
    );
  }
  return lines.join('\n');
}

async function benchEngine(engine: 'pglite' | 'postgres', options: Options): Promise<void> {
  const { size } = options;
  const target: CorpusTarget =
    engine === 'pglite'
      ? { engine, size, dataDir: join('data', `bench-search-${size}`, 'pgdata') }
      : await postgresTarget(size);
  console.log(`\n${engine}, ${size} documents`);
  // The machine is shared: every figure is read with the load it ran under.
  const loadBefore = loadavg()[0] ?? 0;
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 10_000);
  const build = await ensureCorpus(target, {
    rebuild: options.rebuild,
    log: (message) => console.log(message),
  });
  const bytes = await databaseBytes(target);
  const t0 = performance.now();
  const server = await startServer(target, options.port, options.searchEngine);
  const startMs = performance.now() - t0;
  let results: QueryResult[];
  let rss: number;
  let rssIdle: number;
  try {
    const baseUrl = `http://127.0.0.1:${options.port}`;
    rssIdle = residentBytes(server.child.pid ?? 0);
    results = await runMix(
      server,
      baseUrl,
      options.plan,
      options.floorPlan,
      'ist-embedded-search-key',
      options.searchEngine === 'memory',
    );
    rss = residentBytes(server.child.pid ?? 0);
    console.log(`  resident memory: ${mb(rssIdle)} idle, ${mb(rss)} after the runs`);
  } finally {
    await server.stop();
    clearInterval(sampler);
  }
  const load = `Load average (1 min, 2 cores): ${loadBefore.toFixed(1)} at the start, ${loads.length === 0 ? '–' : `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`} during (sampled every 10 s), ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`;
  const { plan } = options;
  const markdown = [
    `### Search bench: ${engine}, ${size.toLocaleString('en')} documents${options.label === '' ? '' : ` (${options.label})`}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; run ${new Date().toISOString().slice(0, 16)}Z.`,
    `Index build (load + indexes): ${seconds(build.loadMs + build.indexMs)} (load ${seconds(build.loadMs)}, indexes ${seconds(build.indexMs)}; built ${build.builtAt.slice(0, 10)}${build.reused ? ', reused' : ''}). Database size: ${mb(bytes)}. Server resident memory after the runs: ${mb(rss)}.`,
    load,
    `Search engine: ${options.searchEngine}; server start (process, database${options.searchEngine === 'memory' ? ', in-memory load' : ''}): ${seconds(startMs)}; resident memory idle after start: ${mb(rssIdle)}.`,
    `Latency in ms over real HTTP (GET docs, as the browser sends it, on kept-alive connections: tests/bench/http-get.ts), sequential runs after ${plan.warmup} warm-up, then runs over ${plan.clients} concurrent clients; at least ${plan.sequential} and ${plan.concurrent} (floor: ${options.floorPlan.sequential} and ${options.floorPlan.concurrent}), more for fast queries: as many as fit in ${(plan.budgetMs ?? 0) / 1000} s per phase at the last warm-up run's pace, up to ${plan.maxRuns ?? plan.sequential} (runs: sequential / concurrent, ours then the floor's). Floor: the same query by hand in SQL on the server's connection (page and count together). ≈: count flagged approximate. First: the query's first answer over HTTP, before anything was kept for it. In process: the engine's own time (planning and the page's documents, no HTTP), with what it keeps between requests (match bitsets, phrase hits, scores, decoded postings), and with nothing kept (each run after forget(): ${Math.min(plan.sequential, 10)} runs).`,
    '',
    table(results),
    '',
  ].join('\n');
  console.log(`\n${markdown}`);
  mkdirSync('tests/bench/results', { recursive: true });
  const suffix = options.label === '' ? '' : `-${options.label.replace(/[^a-z0-9]+/gi, '-')}`;
  writeFileSync(`tests/bench/results/search-${engine}-${size}${suffix}.md`, markdown);
}

async function main() {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  console.log(
    `IST search bench on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  if (argv.includes('--warm')) {
    for (const engine of options.engines) await benchEngine(engine, options);
    return;
  }
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const requests = Number(value('--requests') ?? 1500);
  await benchMix({
    size: options.size,
    rebuild: options.rebuild,
    requests,
    floorRequests: argv.includes('--no-floor') ? 0 : Number(value('--floor-requests') ?? requests),
    port: options.port,
    seed: Number(value('--seed') ?? 18),
    footprintOnly: argv.includes('--footprint'),
    oursOnPostgres: argv.includes('--ours-on-postgres'),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

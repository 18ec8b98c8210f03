/**
 * The search bench's headline (issue 18): the query mix (search-mix.ts) over HTTP against the
 * embedded default (PGlite, the in-memory engine), sequential and over 8 concurrent clients, and
 * the same requests against the floor: the SQL executor on PostgreSQL with the table's indexes
 * (the same corpus in the database ist_bench_search_<N>). Writes
 * tests/bench/results/search-mix-<N>.json and .md, and the section of docs/benchmarks.md between
 * `<!-- search-mix-<N> -->` and `<!-- /search-mix-<N> -->` when the file has those marks.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@server/seed/prng';
import { httpGet } from './http-get';
import type { CorpusTarget } from './search-target';
import { ensureCorpus } from './search-corpus';
import {
  generateMix,
  mixClasses,
  mixShares,
  type MixRequest,
  type SampleDocument,
} from './search-mix';
import { runMixRequests, summarise, type MixSummary } from './search-mix-run';
import { postgresTarget, residentBytes, startServer } from './search-server-control';

export interface MixOptions {
  readonly size: number;
  readonly rebuild: boolean;
  /** Requests per phase (sequential; as many distinct ones for the concurrent clients). */
  readonly requests: number;
  /** Requests per phase sent to the floor (its first ones); 0 skips the floor. */
  readonly floorRequests: number;
  readonly port: number;
  readonly seed: number;
  /** Only load the copy and write where its memory goes (search-footprint-<N>.md). */
  readonly footprintOnly: boolean;
  /**
   * Run ours (the memory engine) on the PostgreSQL corpus instead of the embedded PGlite one:
   * for a size whose PGlite corpus takes too long to build on a shared machine.
   */
  readonly oursOnPostgres: boolean;
}

const clients = 8;
const apiKey = 'ist-embedded-search-key';
/** Documents sampled for the vocabulary, clusters, ids and URLs. */
const sampleSize = 4_000;

/** The 1-minute load average sampled every 5 s while `during` runs. */
async function underLoad<T>(during: () => Promise<T>): Promise<{ value: T; load: string }> {
  const loads = [loadavg()[0] ?? 0];
  const timer = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
  try {
    const value = await during();
    loads.push(loadavg()[0] ?? 0);
    return {
      value,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    };
  } finally {
    clearInterval(timer);
  }
}

interface Phases {
  readonly sequential: MixSummary;
  readonly concurrent: MixSummary;
  readonly load: string;
}

async function runPhases(
  baseUrl: string,
  sequential: readonly MixRequest[],
  concurrent: readonly MixRequest[],
): Promise<Phases> {
  const client = httpGet(baseUrl, clients);
  try {
    const { value, load } = await underLoad(async () => ({
      sequential: summarise(await runMixRequests(client, sequential, 1, apiKey)),
      concurrent: summarise(await runMixRequests(client, concurrent, clients, apiKey)),
    }));
    return { ...value, load };
  } finally {
    client.close();
  }
}

/** The sample: seeded article ids (keys are 1…N), read on the server's own connection. */
export function sampleStatement(size: number, seed: number): string {
  const rng = createRng(seed);
  const ids = new Set<number>();
  while (ids.size < Math.min(sampleSize, size)) ids.add(rng.int(1, size));
  return `select "articleId", "articleTitle", "articleBody", "clusterId", "sourceUrl", (extract(epoch from "insertedDate") * 1000)::float8 as "insertedDate" from search_articles where "articleId" = any('{${[...ids].join(',')}}'::text[]) order by "articleId"`;
}

export function sampleOf(rows: readonly Readonly<Record<string, unknown>>[]): SampleDocument[] {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return rows.map((row) => ({
    articleId: String(row['articleId']),
    articleTitle: text(row['articleTitle']),
    articleBody: text(row['articleBody']),
    clusterId: text(row['clusterId']),
    sourceUrl: text(row['sourceUrl']),
    insertedDate: typeof row['insertedDate'] === 'number' ? row['insertedDate'] : null,
  }));
}

const f = (v: number | undefined) =>
  v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0);

type Stats = MixSummary['all'] & { readonly firstMs?: number };

function classTable(ours: Phases, cold: Phases, floor: Phases | undefined): string {
  const lines = [
    '| class | share | n | first | p50 | p95 | p99 | 8 clients p95 | nothing kept p50 | p95 | 8 clients p95 | floor p50 | floor p95 | floor 8 clients p95 | nothing kept / floor p95 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const row = (name: string, share: string, pick: (phase: MixSummary) => Stats | undefined) => {
    const s = pick(ours.sequential);
    if (s === undefined) return;
    const [c, ks, kc] = [pick(ours.concurrent), pick(cold.sequential), pick(cold.concurrent)];
    const [fs, fc] = floor === undefined ? [] : [pick(floor.sequential), pick(floor.concurrent)];
    const ratio = ks === undefined || fs === undefined ? '–' : (ks.p95 / fs.p95).toFixed(2);
    lines.push(
      `| ${name} | ${share} | ${s.n} | ${f(s.firstMs)} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} | ${f(c?.p95)} | ${f(ks?.p50)} | ${f(ks?.p95)} | ${f(kc?.p95)} | ${f(fs?.p50)} | ${f(fs?.p95)} | ${f(fc?.p95)} | ${ratio} |`,
    );
  };
  row('**whole mix**', '100%', (phase) => phase.all);
  for (const kind of mixClasses) row(kind, `${mixShares[kind]}%`, (phase) => phase.classes[kind]);
  return lines.join('\n');
}

const mbOf = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Where the server's memory goes: the process's view, then the engine's parts, largest first. */
function footprintTable(parts: Readonly<Record<string, number>>): string {
  const processParts = [
    'process resident',
    'V8 heap used',
    'V8 heap allocated',
    'outside the heap (external)',
    'of which array buffers',
    'of which PGlite WebAssembly memory',
  ];
  // The engine's files (`on disk: …`) are outside the process: listed after the copy's sum.
  const onDisk = Object.entries(parts).filter(([part]) => part.startsWith('on disk'));
  const engineParts = Object.entries(parts)
    .filter(([part]) => !processParts.includes(part) && !part.startsWith('on disk'))
    .sort((a, b) => b[1] - a[1]);
  const total = engineParts.reduce((sum, [, bytes]) => sum + bytes, 0);
  return [
    '| part | MB |',
    '|---|---|',
    ...processParts
      .filter((part) => part in parts)
      .map((part) => `| ${part} | ${mbOf(parts[part] ?? 0)} |`),
    `| **the in-memory copy (sum of the parts below)** | **${mbOf(total)}** |`,
    ...engineParts.map(([part, bytes]) => `| ${part} | ${mbOf(bytes)} |`),
    ...onDisk.map(([part, bytes]) => `| ${part} (not resident) | ${mbOf(bytes)} |`),
  ].join('\n');
}

/** Replaces the marked section of docs/benchmarks.md, when the file has the marks. */
function updateBenchmarksDoc(size: number, markdown: string): boolean {
  const path = 'docs/benchmarks.md';
  if (!existsSync(path)) return false;
  const open = `<!-- search-mix-${size} -->`;
  const close = `<!-- /search-mix-${size} -->`;
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) return false;
  writeFileSync(path, `${text.slice(0, start + open.length)}\n${markdown}\n${text.slice(end)}`);
  return true;
}

export async function benchMix(options: MixOptions): Promise<void> {
  const { size } = options;
  const target: CorpusTarget = {
    engine: 'pglite',
    size,
    dataDir: join('data', `bench-search-${size}`, 'pgdata'),
  };
  const log = (message: string) => console.log(message);
  const floorTarget =
    options.floorRequests > 0 || options.oursOnPostgres ? await postgresTarget(size) : undefined;
  if (floorTarget !== undefined) await ensureCorpus(floorTarget, { rebuild: options.rebuild, log });
  const oursTarget = options.oursOnPostgres && floorTarget !== undefined ? floorTarget : target;
  if (oursTarget === target) await ensureCorpus(target, { rebuild: options.rebuild, log });
  const oursDatabase = oursTarget.engine === 'pglite' ? 'PGlite' : 'PostgreSQL';

  const loadAtStart = loadavg()[0] ?? 0;
  const t0 = performance.now();
  const server = await startServer(oursTarget, options.port, 'memory');
  const readyMs = performance.now() - t0;
  const pid = server.child.pid ?? 0;
  const idleMb = residentBytes(pid) / 2 ** 20;
  if (options.footprintOnly) {
    try {
      const table = footprintTable(await server.footprint());
      const markdown = `#### Where the memory goes, ${size.toLocaleString('en')} documents, idle after the load (run ${new Date().toISOString().slice(0, 16)}Z, load average ${(loadavg()[0] ?? 0).toFixed(1)})\n\n${table}\n`;
      mkdirSync('tests/bench/results', { recursive: true });
      writeFileSync(`tests/bench/results/search-footprint-${size}.md`, markdown);
      console.log(`\n${markdown}`);
    } finally {
      await server.stop();
    }
    return;
  }
  let ours: Phases;
  let cold: Phases;
  let residentMb: number;
  let footprint: Record<string, number>;
  let mix: MixRequest[];
  try {
    const sample = sampleOf(await server.sample(sampleStatement(size, options.seed)));
    mix = generateMix(sample, options.requests * 2, options.seed);
    console.log(`  mix: ${mix.length} requests from a sample of ${sample.length} documents`);
    const baseUrl = `http://127.0.0.1:${options.port}`;
    ours = await runPhases(baseUrl, mix.slice(0, options.requests), mix.slice(options.requests));
    residentMb = residentBytes(pid) / 2 ** 20;
    footprint = await server.footprint();
    // The same requests again, the engine forgetting everything it kept before each one.
    await server.forgetting(true);
    cold = await runPhases(baseUrl, mix.slice(0, options.requests), mix.slice(options.requests));
  } finally {
    await server.stop();
  }
  console.log(
    `  memory: p50 ${f(ours.sequential.all.p50)} p95 ${f(ours.sequential.all.p95)} p99 ${f(ours.sequential.all.p99)} ms, 8 clients p95 ${f(ours.concurrent.all.p95)} ms, load ${ours.load}; nothing kept p95 ${f(cold.sequential.all.p95)}, 8 clients ${f(cold.concurrent.all.p95)} ms, load ${cold.load}`,
  );

  let floor: Phases | undefined;
  if (floorTarget !== undefined && options.floorRequests > 0) {
    const floorServer = await startServer(floorTarget, options.port, 'sql');
    try {
      floor = await runPhases(
        `http://127.0.0.1:${options.port}`,
        mix.slice(0, Math.min(options.requests, options.floorRequests)),
        mix.slice(options.requests, options.requests + options.floorRequests),
      );
    } finally {
      await floorServer.stop();
    }
    console.log(
      `  floor: p50 ${f(floor.sequential.all.p50)} p95 ${f(floor.sequential.all.p95)} ms, 8 clients p95 ${f(floor.concurrent.all.p95)} ms, load ${floor.load}`,
    );
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const summary = {
    size,
    engine: 'memory',
    database: oursDatabase,
    p50: ours.sequential.all.p50,
    p95: ours.sequential.all.p95,
    p99: ours.sequential.all.p99,
    concurrentP95: ours.concurrent.all.p95,
    residentMb: Math.round(residentMb),
    nothingKept: {
      p50: cold.sequential.all.p50,
      p95: cold.sequential.all.p95,
      p99: cold.sequential.all.p99,
      concurrentP95: cold.concurrent.all.p95,
      classes: { sequential: cold.sequential.classes, concurrent: cold.concurrent.classes },
    },
    idleResidentMb: Math.round(idleMb),
    footprintMb: Object.fromEntries(
      Object.entries(footprint).map(([part, bytes]) => [part, mbOf(bytes)]),
    ),
    readySeconds: Math.round(readyMs / 100) / 10,
    machine,
    runAt: new Date().toISOString(),
    loadAverage: {
      atStart: Math.round(loadAtStart * 10) / 10,
      ours: ours.load,
      floor: floor?.load,
    },
    requests: {
      sequential: ours.sequential.all.n,
      concurrent: ours.concurrent.all.n,
      seed: options.seed,
    },
    shares: mixShares,
    classes: { sequential: ours.sequential.classes, concurrent: ours.concurrent.classes },
    floor:
      floor === undefined
        ? null
        : {
            engine: 'sql on PostgreSQL',
            p50: floor.sequential.all.p50,
            p95: floor.sequential.all.p95,
            p99: floor.sequential.all.p99,
            concurrentP95: floor.concurrent.all.p95,
            classes: { sequential: floor.sequential.classes, concurrent: floor.concurrent.classes },
          },
  };
  mkdirSync('tests/bench/results', { recursive: true });
  writeFileSync(
    `tests/bench/results/search-mix-${size}.json`,
    `${JSON.stringify(summary, null, 2)}\n`,
  );
  const markdown = [
    `#### Query mix, ${size.toLocaleString('en')} documents (run ${summary.runAt.slice(0, 16)}Z)`,
    '',
    `Machine: ${machine}. Load average (1 min, 2 cores): ${loadAtStart.toFixed(1)} at the start, ${ours.load} during our phases, ${cold.load} nothing kept${floor === undefined ? '' : `, ${floor.load} during the floor's`}.`,
    `Ours: ${oursTarget.engine === 'pglite' ? 'the embedded default (PGlite, `SEARCH_ENGINE=memory`)' : 'the in-memory engine (`SEARCH_ENGINE=memory`) on the PostgreSQL corpus, not the embedded default (the PGlite corpus of this size was not built this session), pages fetched from PostgreSQL'}, ready (in-memory copy loaded) ${summary.readySeconds} s after the process started; resident ${Math.round(idleMb)} MB idle, **${summary.residentMb} MB** after the mix. Floor: the same requests to the SQL executor (\`SEARCH_ENGINE=sql\`) on PostgreSQL with the table's indexes, same corpus${floor === undefined ? ' (not run)' : `, the first ${floor.sequential.all.n} and ${floor.concurrent.all.n} requests of each phase`}.`,
    `${summary.requests.sequential} requests one after the other, then ${summary.requests.concurrent} other requests over ${clients} concurrent clients (seed ${options.seed}), over HTTP as the browser sends them. Every request is asked once, except the default first page (${mixShares['default first page']}% of the mix). First: the class's first answer. Nothing kept: the same requests again, the engine forgetting before each one everything it keeps between requests (MemoryEngine.forget: match bitsets, phrase hits, scores, decoded postings, parses, orderings sorted after first use; the orderings presorted at load stay, as a database's indexes do). Times in ms.`,
    '',
    classTable(ours, cold, floor),
    '',
    'Where the memory goes after the mix (before the nothing-kept phases):',
    '',
    footprintTable(footprint),
    '',
  ].join('\n');
  writeFileSync(`tests/bench/results/search-mix-${size}.md`, markdown);
  console.log(`\n${markdown}`);
  if (updateBenchmarksDoc(size, markdown)) console.log('  docs/benchmarks.md updated');
}

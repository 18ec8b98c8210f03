/**
 * The search bench's server processes (search-server.ts forked on a corpus) and the corpus
 * targets they run on: shared by the repeated-query table (search.ts) and the mix (search-mix-bench.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { CorpusTarget } from './search-target';
import { folderBytes } from './search-corpus';
import type { FloorRequest, FloorResponse, RunPlan, SampleResponse } from './search-queries';

/** The scratch database of the PostgreSQL corpus, created when missing (never another one). */
export async function postgresTarget(size: number): Promise<CorpusTarget> {
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['DATABASE_URL'];
  if (adminUrl === undefined) {
    throw new Error('--postgres needs BENCH_DATABASE_URL (or DATABASE_URL) to reach a server');
  }
  const name = `ist_bench_search_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { engine: 'postgres', size, databaseUrl: url.toString() };
}

export async function databaseBytes(target: CorpusTarget): Promise<number> {
  if (target.engine === 'pglite') return folderBytes(target.dataDir);
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'select pg_database_size(current_database())::text as n',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The server process on the corpus, and a way to ask it for floor timings. */
export interface BenchServer {
  readonly child: ChildProcess;
  floor(statements: readonly string[], plan: RunPlan): Promise<FloorResponse>;
  /** The query timed inside the server on the in-process engine. */
  inProcess(
    parameters: Readonly<Record<string, string>>,
    plan: RunPlan,
    forget?: boolean,
  ): Promise<FloorResponse>;
  /** From now on the in-memory engine forgets what it kept before every request (or stops). */
  forgetting(on: boolean): Promise<void>;
  /** Where the server's memory goes: bytes per part. */
  footprint(): Promise<Record<string, number>>;
  /** Rows of one SQL statement on the server's connection. */
  sample(statement: string): Promise<readonly Readonly<Record<string, unknown>>[]>;
  stop(): Promise<void>;
}

export async function startServer(
  target: CorpusTarget,
  port: number,
  searchEngine: 'sql' | 'memory',
): Promise<BenchServer> {
  const child = fork(resolve('tests/bench/search-server.ts'), [], {
    // BENCH_SERVER_NODE_OPTIONS: extra node flags for the server, e.g. `--cpu-prof` to profile it.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env['BENCH_SERVER_NODE_OPTIONS'] ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...process.env,
      BENCH_TARGET: JSON.stringify(target),
      BENCH_PORT: String(port),
      BENCH_SEARCH_ENGINE: searchEngine,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (response: FloorResponse | SampleResponse) => void>();
  let nextId = 0;
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
    child.on('message', (message: FloorResponse | SampleResponse | { ready: true }) => {
      if ('ready' in message) ready();
      else pending.get(message.id)?.(message);
    });
  });
  const ask = (request: FloorRequest) =>
    new Promise<FloorResponse>((answer) => {
      pending.set(request.id, (response) => {
        if ('data' in response) throw new Error('a sample answered a floor request');
        answer(response);
      });
      child.send(request);
    });
  return {
    child,
    floor(statements, plan) {
      return ask({ id: nextId++, statements, runs: plan });
    },
    inProcess(parameters, plan, forget = false) {
      return ask({ id: nextId++, statements: [], runs: plan, engine: parameters, forget });
    },
    async forgetting(on) {
      const id = nextId++;
      await new Promise<void>((answer) => {
        pending.set(id, () => answer());
        child.send({ id, forgetting: on });
      });
    },
    footprint() {
      const id = nextId++;
      return new Promise((answer, fail) => {
        pending.set(id, (response) => {
          if (!('data' in response)) {
            fail(new Error('error' in response ? response.error : 'no footprint'));
            return;
          }
          answer(
            Object.fromEntries(
              response.data.map((row) => [String(row['part']), Number(row['bytes'])]),
            ),
          );
        });
        child.send({ id, footprint: true });
      });
    },
    sample(statement) {
      const id = nextId++;
      return new Promise((answer, fail) => {
        pending.set(id, (response) => {
          if ('data' in response) answer(response.data);
          else fail(new Error('error' in response ? response.error : 'not a sample'));
        });
        child.send({ id, sample: statement });
      });
    },
    async stop() {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

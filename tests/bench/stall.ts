import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { signIn } from '../support/sign-in';
import { freePort } from '../support/test-server';

/**
 * `npm run bench:stall` (issue 30): the stall budget. While one client sends the worst body a
 * route accepts, back to back, another client's GET /config.json p95 must stay under 100 ms.
 * "Worst" means the most work that passes every check before parsing (size, depth, members,
 * containers, values): the body is read, parsed, walked and decoded, then refused by its schema
 * or stored. The sender is a separate process at the lowest CPU priority (its CPU is not the
 * server's); the server is a real `server/main.ts` on PGlite (BENCH_DATABASE_URL: PostgreSQL).
 * Prints a Markdown table (docs/security.md keeps the figures). BENCH_STALL_ONLY=<text>: only the
 * rows whose name contains it.
 */

interface Case {
  readonly name: string;
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  /** The credential: the analyst's token or the search admin key. */
  readonly as: 'analyst' | 'admin';
  readonly body: () => string;
}

/** `count` numbers in arrays of at most `members` (under the members bound), as one member. */
const numbers = (count: number, members: number) => {
  const arrays: string[] = [];
  for (let left = count; left > 0; left -= members) {
    arrays.push(`[${'0,'.repeat(Math.min(left, members) - 1)}0]`);
  }
  return `{"x":[${arrays.join(',')}]}`;
};

/** `count` empty objects in arrays of at most `members`. */
const objects = (count: number, members: number) => {
  const arrays: string[] = [];
  for (let left = count; left > 0; left -= members) {
    arrays.push(`[${'{},'.repeat(Math.min(left, members) - 1)}{}]`);
  }
  return `{"x":[${arrays.join(',')}]}`;
};

const adminKey = 'bench-stall-admin-key';
const queryKey = 'bench-stall-query-key';

const cases: readonly Case[] = [
  {
    name: 'custom article, 99,000 numbers (values bound 100,000)',
    method: 'POST',
    path: '/api/articles',
    as: 'analyst',
    body: () => numbers(99_000, 19_000),
  },
  {
    name: 'custom article, 19,000 empty objects (containers bound 20,000)',
    method: 'POST',
    path: '/api/articles',
    as: 'analyst',
    body: () => objects(19_000, 19_000),
  },
  {
    name: 'custom article, 1 MB text of escapes (\\u00e9)',
    method: 'POST',
    path: '/api/articles',
    as: 'analyst',
    body: () => `{"title":"${'\\u00e9'.repeat(170_000)}"}`,
  },
  {
    name: 'entries submission, 99,000 numbers in its entries',
    method: 'POST',
    path: '/api/diseaseactivities/1/countries/1/reports/propagate',
    as: 'analyst',
    body: () => `{"entries":${numbers(99_000, 19_000).slice(5, -1)}}`,
  },
  {
    name: 'log line, 64 KB',
    method: 'POST',
    path: '/api/log/js',
    as: 'analyst',
    body: () => `{"message":"${'x'.repeat(60_000)}","level":"error"}`,
  },
  {
    name: 'search, 32 KB of numbers (16,000)',
    method: 'POST',
    path: '/search/indexes/articles/docs/search?api-version=2024-07-01',
    as: 'analyst',
    body: () => `{"search":"*","x":[${'0,'.repeat(16_000)}0]}`,
  },
  {
    name: "index batch with an analyst's token, 15 MB (403 before the body)",
    method: 'POST',
    path: '/search/indexes/articles/docs/index?api-version=2024-07-01',
    as: 'analyst',
    body: () => JSON.stringify({ value: [{ x: 'y'.repeat(15 * 1024 * 1024) }] }),
  },
  {
    name: 'index batch with the admin key, 16 MB, 1,000 documents',
    method: 'POST',
    path: '/search/indexes/articles/docs/index?api-version=2024-07-01',
    as: 'admin',
    body: () =>
      JSON.stringify({
        value: Array.from({ length: 1000 }, (_, i) => ({
          '@search.action': 'upload',
          articleId: `stall-${i}`,
          articleType: 3,
          articleTitle: 'Cholera outbreak '.repeat(950),
        })),
      }),
  },
];

/** The sender: one client, back to back, in its own process at the lowest priority. */
const senderSource = `
const http = require('node:http');
const { url, method, headers, file } = JSON.parse(process.argv[1]);
const body = require('node:fs').readFileSync(file);
let stop = false, sent = 0;
const statuses = {};
process.stdin.on('data', () => { stop = true; });
const once = () => new Promise((resolve) => {
  const request = http.request(url, { method, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    res.resume();
    res.once('end', resolve);
    res.once('error', resolve);
  });
  request.once('error', () => { statuses.reset = (statuses.reset ?? 0) + 1; resolve(); });
  request.end(body);
});
(async () => {
  process.stdout.write('started\\n');
  while (!stop) { await once(); sent++; }
  process.stdout.write(JSON.stringify({ sent, statuses }) + '\\n');
  process.exit(0);
})();
`;

async function configTimes(baseUrl: string, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    // A kept-alive connection the server closed meanwhile is retried on a new one, timed whole.
    let status = 0;
    for (let attempt = 0; attempt < 3 && status === 0; attempt++) {
      status = await fetch(`${baseUrl}/config.json`).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
    }
    if (status !== 200) throw new Error(`/config.json answered ${status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? Infinity;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ist-bench-stall-'));
  const port = await freePort();
  const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? '';
  const server = await startServerProcess(
    {
      ...serverProcessEnv({ port, dataDir, databaseUrl }),
      SEED_ACTIVITIES: '5',
      SEED_ARTICLES: '200',
      SEARCH_API_KEY: adminKey,
      SEARCH_QUERY_KEY: queryKey,
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'error',
    },
    300_000,
  );
  const samples = Number(process.env['BENCH_STALL_SAMPLES'] ?? 150);
  const { writeFile } = await import('node:fs/promises');
  try {
    const { accessToken } = await signIn(server.baseUrl, 'analyst-mei');
    const quiet = await configTimes(server.baseUrl, samples);
    console.error(`quiet p95 ${percentile(quiet, 0.95).toFixed(1)} ms`);
    const rows: string[] = [
      `| quiet (no sender) | – | – | ${percentile(quiet, 0.5).toFixed(1)} | ${percentile(quiet, 0.95).toFixed(1)} | ${(quiet.at(-1) ?? 0).toFixed(1)} |`,
    ];
    const only = process.env['BENCH_STALL_ONLY'];
    for (const c of cases.filter((k) => only === undefined || k.name.includes(only))) {
      const body = c.body();
      const file = join(dataDir, 'body.json');
      await writeFile(file, body);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(c.as === 'admin'
          ? { 'api-key': adminKey }
          : { authorization: `Bearer ${accessToken}` }),
      };
      const sender = spawn(
        process.execPath,
        [
          '-e',
          senderSource,
          JSON.stringify({ url: `${server.baseUrl}${c.path}`, method: c.method, headers, file }),
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      if (sender.pid !== undefined) setPriority(sender.pid, 19);
      let output = '';
      sender.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => sender.once('exit', () => resolve()));
      while (!output.includes('started')) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      const during = await configTimes(server.baseUrl, samples);
      const seconds = (performance.now() - started) / 1000;
      sender.stdin.end('stop\n');
      await exited;
      const { sent, statuses } = JSON.parse(output.split('\n')[1] ?? '{}') as {
        sent: number;
        statuses: Record<string, number>;
      };
      const answers = Object.entries(statuses)
        .map(([s, n]) => `${n}× ${s}`)
        .join(', ');
      const mb = (body.length / 1024 / 1024).toFixed(2);
      rows.push(
        `| ${c.name} | ${mb} MB | ${(sent / seconds).toFixed(1)}/s (${answers}) | ${percentile(during, 0.5).toFixed(1)} | ${percentile(during, 0.95).toFixed(1)} | ${(during.at(-1) ?? 0).toFixed(1)} |`,
      );
      console.error(rows.at(-1));
    }
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${databaseUrl === '' ? 'PGlite' : 'PostgreSQL'}, 200 articles`;
    console.log(`\n${machine}; ${samples} sequential GET /config.json per row (20 ms apart)\n`);
    console.log(
      '| one client sends, back to back | body | bodies answered | /config.json p50 ms | p95 ms | max ms |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

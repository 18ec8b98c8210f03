/**
 * The search bench's server process: the real app (buildApp) on a built corpus, listening on
 * BENCH_PORT, so that its resident memory is its own. It also runs the floor: hand-written SQL
 * timed in this process on the very connection the service uses, asked for over IPC.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/client';
import { createIdentity } from '@server/identity';
import { rowsOf } from '@server/db/rows';
import { articlesIndex } from '@server/search/index-definition';
import { MemoryEngine } from '@server/search/memory/engine';
import { normaliseSearchRequest, rawFromQueryString } from '@server/search/request';
import type { CorpusTarget } from './search-target';
import { benchConfig } from './search-target';
import type {
  FloorRequest,
  FloorResponse,
  FootprintRequest,
  ForgetRequest,
  SampleRequest,
  SampleResponse,
} from './search-queries';
import { timeRuns } from './search-queries';

const target = JSON.parse(process.env['BENCH_TARGET'] ?? '') as CorpusTarget;
const port = Number(process.env['BENCH_PORT'] ?? 5150);

async function main() {
  const engine = process.env['BENCH_SEARCH_ENGINE'] === 'memory' ? 'memory' : 'sql';
  const config = { ...benchConfig(target, port), searchEngine: engine } as const;
  const database = await openDatabase(config);
  // A kept corpus may predate later migrations (the search change log, issue 17): bring it up.
  await database.migrate();
  const { db } = database;
  const identity = await createIdentity(config, db);
  const t0 = performance.now();
  const app = await buildApp({ config, db, identity });
  await app.listen({ port, host: '127.0.0.1' });
  const listening = performance.now() - t0;
  // The in-process copy loads in the background (SQL answers meanwhile): measure once it is in.
  const memory = MemoryEngine.of(db, articlesIndex);
  await memory?.loaded();
  if (memory !== undefined && !memory.isReady) throw new Error('the memory engine did not load');
  // "Nothing kept" (asked over IPC): every request over HTTP finds the engine as a never-asked
  // query would.
  let forgetting = false;
  if (memory !== undefined) {
    const search = memory.search.bind(memory);
    memory.search = (request) => {
      if (forgetting) memory.forget();
      return search(request);
    };
  }
  const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
  console.log(
    `  search engine ${engine}: listening after ${(listening / 1000).toFixed(1)} s, ready after ${((performance.now() - t0) / 1000).toFixed(1)} s, resident ${rss} MB`,
  );

  /** Runs one floor query: its statements together, as the executor runs page and count. */
  const once = async (statements: readonly string[]) => {
    const results = await Promise.all(statements.map((s) => db.execute(sql.raw(s))));
    return results.map((r) => {
      const rows = rowsOf(r);
      const n = rows.length === 1 ? rows[0]?.['n'] : undefined;
      return typeof n === 'number' ? n : rows.length;
    });
  };
  process.on(
    'message',
    (message: FloorRequest | SampleRequest | ForgetRequest | FootprintRequest) => {
      void (async () => {
        if ('footprint' in message) {
          // The process's own view (V8 heap, buffers outside it: PGlite's WebAssembly memory
          // among them), then the engine's parts (footprint.ts).
          const usage = process.memoryUsage();
          const parts: Record<string, number> = {
            'process resident': usage.rss,
            'V8 heap used': usage.heapUsed,
            'V8 heap allocated': usage.heapTotal,
            'outside the heap (external)': usage.external,
            'of which array buffers': usage.arrayBuffers,
            ...(database.wasmBytes === undefined
              ? {}
              : { 'of which PGlite WebAssembly memory': database.wasmBytes() }),
            ...memory?.footprint(),
          };
          const data = Object.entries(parts).map(([part, bytes]) => ({ part, bytes }));
          process.send?.({ id: message.id, data });
          return;
        }
        if ('forgetting' in message) {
          forgetting = message.forgetting;
          memory?.forget();
          process.send?.({ id: message.id, data: [] });
          return;
        }
        if ('sample' in message) {
          let answer: SampleResponse;
          try {
            answer = { id: message.id, data: rowsOf(await db.execute(sql.raw(message.sample))) };
          } catch (error) {
            answer = { id: message.id, error: String(error) };
          }
          process.send?.(answer);
          return;
        }
        let response: FloorResponse;
        try {
          const parameters = message.engine;
          if (parameters !== undefined) {
            if (memory === undefined) throw new Error('no in-process engine');
            const request = normaliseSearchRequest(rawFromQueryString(parameters), articlesIndex);
            const search = async () => {
              if (message.forget === true) memory.forget();
              const result = await memory.search(request);
              if (result === undefined) throw new Error('the in-process engine fell back to SQL');
              return result;
            };
            const first = await search();
            const latencies = await timeRuns(search, message.runs);
            response = { id: message.id, latencies, rows: [first.count?.value ?? 0] };
          } else {
            const rows = await once(message.statements);
            const latencies = await timeRuns(() => once(message.statements), message.runs);
            response = { id: message.id, latencies, rows };
          }
        } catch (error) {
          response = { id: message.id, error: String(error) };
        }
        process.send?.(response);
      })();
    },
  );
  process.send?.({ ready: true });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `node --import tsx tests/bench/gazetteer.ts [--runs 40]`: the world gazetteer (issue 29) on
 * PGlite and, with DATABASE_URL, PostgreSQL. A demo-seeded database (200 articles, 10
 * activities: the seed's ~2,500 places) behind the real app; the pickers' location searches
 * over HTTP as the browser sends them (sequential, p50/p95 of `runs` after 3 warm-ups, the
 * first run reported as cold); then the gazetteer load, timed (the build from the packages
 * apart), the same searches again, and the start-up check of an already loaded database.
 * Writes tests/bench/results/gazetteer.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ensureWorldGazetteer } from '@server/gazetteer/load';
import { rowsOf } from '@server/db/rows';
import { reindexAll } from '@server/search/indexer';
import { seed } from '@server/seed/run';
import type { QueryParameters } from '@domain/article-search/query';
import {
  countriesQuery,
  locationsWithinCountryQuery,
  travellerLocationsQuery,
} from '@domain/location-search';
import { createTestIdentity } from '../support/test-identity';
import { startTestServer, type Backend, type TestServer } from '../support/test-server';
import { percentile } from './search-queries';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(values.runs);

/** The pickers' searches: traveller origin (world), Search/Add within Nigeria (id 1), countries. */
const queries: readonly (readonly [string, QueryParameters])[] = [
  ['traveller "lim"', travellerLocationsQuery('lim', null)],
  ['traveller "san"', travellerLocationsQuery('san', null)],
  ['traveller "zür"', travellerLocationsQuery('zür', null)],
  ['within country "lag"', locationsWithinCountryQuery(1, 'lag', [])],
  ['within country "abe"', locationsWithinCountryQuery(1, 'abe', [])],
  ['countries "sou"', countriesQuery('sou')],
];

async function time(server: TestServer, parameters: QueryParameters): Promise<number> {
  const query = new URLSearchParams([
    ['api-version', '2024-07-01'],
    ...parameters.map(([k, v]) => [k, v]),
  ]);
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}/search/indexes/locations/docs?${query.toString()}`, {
    headers: { 'api-key': server.config.searchQueryKey },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search ${res.status}`);
  return performance.now() - t0;
}

async function latencies(server: TestServer): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [name, parameters] of queries) {
    const cold = await time(server, parameters);
    for (let i = 0; i < 3; i += 1) await time(server, parameters);
    const warm: number[] = [];
    for (let i = 0; i < runs; i += 1) warm.push(await time(server, parameters));
    out.set(
      name,
      `${cold.toFixed(1)} | ${percentile(warm, 50).toFixed(1)} | ${percentile(warm, 95).toFixed(1)}`,
    );
  }
  return out;
}

const count = async (server: TestServer) =>
  Number(
    rowsOf(await server.db.execute(sql`select count(*)::int as n from locations`))[0]?.['n'] ?? 0,
  );

async function bench(backend: Backend): Promise<string[]> {
  const issuer = await createTestIdentity();
  const server = await startTestServer({
    backend,
    identity: issuer.identity,
    prepare: async (db) => {
      await seed(db, { articles: 200, activities: 10 });
      await reindexAll(db);
    },
  });
  try {
    const before = await count(server);
    const seedOnly = await latencies(server);
    const t0 = performance.now();
    const report = await ensureWorldGazetteer(server.db);
    const loadMs = performance.now() - t0;
    const after = await count(server);
    const world = await latencies(server);
    const t1 = performance.now();
    await ensureWorldGazetteer(server.db);
    const checkMs = performance.now() - t1;
    return [
      `### ${backend}`,
      '',
      `Gazetteer load on the seeded database: ${(loadMs / 1000).toFixed(1)} s (build from the packages ${((report?.buildMilliseconds ?? 0) / 1000).toFixed(1)} s), ${before} → ${after} locations (${report?.added ?? 0} added, ${report?.coded ?? 0} existing rows coded); start-up check once loaded ${checkMs.toFixed(1)} ms.`,
      '',
      '| search (HTTP, ms) | seed only: cold | p50 | p95 | world: cold | p50 | p95 |',
      '|---|---|---|---|---|---|---|',
      ...queries.map(([name]) => `| ${name} | ${seedOnly.get(name)} | ${world.get(name)} |`),
      '',
    ];
  } finally {
    await server.close();
  }
}

const backends: Backend[] = [
  'pglite',
  ...(process.env['DATABASE_URL'] ? ['postgres' as const] : []),
];
const lines = [
  `## World gazetteer — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at start, ${runs} runs`,
  '',
];
for (const backend of backends) lines.push(...(await bench(backend)));
const text = lines.join('\n');
console.log(text);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'gazetteer.md'), `${text}\n`);

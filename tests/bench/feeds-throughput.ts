/**
 * Feed ingestion throughput (issues 8 and 29), part of `npm run bench:feeds`: real-size items
 * (tests/bench/feeds-real-size.ts, 2 KB of text) served as RSS 2.0 documents of 500 items by a
 * local HTTP server, one feed source each, and polled by the ingestion job as a server polls
 * them (pollDue: every due source at once): fetch, parse, tag, sign, dedupe, insert, cluster,
 * index for search (and the in-process search copy's catch-up), refresh the suggested actions. On PostgreSQL when DATABASE_URL is set (a
 * fresh database is made and dropped), else PGlite in memory. Three rounds on one database:
 * cold (a new process's first poll into an empty database), warm (the same job, another
 * `count` new items, the first ones stored) and re-poll (the warm documents served again with a
 * new ETag: every item already stored, the dedupe alone).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { Tagger } from '@domain/feeds/tagger';
import { loadServerConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { feedSources } from '@server/db/schema';
import { loadTaggingDictionary } from '@server/feeds/dictionary';
import type { IngestionTimings } from '@server/feeds/ingestion';
import { FeedIngestion } from '@server/feeds/ingestion';
import { articlesIndex } from '@server/search/index-definition';
import { MemoryEngine } from '@server/search/memory/engine';
import { rowsOf } from '@server/db/rows';
import { seed } from '@server/seed/run';
import { rss2, startFeedServer } from '../support/feed-server';
import type { LabelledItem } from './feeds-corpus';
import { realSizeItems } from './feeds-real-size';

const itemsPerDocument = 500;

export interface ThroughputRound {
  readonly round: 'cold' | 'warm' | 're-poll';
  readonly items: number;
  readonly stored: number;
  readonly seconds: number;
  readonly itemsPerSecond: number;
  /** Milliseconds per stage, summed over the polls (they overlap: the sum can pass the total). */
  readonly stages: IngestionTimings;
  readonly load: readonly [number, number];
  /**
   * CPU seconds spent: this process, and the PostgreSQL backends serving its database (read
   * from /proc; 0 on PGlite, which runs in this process). Load-independent, unlike the time.
   */
  readonly cpu: { readonly node: number; readonly postgres: number };
}

export interface FeedsThroughput {
  readonly backend: 'postgres' | 'pglite';
  readonly cores: number;
  readonly textBytes: number;
  readonly rounds: readonly ThroughputRound[];
  /** The tagger alone on the warm items, with the database's dictionary. */
  readonly tagger: { readonly microsPerItem: number; readonly places: number };
}

/** A fresh PostgreSQL database on the server of `adminUrl`, or PGlite in memory. */
async function openBenchDatabase(adminUrl: string | undefined) {
  if (!adminUrl) {
    const database = await openDatabase(
      loadServerConfig({ DATA_DIR: 'memory://', DATABASE_URL: '', LOG_LEVEL: 'silent' }),
    );
    return { database, drop: async () => {} };
  }
  const name = `ist_bench_feeds_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(
    loadServerConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' }),
  );
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const documentsOf = (items: readonly LabelledItem[], tag: string) => {
  const documents: string[] = [];
  for (let i = 0; i < items.length; i += itemsPerDocument) {
    documents.push(
      rss2(
        `bench ${tag} ${i}`,
        items.slice(i, i + itemsPerDocument).map((item) => ({
          title: item.title,
          url: item.url,
          text: item.text,
          published: new Date(item.published),
        })),
      ),
    );
  }
  return documents;
};

const minus = (after: IngestionTimings, before: IngestionTimings): IngestionTimings =>
  Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - (before[k as keyof IngestionTimings] ?? 0)]),
  ) as unknown as IngestionTimings;

/** Measures `count` items a round (a multiple of 500) of `textBytes` bytes of text. */
export async function measureThroughput(
  count = 10_000,
  textBytes = 2048,
  adminUrl = process.env['DATABASE_URL'] || undefined,
): Promise<FeedsThroughput> {
  const { database, drop } = await openBenchDatabase(adminUrl);
  const server = await startFeedServer();
  try {
    await database.migrate();
    await seed(database.db, { articles: 0, activities: 0 }, () => {});
    // The in-process search copy a server keeps (SEARCH_ENGINE=memory, the default): each
    // batch's index write waits for it to take the change in.
    const engine = MemoryEngine.open(database.db, articlesIndex);
    await engine.loaded();
    const documents = Math.ceil(count / itemsPerDocument);
    const paths = Array.from({ length: documents }, (_, i) => `/bench/${i}.xml`);
    await database.db.insert(feedSources).values(
      paths.map((path, i) => ({
        name: `bench source ${i}`,
        feedId: 10,
        url: `${server.baseUrl}${path}`,
      })),
    );
    const ingestion = new FeedIngestion(database.db, { timeoutMs: 120_000 });
    const rounds: ThroughputRound[] = [];
    const round = async (name: ThroughputRound['round'], items: readonly LabelledItem[]) => {
      documentsOf(items, name).forEach((body, i) => server.document(paths[i] ?? '', body));
      await database.db.update(feedSources).set({ lastPolledAt: null });
      await settle(database);
      const before = { ...ingestion.timings };
      const load0 = loadavg()[0] ?? 0;
      const cpu0 = process.cpuUsage();
      // Sampled each second: a backend the pool closes midway still counts what it spent.
      const ticks = new Map<number, { first: number; last: number }>();
      let sampled = false;
      const sample = async () => {
        for (const [pid, now] of await backendCpu(database)) {
          const seen = ticks.get(pid);
          if (seen) seen.last = now;
          else ticks.set(pid, { first: sampled ? 0 : now, last: now });
        }
      };
      await sample();
      sampled = true;
      const sampler = setInterval(() => void sample().catch(() => {}), 1000);
      const t0 = performance.now();
      const outcomes = await ingestion.pollDue().finally(() => clearInterval(sampler));
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      await sample();
      const postgres = [...ticks.values()].reduce((sum, t) => sum + t.last - t.first, 0);
      const failed = outcomes.filter((o) => o.status !== 'ok');
      if (failed.length > 0) throw new Error(`polls failed: ${JSON.stringify(failed[0])}`);
      const stored = outcomes.reduce((n, o) => n + (o.status === 'ok' ? o.added : 0), 0);
      rounds.push({
        round: name,
        items: items.length,
        stored,
        seconds,
        itemsPerSecond: items.length / seconds,
        stages: minus(ingestion.timings, before),
        load: [load0, loadavg()[0] ?? 0],
        cpu: { node: (cpu.user + cpu.system) / 1e6, postgres: postgres / clockTicks },
      });
    };
    const cold = realSizeItems(count, 2901, textBytes);
    const warm = realSizeItems(count, 2902, textBytes);
    await round('cold', cold);
    await round('warm', warm);
    await round('re-poll', warm);

    const dictionary = await loadTaggingDictionary(database.db);
    const tagger = new Tagger(dictionary);
    for (const item of warm.slice(0, 200)) tagger.tag(item.title, item.text);
    const t0 = performance.now();
    for (const item of warm) tagger.tag(item.title, item.text);
    const microsPerItem = ((performance.now() - t0) * 1000) / warm.length;
    engine.close();
    return {
      backend: database.driver,
      cores: cpus().length,
      textBytes,
      rounds,
      tagger: { microsPerItem, places: dictionary.places.length },
    };
  } finally {
    await server.close();
    await database.close();
    await drop();
  }
}

/** The kernel's clock ticks a second (USER_HZ: 100 on Linux). */
const clockTicks = 100;

/**
 * CPU ticks (user + system) of each PostgreSQL process on this database: its backends, from
 * pg_stat_activity, read from /proc (the server runs on this machine in the bench).
 */
async function backendCpu(database: OpenDatabase): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (database.driver !== 'postgres') return ticks;
  const rows = rowsOf(
    await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    ),
  );
  for (const row of rows) {
    const pid = Number(row['pid']);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // Not on this machine, or gone: not counted.
    }
  }
  return ticks;
}

/** PostgreSQL's statistics and dirty pages settled between rounds, so each starts alike. */
async function settle(database: OpenDatabase) {
  if (database.driver !== 'postgres') return;
  await database.db.execute(sql`analyze`);
  await database.db.execute(sql`checkpoint`);
}

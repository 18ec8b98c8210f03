import { sql } from 'drizzle-orm';
import { loadServerConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { readVersion } from '../change-log/follower';
import { reindexAll } from '../indexer';
import { pushAll, pushedIndexes, pusherIdOf } from './pusher';
import { RemoteSearchService } from './service';

/**
 * `npm run search:reindex`: rebuilds the configured service's indexes (SEARCH_URL) from the
 * tables. The local search tables are rebuilt first (`--keep-local` skips that), each remote
 * index is deleted and created again (`--keep-remote` pushes over what is there instead), then
 * every document is pushed, 1,000 a batch, with progress. The running servers' pusher goes on
 * from the change log's version read before the push: what was written meanwhile follows.
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const config = loadServerConfig();
  if (config.searchUrl === undefined) {
    throw new Error('SEARCH_URL is not set: there is no remote search service to rebuild.');
  }
  const service = new RemoteSearchService(config.searchUrl, config.searchApiKey);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (!args.has('--keep-local')) {
      console.log('search:reindex: rebuilding the local search tables from the API tables…');
      const report = await reindexAll(database.db, (m) => console.log(m));
      console.log(
        `search:reindex: ${report.articles} articles, ${report.locations} locations in ${(report.milliseconds / 1000).toFixed(1)} s`,
      );
    }
    const { version } = await readVersion(database.db);
    for (const index of pushedIndexes) {
      if (args.has('--keep-remote')) await service.ensureIndex(index);
      else {
        await service.deleteIndex(index);
        await service.createIndex(index);
      }
      const started = performance.now();
      let shown = 0;
      const pushed = await pushAll(database.db, service, index, (done, total) => {
        // About every 5 %, and the last batch.
        if (done === total || done - shown >= Math.max(1000, total / 20)) {
          shown = done;
          const seconds = (performance.now() - started) / 1000;
          console.log(
            `search:reindex: ${index.name}: ${done} / ${total} (${Math.round(done / Math.max(seconds, 0.001))} documents/s)`,
          );
        }
      });
      if (pushed.refused > 0) {
        console.log(`search:reindex: ${index.name}: the service refused ${pushed.refused}`);
      }
      console.log(
        `search:reindex: ${index.name}: ${pushed.upserted} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // The pusher need not send again what this run sent.
    await database.db.execute(sql`
      insert into search_followers (follower_id, applied, heartbeat_at)
      values (${pusherIdOf(service)}, ${version}, now())
      on conflict (follower_id) do update
        set applied = greatest(search_followers.applied, excluded.applied)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('search:reindex failed:', error);
  process.exit(1);
});

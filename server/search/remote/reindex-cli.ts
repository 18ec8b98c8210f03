import { sql } from 'drizzle-orm';
import { loadServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { openDatabase } from '../../db/client';
import { readVersion } from '../change-log/follower';
import type { IndexDefinition } from '../index-definition';
import { reindexAll } from '../indexer';
import { pushAll, pushedIndexes, pusherIdOf } from './pusher';
import { clearRefused } from './refusals';
import { RemoteSearchService } from './service';

/**
 * `npm run search:reindex`: rebuilds the configured service's indexes (SEARCH_URL) from the
 * tables. The local search tables are rebuilt first (`--keep-local` skips that), each remote
 * index is deleted and created again (`--keep-remote` pushes over what is there instead; a
 * service that refuses the delete, another IST's embedded one, is pushed over and the documents
 * the tables do not have are deleted), then every document is pushed, 1,000 a batch, with
 * progress. An index that fails does not stop the others; the command then names what it could
 * not push (documents the service refused, an index it could not reach) and exits 1, else 0.
 * The running servers' pusher goes on from the change log's version read before the push, for
 * the indexes pushed whole: what was written meanwhile follows.
 */
async function main(): Promise<number> {
  const args = new Set(process.argv.slice(2));
  const config = loadServerConfig();
  if (config.searchUrl === undefined) {
    throw new Error('SEARCH_URL is not set: there is no remote search service to rebuild.');
  }
  const service = new RemoteSearchService(
    config.searchUrl,
    config.searchApiKey,
    undefined,
    undefined,
    {
      cors: { allowedOrigins: config.searchCorsOrigins },
    },
  );
  const database = await openDatabase(config);
  const problems: string[] = [];
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
    const done: string[] = [];
    for (const index of pushedIndexes) {
      try {
        const refused = await rebuild(database.db, service, index, args.has('--keep-remote'));
        if (refused.length > 0) {
          problems.push(
            `${index.name}: the service refused ${refused.length} documents (keys ${refused.slice(0, 20).join(', ')}${refused.length > 20 ? ', …' : ''})`,
          );
        }
        done.push(index.name);
      } catch (error) {
        problems.push(`${index.name}: not pushed: ${String(error)}`);
      }
    }
    // The pusher need not send again what this run sent (each index pushed whole).
    const pusherId = pusherIdOf(service);
    await database.db.execute(sql`
      insert into search_push_indexes (service, index_name, applied)
      select ${service.url}, name, ${version}
      from jsonb_array_elements_text(${JSON.stringify(done)}::jsonb) as name
      on conflict (service, index_name) do update
        set applied = greatest(search_push_indexes.applied, excluded.applied), failures = 0`);
    if (done.length === pushedIndexes.length) {
      await database.db.execute(sql`
        insert into search_followers (follower_id, applied, heartbeat_at)
        values (${pusherId}, ${version}, now())
        on conflict (follower_id) do update
          set applied = greatest(search_followers.applied, excluded.applied)`);
    }
  } finally {
    await database.close();
  }
  if (problems.length === 0) return 0;
  console.error(`search:reindex: could not push everything:\n  ${problems.join('\n  ')}`);
  return 1;
}

/** One index deleted (or kept), created and pushed whole; the keys the service refused. */
async function rebuild(
  db: Db,
  service: RemoteSearchService,
  index: IndexDefinition,
  keepRemote: boolean,
): Promise<readonly string[]> {
  let prune = index.readOnly === true;
  if (keepRemote) await service.ensureIndex(index);
  else if (await service.deleteIndex(index)) await service.createIndex(index);
  else {
    console.log(
      `search:reindex: ${index.name}: the service keeps its index (it refused the delete): pushing over it and deleting the documents the tables do not have`,
    );
    await service.ensureIndex(index);
    prune = true;
  }
  const started = performance.now();
  let shown = 0;
  await clearRefused(db, service.url, index.name, 'all');
  const pushed = await pushAll(
    db,
    service,
    index,
    (done, total) => {
      // About every 5 %, and the last batch.
      if (done === total || done - shown >= Math.max(1000, total / 20)) {
        shown = done;
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `search:reindex: ${index.name}: ${done} / ${total} (${Math.round(done / Math.max(seconds, 0.001))} documents/s)`,
        );
      }
    },
    undefined,
    prune,
  );
  console.log(
    `search:reindex: ${index.name}: ${pushed.upserted} documents in ${((performance.now() - started) / 1000).toFixed(1)} s${pushed.deleted > 0 ? `, ${pushed.deleted} only the service had deleted` : ''}`,
  );
  if (pushed.refused > 0) {
    console.log(`search:reindex: ${index.name}: the service refused ${pushed.refused}`);
  }
  return pushed.refusedKeys;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('search:reindex failed:', error);
    process.exit(1);
  },
);

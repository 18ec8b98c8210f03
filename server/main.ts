import { buildApp } from './app';
import { loadServerConfig } from './config';
import { advisoryLocks, openDatabase } from './db/client';
import { settleOwedFigures } from './db/repositories/activity-figures';
import { FeedIngestion } from './feeds/ingestion';
import { ensureWorldGazetteer } from './gazetteer/load';
import { Lifecycle } from './http/health';
import { stopAccepting } from './http/stop-accepting';
import { createIdentity } from './identity';
import { isSearchIndexUnbuilt, reindexAll } from './search/indexer';
import { startSearchUpkeep } from './search/reconcile';
import { ChangePusher } from './search/remote/pusher';
import { RemoteSearchService } from './search/remote/service';
import { seedIfEmpty } from './seed';

/**
 * `npm start`: configuration, database (migrated, seeded when empty), identity, then the app
 * listening on config.host:config.port until SIGINT or SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadServerConfig();
  const database = await openDatabase(config);
  // Several servers starting together on one database: one migrates, seeds and builds the
  // search indexes while the others wait, then find it done.
  await database.exclusively(advisoryLocks.startup, async () => {
    await database.migrate();
    await seedIfEmpty(database.db, config, (message) => console.log(message));
    // After the seed (its inserts expect an empty table); once per gazetteer version.
    await ensureWorldGazetteer(database.db, (message) => console.log(message));
    // The one cumulative rule's stored figures owed by a migration, the seed or any other writer.
    await settleOwedFigures(database.db, null, (message) => console.log(message));
    // With SEARCH_URL too: the local tables are what the pusher sends to the service.
    if (await isSearchIndexUnbuilt(database.db)) {
      console.log('search: building the search index tables…');
      const report = await reindexAll(database.db, (message) => console.log(message));
      console.log(
        `search: indexed ${report.articles} articles and ${report.locations} locations in ${(report.milliseconds / 1000).toFixed(1)} s`,
      );
    }
  });
  const identity = await createIdentity(config, database.db);
  // Every server runs the feed ingestion job, sources or not (issue 30): the claims make each
  // poll happen once, and a killed server's sources are taken by the others.
  const ingestion = new FeedIngestion(database.db, {
    log: (message) => console.log(message),
    ...(config.feedTickMs ? { tickMs: config.feedTickMs } : {}),
    ...(config.feedTimeoutMs ? { timeoutMs: config.feedTimeoutMs } : {}),
    ...(config.feedClaimSeconds ? { claimSeconds: config.feedClaimSeconds } : {}),
  });
  const lifecycle = new Lifecycle();
  const app = await buildApp({
    config,
    db: database.db,
    identity,
    ingestion,
    startIngestionOnNewSource: true,
    lifecycle,
    poolStats: () => database.poolStats(),
    probeDatabase: database.probe?.bind(database),
  });

  let stopSearchUpkeep = (): Promise<void> => Promise.resolve();
  // SEARCH_URL set: the configured service is fed from the change log (one server at a time).
  const pusher =
    config.searchUrl === undefined
      ? undefined
      : new ChangePusher(
          database.db,
          new RemoteSearchService(config.searchUrl, config.searchApiKey, undefined, undefined, {
            cors: { allowedOrigins: config.searchCorsOrigins },
          }),
          (message) => console.log(message),
        );
  /**
   * SIGTERM (or Ctrl+C): /readyz turns 503 at once; after SHUTDOWN_DELAY_MS (time for a load
   * balancer to notice) the listener closes (stopAccepting: open connections get up to 2 s to be
   * answered before the idle ones are closed), requests in flight finish (each answered with
   * `Connection: close`), the jobs stop (a feed poll or mail round in progress completes),
   * then the identity provider and the pool close and the process exits 0. Past
   * SHUTDOWN_TIMEOUT_MS it exits 1 instead.
   */
  const stop = async (signal: NodeJS.Signals) => {
    if (lifecycle.stopping) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    lifecycle.stopping = true;
    app.log.info({ signal }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownTimeoutMs} ms: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    const upkeepStopped = stopSearchUpkeep();
    // The push ends at its next batch boundary while the requests drain (issue 30).
    const pushStopped = pusher?.stop();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      await stopAccepting(app.server, 2_000);
      await app.close();
      await pushStopped;
      // A sweep in flight is short; the first reconcile at 1,000,000 articles is not: 5 s at most.
      await Promise.race([upkeepStopped, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (pusher !== undefined) console.log('search push: stopped at a batch boundary');
      await identity.close();
      await database.close();
      console.log('IST stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  console.log(`IST is ready at ${config.publicUrl}`);
  // The index against the tables: what a killed writer left owed, missing or orphaned.
  if (config.searchReconcile) {
    stopSearchUpkeep = startSearchUpkeep(database.db, (message) => console.log(message));
  }
  if (pusher !== undefined) {
    await pusher.start();
    console.log(`search push: feeding ${config.searchUrl ?? ''}`);
  }
  ingestion.start();
}

main().catch((error: unknown) => {
  console.error('IST failed to start:', error);
  process.exit(1);
});

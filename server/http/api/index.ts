import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import type { LookupsRepository } from '../../db/repositories/lookups';
import type { FeedIngestion } from '../../feeds/ingestion';
import type { Identity } from '../../identity';
import { createApiGuard, createUserDirectory } from '../current-user';
import { sendNotFound } from '../errors';
import { activityEntriesRoutes } from './activity-entries';
import { activityReportRoutes } from './activity-reports';
import { autoSurveillanceRoutes } from './auto-surveillance';
import { assessmentRoutes } from './activity-assessments';
import { descriptionReportRoutes } from './description-reports';
import { diseaseInterestRoutes } from './disease-interests';
import { articleRoutes } from './articles';
import { countryRoutes } from './countries';
import { diseaseActivityIndexRoutes } from './disease-activities';
import { feedSourceRoutes } from './feed-sources';
import { logRoutes } from './log';
import { outboxRoutes } from './outbox';
import { lookupRoutes } from './lookups';
import { searchSettingsRoutes } from './search-settings';
import { suggestedActionRoutes } from './suggested-actions';

/** What /api route plugins may use. */
export interface ApiDeps {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly identity: Identity;
  readonly lookups: LookupsRepository;
  readonly ingestion: FeedIngestion;
  readonly startIngestionOnNewSource: boolean;
  /** Runs after a commit is stored (the mail sender's nudge). */
  readonly afterCommit?: () => void;
}

/**
 * Everything under /api: the bearer guard first (onRequest, before the body is read), then the
 * routes, one plugin per resource mirroring its URL.
 */
export const apiRoutes: FastifyPluginAsync<ApiDeps> = async (app, deps) => {
  const guard = createApiGuard(deps.identity, createUserDirectory(deps.db));
  app.addHook('onRequest', guard);
  // The guard runs for unknown /api paths too: without a token nobody can probe which exist.
  app.setNotFoundHandler(sendNotFound);

  await app.register(lookupRoutes, { lookups: deps.lookups });
  await app.register(logRoutes);
  await app.register(searchSettingsRoutes, { config: deps.config });
  await app.register(articleRoutes, { db: deps.db });
  await app.register(activityEntriesRoutes, {
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    afterCommit: deps.afterCommit ?? (() => undefined),
  });
  await app.register(outboxRoutes, { db: deps.db });
  await app.register(autoSurveillanceRoutes, { db: deps.db, publicUrl: deps.config.publicUrl });
  await app.register(activityReportRoutes, { db: deps.db });
  await app.register(descriptionReportRoutes, { db: deps.db });
  await app.register(assessmentRoutes, { db: deps.db });
  await app.register(diseaseActivityIndexRoutes, { db: deps.db });
  await app.register(countryRoutes, { db: deps.db });
  await app.register(suggestedActionRoutes, { db: deps.db });
  await app.register(diseaseInterestRoutes, { db: deps.db });
  await app.register(feedSourceRoutes, {
    db: deps.db,
    ingestion: deps.ingestion,
    startIngestionOnNewSource: deps.startIngestionOnNewSource,
  });
};

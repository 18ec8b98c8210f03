import { Schema } from 'effect';

/**
 * Feed sources API (issue 8, designed: spec 000 names the feeds but no call for their sources):
 * GET /api/feedSources (with the ingestion-health figures), POST /api/feedSources,
 * PUT /api/feedSources/{id}, DELETE /api/feedSources/{id}, POST /api/feedSources/{id}/poll.
 */

const Id = Schema.Int.pipe(Schema.positive());

/** Shortest polling interval a source may ask for (one minute). */
export const minPollingIntervalSeconds = 60;
/** Longest: one week. */
export const maxPollingIntervalSeconds = 7 * 24 * 3600;

const HttpUrl = Schema.Trim.pipe(
  Schema.filter(
    (value) => /^https?:\/\/[^\s/]+/i.test(value) || 'URL must be an http or https address',
    {
      identifier: 'HttpUrl',
    },
  ),
);

const Name = Schema.Trim.pipe(
  Schema.filter(
    (v) => (v.length > 0 && v.length <= 150) || 'Name is required (at most 150 characters)',
  ),
);

const Interval = Schema.Int.pipe(
  Schema.filter(
    (v) =>
      (v >= minPollingIntervalSeconds && v <= maxPollingIntervalSeconds) ||
      `Polling interval must be between ${minPollingIntervalSeconds} and ${maxPollingIntervalSeconds} seconds`,
  ),
);

/** POST body. */
export const FeedSourceInput = Schema.Struct({
  name: Name,
  feedId: Id,
  url: HttpUrl,
  pollingIntervalSeconds: Schema.optionalWith(Interval, { default: () => 900 }),
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
});
export type FeedSourceInput = typeof FeedSourceInput.Type;

/** PUT body: any of the fields. */
export const FeedSourceUpdate = Schema.Struct({
  name: Schema.optional(Name),
  feedId: Schema.optional(Id),
  url: Schema.optional(HttpUrl),
  pollingIntervalSeconds: Schema.optional(Interval),
  enabled: Schema.optional(Schema.Boolean),
});
export type FeedSourceUpdate = typeof FeedSourceUpdate.Type;

/** A source with its health: the last poll, success and error, and articles ingested today (UTC). */
export const FeedSource = Schema.Struct({
  id: Id,
  name: Schema.String,
  feedId: Id,
  feedName: Schema.String,
  url: Schema.String,
  pollingIntervalSeconds: Schema.Int,
  enabled: Schema.Boolean,
  lastPolledAt: Schema.NullOr(Schema.String),
  lastSuccessAt: Schema.NullOr(Schema.String),
  lastErrorAt: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String),
  consecutiveFailures: Schema.Int,
  articlesToday: Schema.Int,
  articlesTotal: Schema.Int,
});
export type FeedSource = typeof FeedSource.Type;
export const FeedSourceList = Schema.Array(FeedSource);

/** POST /api/feedSources/{id}/poll answer. */
export const PollResult = Schema.Struct({
  status: Schema.Literal('ok', 'not-modified', 'failed'),
  added: Schema.Int,
  error: Schema.NullOr(Schema.String),
  source: FeedSource,
});
export type PollResult = typeof PollResult.Type;

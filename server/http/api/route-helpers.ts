import type { FastifyRequest } from 'fastify';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { reindexArticles } from '../../search/indexer';
import { ApiError, badRequest } from '../errors';

/*
 * What the /api route modules share: id path segments and parameters, query values, and the
 * search reindex a write runs before it answers. Errors thrown here and in the repositories are
 * answered by ../error-mapping.ts.
 */

/** What the article route plugins use. */
export interface ArticleRouteDeps {
  readonly db: Db;
}

/** A path segment of digits only: ids never collide with /dataSource, /contexTag or /reports. */
export const idSegment = '(^\\d+$)';

const maxId = 2_147_483_647;

/** A positive int4 id from a path or query value, else undefined. */
export function parseId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= maxId ? id : undefined;
}

/** An id path parameter (the route's regex already allows digits only); 404 when out of range. */
export function idParam(request: FastifyRequest, name: string): number {
  const id = parseId(paramOf(request, name));
  if (id === undefined) throw new ApiError(404, [messages.notFound(request.method, request.url)]);
  return id;
}

/** A path parameter as sent. */
export function paramOf(request: FastifyRequest, name: string): string | undefined {
  const params = request.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** A query parameter as sent (the first one when repeated); '' counts as missing. */
export function queryOf(request: FastifyRequest, name: string): string | undefined {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return undefined;
  const raw: unknown = (query as Record<string, unknown>)[name];
  const value: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A required id query parameter: 400 'Required parameter … was null or undefined.' when absent. */
export function requiredIdQuery(request: FastifyRequest, name: string): number {
  const value = queryOf(request, name);
  if (value === undefined) throw badRequest([messages.requiredParameter(name)]);
  const id = parseId(value);
  if (id === undefined) throw badRequest([messages.invalidId(name)]);
  return id;
}

/**
 * Brings the search index up to date for these articles before the answer goes out, so the
 * client (and a test) finds what it just wrote. The write is already committed: a failed
 * reindex is logged, not reported (the details screen's read-only warning covers the lag).
 */
export async function reindex(request: FastifyRequest, db: Db, articleIds: readonly number[]) {
  const t0 = performance.now();
  try {
    await reindexArticles(db, articleIds);
    request.log.debug({ articleIds, ms: Math.round(performance.now() - t0) }, 'articles reindexed');
  } catch (error) {
    request.log.error({ err: error, articleIds }, 'reindexing articles failed');
  }
}

import { timingSafeEqual } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { verifiedApiClaims } from '../http/current-user';
import type { Identity } from '../identity';
import { parseIndexBatch } from './batch';
import { SearchRequestError } from './errors';
import type { SearchResult } from './execute';
import type { IndexDefinition } from './index-definition';
import { docsIndexOf, originAllowed, parseCorsOptions } from './cors';
import { azureIndexOf, defaultCorsMaxAgeSeconds, indexes } from './index-definition';
import { Recent } from './recent';
import type { RawSearchParameters, SearchRequest } from './request';
import { normaliseSearchRequest, parseSelect, rawFromBody, rawFromQueryString } from './request';
import type { SearchService } from './search-service';
import { nextTurn } from '../db/next-turn';

export interface SearchRoutesDeps {
  /** The admin key (config.searchApiKey): every operation, docs/index included. */
  readonly apiKey: string;
  /**
   * The query key (config.searchQueryKey, the browser's): searches, lookups and counts; docs/index
   * answers 403 as Azure does for a query key.
   */
  readonly queryKey: string;
  /**
   * Checks the signed-in analyst's bearer token, as the /api guard does: the browser reads with
   * it (searches, lookups, counts; never docs/index), so no key need be public.
   */
  readonly identity: Identity;
  /**
   * What answers every index operation (search-service.ts: the SQL executor, the in-memory copy);
   * its owner closes it.
   */
  readonly service: SearchService;
  /** Searches and counts at once before 503 (config.searchMaxConcurrent). */
  readonly maxConcurrentSearches?: number | undefined;
}

/**
 * A search, count or lookup request body: a search is a few kilobytes (the browser's largest,
 * articles by 100 ids, is ~4 KB); 1 MB bodies of empty arrays were how one client stalled the
 * server (issue 16). Index batches keep Azure's 16 MB.
 */
export const searchBodyLimit = 32 * 1024;
export const indexBodyLimit = 16 * 1024 * 1024;
/** Searches and counts running at once; more answer 503 with Retry-After (as Azure does when busy). */
export const defaultMaxConcurrentSearches = 16;

/** Too large for its route: 413 before the body is read (Azure's shape via the error handler). */
class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes, the most this operation takes.`);
  }
}

const readerCannotWrite =
  "Authorization failed: a query key or an analyst's token cannot upload, merge or delete documents; use an admin api-key.";

/** What a path under /search/indexes names. */
type Operation =
  | { readonly kind: 'search' }
  | { readonly kind: 'searchPost'; readonly sdkPath: boolean }
  | { readonly kind: 'count' }
  | { readonly kind: 'lookup'; readonly key: string }
  | { readonly kind: 'index' }
  | { readonly kind: 'definition' }
  | { readonly kind: 'define' }
  | { readonly kind: 'drop' };

const jsonType = 'application/json; odata.metadata=none; charset=utf-8';
const noCors =
  "CORS: this origin may not read this index (the index's corsOptions.allowedOrigins do not list it).";
const identifier = /^[A-Za-z0-9_-]+$/;

/**
 * The embedded Azure AI Search–compatible service, mounted at /search. One catch-all route
 * parses the path itself: the SDK's OData forms (`indexes('articles')`, `docs('42')`,
 * `docs/$count`) do not fit a router's parameter syntax.
 */
export const searchRoutes: FastifyPluginAsync<SearchRoutesDeps> = async (app, deps) => {
  const { service } = deps;
  const adminKey = Buffer.from(deps.apiKey);
  const queryKey = Buffer.from(deps.queryKey);
  /** Requests that came with the query key (read only). */
  const readOnly = new WeakSet<FastifyRequest>();
  /**
   * GET searches by query string, normalised: the browser repeats the same few (its list, the
   * related articles), and the parse depends on the text and the index alone. Answers are not
   * kept here (the engine keeps what stays right after a write).
   */
  const parsed = new Recent<SearchRequest>(256);
  const parsedGet = (index: IndexDefinition, request: FastifyRequest): SearchRequest => {
    const question = request.url.indexOf('?');
    return parsed.get(
      `${index.name}?${question === -1 ? '' : request.url.slice(question + 1)}`,
      () => normaliseSearchRequest(rawFromQueryString(request.query), index),
    );
  };
  const maxConcurrent = deps.maxConcurrentSearches ?? defaultMaxConcurrentSearches;
  let running = 0;
  /** Runs an expensive operation, or refuses it with 503 while `maxConcurrent` are running. */
  const bounded = async <A>(reply: FastifyReply, run: () => Promise<A>): Promise<A | undefined> => {
    if (running >= maxConcurrent) {
      void sendAzureError(
        reply.header('retry-after', '1'),
        503,
        'The service is too busy to process this search right now. Please retry shortly.',
      );
      return undefined;
    }
    running++;
    try {
      // The searches that arrived with this one are counted before any runs: on PGlite (and
      // the in-process engine) a search runs in this thread and would otherwise finish before
      // the next request is read, so 40 slow searches ran one after another, never refused,
      // and everything else waited behind them (issue 30).
      await nextTurn();
      return await run();
    } finally {
      running--;
    }
  };

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BodyTooLarge) {
      // Closing spares the server reading (and discarding) the rest of the body.
      return sendAzureError(reply.header('connection', 'close'), 413, error.message);
    }
    if (error instanceof SearchRequestError) {
      return reply.code(error.status).type(jsonType).send(error.toAzureBody());
    }
    const status = statusOf(error);
    if (status !== undefined) {
      request.log.info({ err: error }, 'search request rejected');
      return sendAzureError(reply, status, messageOf(error));
    }
    request.log.error({ err: error }, 'search request failed');
    return sendAzureError(reply, 500, 'An unexpected error occurred. It has been logged.');
  });

  // A body longer than its operation takes is refused from its Content-Length, first of all:
  // before the key or token is checked (a token's signature costs a millisecond of CPU) and
  // before a byte of the body is read.
  // Decided from the operation the path names (route(), as the handler reads it), never from
  // the URL's text: a query string cannot lift it (issue 30). Only an index batch sent with the
  // admin key gets the batch limit.
  const isIndexBatch = (request: FastifyRequest) => {
    try {
      return route(request).operation.kind === 'index';
    } catch {
      return false;
    }
  };
  const limitOf = (request: FastifyRequest) =>
    isIndexBatch(request) && !readOnly.has(request) ? indexBodyLimit : searchBodyLimit;
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = limitOf(request);
    if (length > limit) throw new BodyTooLarge(limit);
  });

  // CORS as Azure does it, from the index's corsOptions (cors.ts), before any credential check:
  // a preflight carries none, and an error answer must reach the allowed page too.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const indexName = origin === undefined ? undefined : docsIndexOf(request.url);
    if (origin === undefined || indexName === undefined || !Object.hasOwn(indexes, indexName)) {
      if (request.method === 'OPTIONS') return sendAzureError(reply, 404, noCors);
      return;
    }
    const cors = await service.corsOptions(indexName);
    const allowed = originAllowed(origin, cors);
    reply.header('vary', 'Origin');
    if (request.method !== 'OPTIONS') {
      if (allowed) reply.header('access-control-allow-origin', origin);
      return;
    }
    // A preflight: the methods the browser reads with, the headers it asks to send.
    const method = request.headers['access-control-request-method'];
    if (!allowed || (method !== 'GET' && method !== 'POST')) {
      return sendAzureError(reply, 403, noCors);
    }
    const asked = request.headers['access-control-request-headers'];
    return reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', 'GET, POST')
      .header(
        'access-control-allow-headers',
        typeof asked === 'string' ? asked : 'api-key, content-type',
      )
      .header('access-control-max-age', String(cors?.maxAgeInSeconds ?? defaultCorsMaxAgeSeconds))
      .send();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return;
    const given = request.headers['api-key'];
    if (given === undefined && request.headers.authorization !== undefined) {
      // The browser: an analyst's access token reads, as a query key does.
      const claims = await verifiedApiClaims(deps.identity, request.headers.authorization, request);
      if (claims === undefined) {
        return sendAzureError(
          reply,
          401,
          'Authorization failed: the bearer token is missing, expired or not valid for this service.',
        );
      }
      readOnly.add(request);
      return;
    }
    const key = Buffer.from(typeof given === 'string' ? given : '');
    if (keyMatches(key, queryKey)) readOnly.add(request);
    else if (!keyMatches(key, adminKey)) {
      return sendAzureError(
        reply,
        403,
        'Authorization failed: the api-key header is missing or is not a valid key for this service.',
      );
    }
  });

  // A reader's index batch is refused here, before a byte of its body is read (a 15 MB batch
  // sent with an analyst's token was parsed for 6 s before its 403; issue 30).
  app.addHook('onRequest', async (request, reply) => {
    if (readOnly.has(request) && isIndexBatch(request)) {
      return sendAzureError(reply.header('connection', 'close'), 403, readerCannotWrite);
    }
  });

  // A body longer than its operation takes is refused as soon as it outgrows the limit when
  // sent without a length (the length-declared case is refused first of all, below).
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method === 'GET') return payload;
    const limit = limitOf(request);
    let seen = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          seen += chunk.length;
          next(seen > limit ? new BodyTooLarge(limit) : null, chunk);
        },
      }),
    );
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { index, operation } = route(request);
    switch (operation.kind) {
      case 'search': {
        if (request.method !== 'GET') throw noResource(request);
        const result = await bounded(reply, () => service.search(index, parsedGet(index, request)));
        if (result === undefined) return reply;
        return sendSearch(reply, result, searchBody(result, request, index, 'GET'));
      }
      case 'searchPost': {
        if (request.method !== 'POST') throw noResource(request);
        const raw = rawFromBody(request.body);
        const result = await bounded(reply, () =>
          service.search(index, normaliseSearchRequest(raw, index)),
        );
        if (result === undefined) return reply;
        return sendSearch(reply, result, searchBody(result, request, index, 'POST', raw));
      }
      case 'count': {
        if (request.method !== 'GET') throw noResource(request);
        const count = await bounded(reply, () => service.count(index));
        if (count === undefined) return reply;
        return reply.code(200).type('text/plain; charset=utf-8').send(String(count));
      }
      case 'lookup': {
        if (request.method !== 'GET') throw noResource(request);
        const raw = rawFromQueryString(request.query);
        const select = parseSelect(raw.select ?? undefined, index);
        const document = await service.lookup(index, operation.key, select);
        if (document === undefined) {
          throw new SearchRequestError('Document not found.', undefined, 404);
        }
        return sendJson(reply, document);
      }
      case 'definition':
        return sendJson(reply, azureIndexOf(index, await service.corsOptions(index.name)));
      case 'define':
      case 'drop': {
        if (readOnly.has(request)) {
          return sendAzureError(
            reply,
            403,
            'Authorization failed: only an admin api-key can create or delete an index.',
          );
        }
        if (operation.kind === 'drop' && index.readOnly === true) {
          return sendAzureError(
            reply,
            403,
            `The index '${index.name}' is read-only here: its documents are the IST API's own records and change with them.`,
          );
        }
        if (operation.kind === 'drop') {
          // IST owns its indexes (issue 30): an admin key once emptied `articles` while /readyz
          // said ready. A rebuild pushes over the index instead (npm run search:reindex).
          return sendAzureError(
            reply,
            403,
            `The index '${index.name}' belongs to IST and cannot be deleted: its documents are rebuilt from IST's records (npm run search:reindex pushes over it).`,
          );
        }
        // Their fields are fixed too: a PUT is accepted when it asks for exactly these; its
        // corsOptions are kept (another IST's browser reads the index through them).
        const asked = JSON.stringify(fieldsOf(request.body));
        if (asked !== JSON.stringify(azureIndexOf(index)['fields'])) {
          throw new SearchRequestError(
            `The request is invalid. Details: the embedded service's index '${index.name}' has fixed fields; PUT /indexes/${index.name} must define exactly them (GET /indexes/${index.name}).`,
            undefined,
            400,
          );
        }
        await service.storeCorsOptions(index.name, parseCorsOptions(request.body));
        return reply.code(204).send();
      }
      case 'index': {
        if (request.method !== 'POST') throw noResource(request);
        // A query key only reads: second-store documents (and every other) stay as uploaded.
        if (readOnly.has(request)) {
          return sendAzureError(reply, 403, readerCannotWrite);
        }
        if (index.readOnly === true) {
          return sendAzureError(
            reply,
            403,
            `The index '${index.name}' is read-only here: its documents are the IST API's own records and change with them.`,
          );
        }
        const batch = parseIndexBatch(request.body, index);
        const results = await service.applyBatch(index, batch);
        return reply
          .code(results.every((r) => r.status) ? 200 : 207)
          .type(jsonType)
          .send({ value: results });
      }
    }
  };

  app.route({
    // OPTIONS: CORS preflights, answered by the hook above.
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    // The most of any operation (Azure's 16 MB batches); each operation's own limit is checked
    // by the hooks above.
    bodyLimit: indexBodyLimit,
    handler,
  });
  app.route({ method: ['GET', 'POST'], url: '/', handler });
};

/** Constant-time comparison of the given key with an expected one. */
function keyMatches(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sendAzureError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type(jsonType)
    .send({ error: { code: '', message } });
}

function sendJson(reply: FastifyReply, body: unknown) {
  return reply.code(200).type(jsonType).send(body);
}

/**
 * A search answer: the documents the in-process engine keeps as UTF-8 JSON are copied into one
 * buffer as they are, each after its score (no parse, no second serialisation, no encoding of a
 * 170 kB string per request); the other members go through JSON.stringify.
 */
function sendSearch(reply: FastifyReply, result: SearchResult, body: Record<string, unknown>) {
  const serialised = result.serialised;
  if (serialised === undefined) return sendJson(reply, body);
  const before: string[] = [];
  const after: string[] = [];
  let valueSeen = false;
  for (const [name, value] of Object.entries(body)) {
    if (name === 'value') valueSeen = true;
    else (valueSeen ? after : before).push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  }
  const head = `{${before.map((member) => `${member},`).join('')}"value":[`;
  const tail = `]${after.map((member) => `,${member}`).join('')}}`;
  const { documents, scores } = serialised;
  // ASCII: a number and punctuation. A document's bytes follow without their opening brace.
  const prefixes = documents.map(
    (document, i) =>
      `${i === 0 ? '' : ','}{"@search.score":${JSON.stringify(scores[i] ?? 1)}${document.length > 2 ? ',' : ''}`,
  );
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
  documents.forEach((document, i) => (length += (prefixes[i] ?? '').length + document.length - 1));
  const answer = Buffer.allocUnsafe(length);
  let at = answer.write(head, 0);
  documents.forEach((document, i) => {
    at += answer.write(prefixes[i] ?? '', at, 'latin1');
    at += document.copy(answer, at, 1);
  });
  answer.write(tail, at);
  return reply.code(200).type(jsonType).send(answer);
}

const noResource = (request: FastifyRequest) =>
  new SearchRequestError(
    `No HTTP resource was found that matches the request URI '${request.url.split('?', 1)[0] ?? ''}' for ${request.method}.`,
    undefined,
    404,
  );

/**
 * Parses `/search/indexes/{index}/…` or `/search/indexes('{index}')/…` and the document
 * operation after it.
 */
function route(request: FastifyRequest): { index: IndexDefinition; operation: Operation } {
  const path = request.url.split('?', 1)[0] ?? '';
  const rest = path.replace(/^\/search\/?/, '');
  const segments = rest.split('/').map(decodeSegment);
  const [indexesSegment, second, docs, operation, ...extra] = segments;
  let indexName: string | undefined;
  let docsSegment: string | undefined;
  let operationSegment: string | undefined;
  let tail: string[] = [];
  const odata = indexesSegment === undefined ? null : /^indexes\('(.*)'\)$/.exec(indexesSegment);
  if (odata) {
    indexName = odata[1];
    docsSegment = second;
    operationSegment = docs;
    tail = operation === undefined ? extra : [operation, ...extra];
  } else if (indexesSegment === 'indexes') {
    indexName = second;
    docsSegment = docs;
    operationSegment = operation;
    tail = extra;
  }
  if (indexName === undefined) throw noResource(request);
  const index =
    identifier.test(indexName) && Object.hasOwn(indexes, indexName)
      ? indexes[indexName]
      : undefined;
  if (index === undefined) {
    throw new SearchRequestError(`The index '${indexName}' was not found.`, undefined, 404);
  }
  if (tail.length > 0) throw noResource(request);
  // GET /indexes/{name}: the definition (a pusher looks before it creates a missing index).
  if (docsSegment === undefined || docsSegment === '') {
    if (request.method === 'GET') return { index, operation: { kind: 'definition' } };
    if (request.method === 'PUT') return { index, operation: { kind: 'define' } };
    if (request.method === 'DELETE') return { index, operation: { kind: 'drop' } };
    throw noResource(request);
  }
  const lookup = /^docs\('((?:[^']|'')*)'\)$/.exec(docsSegment);
  if (lookup && operationSegment === undefined) {
    return { index, operation: { kind: 'lookup', key: (lookup[1] ?? '').replace(/''/g, "'") } };
  }
  if (docsSegment !== 'docs') throw noResource(request);
  switch (operationSegment) {
    case undefined:
    case '':
      return { index, operation: { kind: 'search' } };
    case 'search':
    case 'search.post.search':
      if (request.method === 'POST') {
        return {
          index,
          operation: { kind: 'searchPost', sdkPath: operationSegment !== 'search' },
        };
      }
      break;
    case '$count':
      return { index, operation: { kind: 'count' } };
    case 'index':
    case 'search.index':
      if (request.method === 'POST') return { index, operation: { kind: 'index' } };
      break;
  }
  if (request.method === 'GET')
    return { index, operation: { kind: 'lookup', key: operationSegment } };
  throw noResource(request);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The search answer as Azure words it; a $top above the page maximum continues through
 * `@odata.nextLink` (GET) or `@search.nextPageParameters` plus the POST URL.
 */
function searchBody(
  result: SearchResult,
  request: FastifyRequest,
  index: IndexDefinition,
  method: 'GET' | 'POST',
  raw: RawSearchParameters = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (result.count !== undefined) {
    body['@odata.count'] = result.count.value;
    // IST's own annotation: the SDK's deserialiser reads only the members it knows.
    if (result.count.approximate) body['@search.countIsApproximate'] = true;
  }
  const next = result.next;
  if (next !== undefined && method === 'POST') {
    body['@search.nextPageParameters'] = { ...withoutNulls(raw), skip: next.skip, top: next.top };
  }
  // Kept in its place; sendSearch splices in the serialised documents when there are some.
  body['value'] = result.serialised === undefined ? result.value : [];
  if (next !== undefined) {
    const origin = `${request.protocol}://${request.host}`;
    const base = `${origin}/search/indexes('${index.name}')/docs`;
    const apiVersion = (request.query as Record<string, unknown> | undefined)?.['api-version'];
    const version = typeof apiVersion === 'string' ? apiVersion : undefined;
    if (method === 'POST') {
      body['@odata.nextLink'] =
        `${base}/search.post.search${version === undefined ? '' : `?api-version=${encodeURIComponent(version)}`}`;
    } else {
      const query = new URLSearchParams(
        Object.entries(request.query as Record<string, string>).filter(
          ([k]) => k !== '$skip' && k !== '$top',
        ),
      );
      query.set('$skip', String(next.skip));
      query.set('$top', String(next.top));
      body['@odata.nextLink'] = `${base}?${query.toString()}`;
    }
  }
  return body;
}

function withoutNulls(raw: RawSearchParameters): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
}

/** A client error's status: fastify's own 4xx (bad JSON, body too large) or a data exception. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  // SQLSTATE class 22 (data exception): a literal PostgreSQL could not take, e.g. a date out of
  // range in $filter. The request was bad, not the server.
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === 'string' && code.startsWith('22')) return 400;
  return undefined;
}

function messageOf(error: unknown): string {
  // Drizzle wraps driver errors in one whose message holds the SQL: show the driver's.
  const cause = error instanceof Error ? error.cause : undefined;
  const source = cause instanceof Error ? cause : error;
  const message = source instanceof Error ? source.message : String(source);
  return `The request is invalid. Details: ${message.split('\n', 1)[0] ?? ''}`;
}

/** The `fields` of an index definition body, each with the attributes Azure's PUT takes. */
function fieldsOf(body: unknown): unknown {
  const fields =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['fields'] : [];
  if (!Array.isArray(fields)) return [];
  const attributes = ['name', 'type', 'key', 'searchable', 'filterable', 'sortable', 'facetable'];
  return fields.map((f: unknown) => {
    const given = typeof f === 'object' && f !== null ? (f as Record<string, unknown>) : {};
    return Object.fromEntries([
      ...attributes.map((a) => [a, given[a] ?? (a === 'name' || a === 'type' ? null : false)]),
      ['retrievable', given['retrievable'] ?? true],
    ]);
  });
}

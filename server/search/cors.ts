import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SearchRequestError } from './errors';
import { rowsOf } from '../db/rows';
import type { CorsOptions } from './index-definition';

/**
 * The embedded service's CORS, as Azure AI Search does it: per index, from the `corsOptions` a
 * PUT /indexes/{name} gave (search_index_cors, migration 0022). A browser script on an allowed
 * origin may read the index's documents; any other origin gets no CORS header (the browser then
 * withholds the answer). No corsOptions: no cross-origin access at all (Azure's default).
 */

/** How long a server keeps an index's options before reading them again (another server's PUT). */
const cacheMs = 5_000;
const cached = new WeakMap<Db, Map<string, { at: number; cors: CorsOptions | undefined }>>();

/** An index's corsOptions (undefined: none). */
export async function corsOptionsOf(db: Db, index: string): Promise<CorsOptions | undefined> {
  const byIndex = cached.get(db) ?? new Map();
  cached.set(db, byIndex);
  const hit = byIndex.get(index);
  if (hit !== undefined && performance.now() - hit.at < cacheMs) return hit.cors;
  const row = rowsOf(
    await db.execute(sql`
      select allowed_origins as "allowedOrigins", max_age_seconds as "maxAgeSeconds"
      from search_index_cors where index_name = ${index}`),
  )[0];
  const cors =
    row === undefined
      ? undefined
      : {
          allowedOrigins: (row['allowedOrigins'] as string[]).map(String),
          ...(row['maxAgeSeconds'] === null || row['maxAgeSeconds'] === undefined
            ? {}
            : { maxAgeInSeconds: Number(row['maxAgeSeconds']) }),
        };
  byIndex.set(index, { at: performance.now(), cors });
  return cors;
}

/** Stores (or, undefined, removes) an index's corsOptions, as a PUT of its definition does. */
export async function storeCorsOptions(
  db: Db,
  index: string,
  cors: CorsOptions | undefined,
): Promise<void> {
  if (cors === undefined) {
    await db.execute(sql`delete from search_index_cors where index_name = ${index}`);
  } else {
    await db.execute(sql`
      insert into search_index_cors (index_name, allowed_origins, max_age_seconds)
      values (${index}, array(select jsonb_array_elements_text(${JSON.stringify(cors.allowedOrigins)}::jsonb)),
        ${cors.maxAgeInSeconds ?? null})
      on conflict (index_name) do update
        set allowed_origins = excluded.allowed_origins, max_age_seconds = excluded.max_age_seconds`);
  }
  cached.get(db)?.delete(index);
}

const originPattern = /^https?:\/\/[^/\s]+$/;

/**
 * The `corsOptions` of a PUT /indexes/{name} body, validated as Azure states them: a list of
 * origins `{protocol}://{host}[:{port}]`, or a single '*'; maxAgeInSeconds a whole number.
 */
export function parseCorsOptions(body: unknown): CorsOptions | undefined {
  const given =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)['corsOptions']
      : undefined;
  if (given === undefined || given === null) return undefined;
  const bad = (why: string) =>
    new SearchRequestError(`The request is invalid. Details: corsOptions: ${why}`, undefined, 400);
  if (typeof given !== 'object' || Array.isArray(given)) throw bad('must be an object.');
  const { allowedOrigins, maxAgeInSeconds } = given as Record<string, unknown>;
  if (!Array.isArray(allowedOrigins) || allowedOrigins.length === 0) {
    throw bad('allowedOrigins must be a non-empty list of origins.');
  }
  const origins = allowedOrigins.map((o: unknown) => (typeof o === 'string' ? o : ''));
  const valid =
    origins.every((o) => originPattern.test(o)) || (origins.length === 1 && origins[0] === '*');
  if (!valid) {
    throw bad("allowedOrigins takes origins such as https://host:port, or a single '*'.");
  }
  if (
    maxAgeInSeconds !== undefined &&
    maxAgeInSeconds !== null &&
    !(
      typeof maxAgeInSeconds === 'number' &&
      Number.isInteger(maxAgeInSeconds) &&
      maxAgeInSeconds >= 0
    )
  ) {
    throw bad('maxAgeInSeconds must be a whole number of seconds.');
  }
  return {
    allowedOrigins: origins,
    ...(typeof maxAgeInSeconds === 'number' ? { maxAgeInSeconds } : {}),
  };
}

/** Whether a browser on `origin` may read an index with these options. */
export function originAllowed(origin: string, cors: CorsOptions | undefined): boolean {
  if (cors === undefined) return false;
  return cors.allowedOrigins.includes('*') || cors.allowedOrigins.includes(origin);
}

/**
 * The index a docs path names (`/search/indexes/{i}/docs…` or `/search/indexes('{i}')/docs…`):
 * CORS covers reading documents, not managing the index.
 */
export function docsIndexOf(url: string): string | undefined {
  const path = url.split('?', 1)[0] ?? '';
  const match =
    /^\/search\/indexes(?:\/([A-Za-z0-9_-]+)|\('([A-Za-z0-9_-]+)'\))\/docs(?:[/(]|$)/.exec(path);
  return match === null ? undefined : (match[1] ?? match[2]);
}

import { Either, Schema } from 'effect';
import { encodeQuery, type QueryParameters } from '@domain/article-search/query';

/** Sent when the configured search URL names no api-version (Azure requires one). */
export const searchApiVersion = '2024-07-01';

/** What a search service client reads on every call, so a new URL or key applies at once. */
export interface SearchServiceSettings {
  /** The index's docs URL from /config.json; throws when the engine has none. */
  url(): string;
  /**
   * The credential headers (search-auth.ts): the `api-key` a real Azure service takes, or the
   * analyst's bearer token for the embedded service.
   */
  headers(): Promise<Readonly<Record<string, string>>>;
}

/** A search service failure: logged and swallowed (spec 000 §8). */
export class SearchFailure extends Error {}

/** The answer was 404 (a docs('{id}') lookup of a document not in the index). */
export class NotFound extends Error {}

/** Sends one call to an index of the search service and decodes its answer. */
export type SearchServiceSend = <A, I>(
  method: 'GET' | 'POST',
  pathSuffix: string,
  parameters: QueryParameters,
  schema: Schema.Schema<A, I>,
  body?: unknown,
) => Promise<A>;

/**
 * The one place the engine calls `fetch` for the search service (articles and locations
 * indexes): GET or POST with the credential headers, decoded with effect Schema. Cookies are
 * never sent; the bearer token only when the IST API says the search service is its own.
 */
export function createSearchServiceSender(settings: SearchServiceSettings): SearchServiceSend {
  return async function send<A, I>(
    method: 'GET' | 'POST',
    pathSuffix: string,
    parameters: QueryParameters,
    schema: Schema.Schema<A, I>,
    body?: unknown,
  ): Promise<A> {
    const { url, path } = urlOf(settings.url(), pathSuffix, parameters);
    let credentials: Readonly<Record<string, string>>;
    try {
      credentials = await settings.headers();
    } catch (cause) {
      throw new SearchFailure(`${method} ${path}: no search settings: ${describe(cause)}`);
    }
    const headers = new Headers({ Accept: 'application/json', ...credentials });
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(body);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, init);
      text = await response.text();
    } catch (cause) {
      throw new SearchFailure(`${method} ${path} failed: ${describe(cause)}`);
    }
    if (response.status === 404 && method === 'GET' && pathSuffix !== '') throw new NotFound();
    if (!response.ok) {
      throw new SearchFailure(`${method} ${path} answered ${response.status}${azureMessage(text)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new SearchFailure(`${method} ${path} answered invalid JSON`);
    }
    const decoded = Schema.decodeUnknownEither(schema)(json);
    if (Either.isLeft(decoded)) {
      throw new SearchFailure(
        `${method} ${path} answered an unexpected body: ${decoded.left.message}`,
      );
    }
    return decoded.right;
  };
}

/**
 * The request URL: the configured URL (which may carry its own query, e.g. api-version) plus
 * the path suffix and parameters; `path` is what logs show (no origin, no query: queries hold
 * what analysts typed).
 */
function urlOf(
  base: string,
  pathSuffix: string,
  parameters: QueryParameters,
): { url: string; path: string } {
  const [rawPath = '', rawQuery = ''] = base.split('?', 2);
  const basePath = rawPath.replace(/\/+$/, '') + pathSuffix;
  const query = [rawQuery, encodeQuery(parameters)].filter((q) => q !== '');
  if (!/(^|&)api-version=/.test(rawQuery)) query.push(`api-version=${searchApiVersion}`);
  const url = `${basePath}?${query.join('&')}`;
  let path = basePath;
  try {
    path = new URL(basePath).pathname;
  } catch {
    // A relative URL ('/search/…'): fetch resolves it against the worker's location.
  }
  return { url, path };
}

/** ': message' from Azure's `{"error":{"message"}}`, or nothing. */
function azureMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error } = body;
      if (typeof error === 'object' && error !== null && 'message' in error) {
        return typeof error.message === 'string' ? `: ${error.message}` : '';
      }
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return '';
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

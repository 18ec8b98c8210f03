import { Either, Schema } from 'effect';
import { hasErrorList } from '@domain/api-errors';
import type { HttpMethod } from './engine-failures';
import { ApiError, DecodeError, NetworkError } from './errors';

/** One call to the IST API. */
export interface ApiCall<A, I> {
  readonly method: HttpMethod;
  /** Path below the API base URL, starting with '/', e.g. '/lookups'. */
  readonly path: string;
  /** Sent as JSON when present. */
  readonly body?: unknown;
  /** Extra request headers (e.g. If-Match on an entries write). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Decodes the answer's JSON body (use `Schema.Unknown` when the answer does not matter). */
  readonly schema: Schema.Schema<A, I>;
}

/** What the client reads on every call, so a new token or base URL applies at once. */
export interface ApiClientSettings {
  /** The API base URL (EngineOptions.apiUrl); throws when the engine has none yet. */
  apiUrl(): string;
  /** The current bearer token, or null to send no Authorization header. */
  accessToken(): string | null;
  /** Resolves once a first token has been set (or the wait gave up); calls wait for it. */
  firstToken?(): Promise<void>;
}

/** The one place the engine calls `fetch` for the IST API. */
export interface ApiClient {
  /** Sends the call; resolves with the decoded body or rejects with an {@link ApiCallError}. */
  request<A, I>(call: ApiCall<A, I>): Promise<A>;
}

/** A client that sends bearer token and credentials, JSON in and out, and decodes answers. */
export function createApiClient(settings: ApiClientSettings): ApiClient {
  return {
    async request<A, I>(call: ApiCall<A, I>): Promise<A> {
      const url = settings.apiUrl().replace(/\/+$/, '') + call.path;
      const path = pathOf(url);
      const { method } = call;
      const headers = new Headers({ Accept: 'application/json' });
      if (settings.accessToken() === null) await settings.firstToken?.();
      const token = settings.accessToken();
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
      const init: RequestInit = { method, headers, credentials: 'include' };
      if (call.body !== undefined) {
        headers.set('Content-Type', 'application/json');
        init.body = JSON.stringify(call.body);
      }

      let response: Response;
      let text: string;
      try {
        response = await fetch(url, init);
        text = await response.text();
      } catch (cause) {
        throw new NetworkError({
          method,
          path,
          message: `${method} ${path} failed: ${describe(cause)}`,
        });
      }

      const body = parseJson(text);
      if (!response.ok) {
        const errors = hasErrorList(body.value) ? body.value.errors : [];
        throw new ApiError({
          method,
          path,
          status: response.status,
          errors,
          message: `${method} ${path} answered ${response.status}`,
        });
      }
      if (!body.ok) {
        throw new DecodeError({ method, path, message: `${method} ${path} answered invalid JSON` });
      }
      const decoded = Schema.decodeUnknownEither(call.schema)(body.value);
      if (Either.isLeft(decoded)) {
        throw new DecodeError({
          method,
          path,
          message: `${method} ${path} answered an unexpected body: ${decoded.left.message}`,
        });
      }
      return decoded.right;
    },
  };
}

/** An empty body (204, or 200 with nothing) reads as undefined. */
function parseJson(text: string): { ok: boolean; value: unknown } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, value: undefined };
  }
}

/** The URL's path, without origin or query (queries may hold what analysts typed). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    // A relative base URL ('/api'): fetch resolves it against the worker's location.
    return url.split('?')[0] ?? url;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** HTTP methods the engine uses against the IST API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Why an engine call rejected. The rejection the UI receives is an `Error` carrying these
 * fields (the worker serialises them across Comlink), so features narrow on `_tag`.
 */
export type EngineFailure = ApiFailure | NetworkFailure | DecodeFailure | RequiredParameterFailure;

/** The API answered with a non-2xx status; `errors` is the body's errors list (or empty). */
export interface ApiFailure {
  readonly _tag: 'ApiError';
  readonly message: string;
  readonly method: HttpMethod;
  /** The URL path called, e.g. /api/lookups (no origin, no query). */
  readonly path: string;
  readonly status: number;
  readonly errors: readonly string[];
}

/** The request never got an answer (offline, DNS, CORS, server down). */
export interface NetworkFailure {
  readonly _tag: 'NetworkError';
  readonly message: string;
  readonly method: HttpMethod;
  readonly path: string;
}

/** The API answered 2xx with a body that does not match the expected schema. */
export interface DecodeFailure {
  readonly _tag: 'DecodeError';
  readonly message: string;
  readonly method: HttpMethod;
  readonly path: string;
}

/** A required API parameter was null or undefined (spec 000 §7); `parameter` names it. */
export interface RequiredParameterFailure {
  readonly _tag: 'RequiredParameterError';
  readonly message: string;
  readonly parameter: string;
}

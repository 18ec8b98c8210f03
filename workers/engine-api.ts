import type { Lookups } from '../src/domain/lookups';
import type { JsLogEntry } from '../src/domain/log';

/**
 * The engine's contract: the one typed interface the UI reaches through Comlink.
 * Only plain, structured-cloneable data crosses it. The UI imports these types only.
 */

/** Callbacks the UI hands the engine (wrapped with Comlink.proxy on the UI side). */
export interface EngineCallbacks {
  /** An API call answered 401: the UI signs the user out. */
  onUnauthorized(): void;
  /** An API call answered 400/500 with errors: the UI shows this text ('IST Error: …') as an alert. */
  onApiError(alertText: string): void;
}

export interface EngineOptions {
  /** API base URL from /config.json, e.g. http://localhost:5000/api */
  readonly apiUrl: string;
}

export interface EngineApi {
  /** Called once after sign-in; later calls replace options and callbacks. */
  init(options: EngineOptions, callbacks: EngineCallbacks): Promise<void>;
  /** The current bearer access token (null after sign-out). Every API call carries it. */
  setAccessToken(token: string | null): Promise<void>;
  /** GET /api/lookups once; later calls answer from memory. */
  getLookups(): Promise<Lookups>;
  /** POST /api/log/js. Never throws. */
  log(entry: JsLogEntry): Promise<void>;
}

import { istErrorText } from '@domain/api-errors';
import type { JsLogEntry } from '@domain/log';
import type { EngineCallbacks } from './engine-contract';
import type { ApiCallError } from './errors';

/** What the rules act on: the UI's callbacks (absent before init) and the raw log sender. */
export interface ErrorRuleContext {
  readonly callbacks: EngineCallbacks | undefined;
  /** Sends to POST /api/log/js without these rules, and never rejects (no recursion). */
  readonly sendLog: (entry: JsLogEntry) => Promise<void>;
}

/**
 * Applies spec 000 §8 to a failed API call: 401 signs the user out; 400 or 500 with a
 * non-empty errors list shows 'IST Error: …'; every API error goes to the server log.
 * The caller still rethrows the error so features can react.
 */
export function applyErrorRules(error: ApiCallError, context: ErrorRuleContext): void {
  const { callbacks } = context;
  if (error._tag === 'ApiError') {
    if (error.status === 401) notify(() => callbacks?.onUnauthorized());
    if ((error.status === 400 || error.status === 500) && error.errors.length > 0) {
      const alertText = istErrorText(error.errors);
      notify(() => callbacks?.onApiError(alertText));
    }
  }
  void context.sendLog({ logLevel: 'error', message: logMessage(error) });
}

/** 'API error: GET /api/lookups answered 500: a. b' — method, path and status first. */
export function logMessage(error: ApiCallError): string {
  let message = `API error: ${error.message}`;
  if (error._tag === 'ApiError' && error.errors.length > 0) {
    message += `: ${error.errors.join('. ')}`;
  }
  return message;
}

/**
 * Calls a UI callback. Through Comlink it returns a promise that rejects if the UI side is
 * gone; a failed notification must not hide the API error, so it is dropped.
 */
function notify(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // The UI callback threw synchronously (direct use, not through Comlink): same reasoning.
  }
}

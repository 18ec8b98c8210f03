import type { ApiCall } from './api-client';
import type { ApiCallError } from './errors';

/** How a failed call is reported (spec 000 §8). */
export interface FailureReport {
  /**
   * Whether a 400/500 with errors shows the 'IST Error: …' alert. Off for the article update
   * ("No user message is shown") and the source lookup (the form clears its fields instead).
   * 401 still signs out and every failure is still logged.
   */
  readonly alert: boolean;
}

/**
 * What every engine module that calls the IST API is given (articles, activities, details,
 * dialogs, feeds, disease interests): send a call, and report a failed one.
 */
export interface ApiCallDeps {
  /** Sends a call to the IST API without the error rules; rejects with an ApiCallError. */
  request<A, I>(call: ApiCall<A, I>): Promise<A>;
  /** Applies the spec 000 §8 rules to a failed call (sign-out, alert, server log). */
  report(error: ApiCallError, how: FailureReport): void;
}

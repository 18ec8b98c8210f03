import type { SearchSettings } from '@domain/search-settings';

/** The credentials every search service call carries, decided once per API. */
export interface SearchAuthorization {
  /** The `api-key` header (a real Azure service) or the analyst's bearer token (the embedded one). */
  headers(): Promise<Readonly<Record<string, string>>>;
  /** Forgets the settings (a new API URL). */
  reset(): void;
}

/**
 * Reads GET /api/searchSettings once (signed in; a failure is retried on the next call) and
 * answers the headers for the search service: the query key it hands out, or, when it hands
 * none out, the current access token. The public /config.json carries no key.
 */
export function createSearchAuthorization(deps: {
  readonly settings: () => Promise<SearchSettings>;
  readonly accessToken: () => string | null;
  /**
   * Resolves once a token is set: the UI may search before it has handed the engine the
   * token (the engine starts first), and the settings call needs it.
   */
  readonly signedIn: () => Promise<void>;
}): SearchAuthorization {
  let settings: Promise<SearchSettings> | undefined;
  return {
    async headers() {
      if (deps.accessToken() === null) await deps.signedIn();
      settings ??= deps.settings().catch((error: unknown) => {
        settings = undefined;
        throw error;
      });
      const { searchApiKey } = await settings;
      if (searchApiKey !== null) return { 'api-key': searchApiKey };
      const token = deps.accessToken();
      return token === null ? {} : { Authorization: `Bearer ${token}` };
    },
    reset() {
      settings = undefined;
    },
  };
}

import type { Lookups } from '@domain/lookups';

/** Lookups held in memory for the worker's lifetime (spec 000 §3: "loaded once"). */
export interface LookupsCache {
  /** The lookups; the first caller starts the request and concurrent callers share it. */
  get(): Promise<Lookups>;
  /** Forgets the lookups (another API base URL); the next `get` asks again. */
  clear(): void;
}

/**
 * Caches the promise, not the value, so callers arriving while GET /api/lookups is in flight
 * share that one request. A failed request is not kept: the next caller tries again.
 */
export function createLookupsCache(load: () => Promise<Lookups>): LookupsCache {
  let pending: Promise<Lookups> | undefined;
  return {
    get() {
      if (pending) return pending;
      const request = load();
      pending = request;
      request.catch(() => {
        if (pending === request) pending = undefined;
      });
      return request;
    },
    clear() {
      pending = undefined;
    },
  };
}

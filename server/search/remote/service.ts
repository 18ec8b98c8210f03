import type { CorsOptions, IndexDefinition } from '../index-definition';
import { azureIndexOf, defaultCorsMaxAgeSeconds } from '../index-definition';

/** The REST API version sent to the configured service (the SDK tests use the same). */
export const apiVersion = '2024-07-01';

/** One docs/index action as sent: the key and fields, or the key alone for a delete. */
export type PushAction = Readonly<Record<string, unknown>> & {
  readonly '@search.action': 'mergeOrUpload' | 'delete';
};

/** How a batch is retried: attempts in all, the first back-off (doubling), its ceiling. */
export interface RetryPolicy {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultRetry: RetryPolicy = { attempts: 6, firstDelayMs: 250, maxDelayMs: 10_000 };

/** What one pushed batch came to: items the service refused for good are reported, not retried. */
export interface PushOutcome {
  readonly indexed: number;
  readonly refused: readonly { key: string; statusCode: number; errorMessage: string }[];
}

/**
 * Per-item status codes Azure documents as worth retrying in a 207 (a conflict, the index busy,
 * throttled, unavailable); others (400 a bad document, 404 a merge of a missing one) will not
 * change on a retry.
 */
const retryableItem = new Set([409, 422, 429, 500, 503]);

/** A status of the whole request worth retrying after a back-off. */
const retryableStatus = (status: number) => status === 429 || status === 503 || status >= 500;

interface ItemResult {
  readonly key: string;
  readonly status: boolean;
  readonly statusCode: number;
  readonly errorMessage?: string | null;
}

/** A request the service refused for good (a wrong key, a bad definition, a refused index). */
export class RemoteSearchError extends Error {
  constructor(
    message: string,
    /** The service's HTTP status (4xx). */
    readonly status: number,
  ) {
    super(message);
  }
}

/** The service was told to stop (RemoteSearchService.abort): a request or wait cut short. */
export class PushStopped extends Error {}

/** What ensureIndex did. */
export type Ensured = 'created' | 'updated' | 'unchanged';

export interface RemoteSearchOptions {
  /**
   * The `corsOptions` every index IST creates or updates gets (config SEARCH_CORS_ORIGINS), so
   * the browser may read it from IST's origin; an index whose corsOptions differ is updated.
   */
  readonly cors?: CorsOptions;
}

/**
 * A client of an Azure AI Search service's REST API (or a stand-in speaking it: another IST's
 * embedded service), with the admin key: index definitions and docs/index batches, retried
 * with back-off on 429, 503 and the retryable items of a 207.
 */
export class RemoteSearchService {
  /** Aborted by abort(): requests in flight end at once. */
  private readonly stopping = new AbortController();
  /** Aborted by abort() or abortWaits(): back-off waits end at once. */
  private readonly waits = new AbortController();

  constructor(
    readonly url: string,
    private readonly apiKey: string,
    private readonly retry: RetryPolicy = defaultRetry,
    /** The back-off wait (tests pass none); by default `wait`, which abort() cuts short. */
    private readonly sleep?: (ms: number) => Promise<void>,
    private readonly options: RemoteSearchOptions = {},
  ) {}

  /** Ends every request in flight and every wait (shutdown): they throw PushStopped. */
  abort(): void {
    this.waits.abort();
    this.stopping.abort();
  }

  /** Ends every back-off wait (shutdown); a request in flight is still answered. */
  abortWaits(): void {
    this.waits.abort();
  }

  /** A wait cut short by abort() or abortWaits(). */
  wait(ms: number): Promise<void> {
    const signal = this.waits.signal;
    if (signal.aborted) return Promise.reject(new PushStopped('stopping'));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new PushStopped('stopping'));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    if (this.stopping.signal.aborted) throw new PushStopped('stopping');
    try {
      return await fetch(`${this.url}${path}?api-version=${apiVersion}`, {
        method,
        headers: {
          'api-key': this.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.any([AbortSignal.timeout(60_000), this.stopping.signal]),
      });
    } catch (error) {
      if (this.stopping.signal.aborted) throw new PushStopped('stopping');
      throw error;
    }
  }

  /**
   * Creates the index when the service has none by that name, or updates it (PUT) when its
   * corsOptions are not the configured ones: Azure takes a changed corsOptions on an existing
   * index without rebuilding it.
   */
  async ensureIndex(index: IndexDefinition): Promise<Ensured> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const found = await this.request('GET', path);
    if (found.ok) {
      const existing = (await found.json().catch(() => ({}))) as { corsOptions?: unknown };
      if (sameCors(existing.corsOptions, this.options.cors)) return 'unchanged';
      await this.createIndex(index);
      return 'updated';
    }
    await found.body?.cancel();
    if (found.status !== 404) {
      throw new RemoteSearchError(`GET ${path}: ${found.status}`, found.status);
    }
    await this.createIndex(index);
    return 'created';
  }

  /** PUT /indexes/{name} with the embedded service's fields and the configured corsOptions. */
  async createIndex(index: IndexDefinition): Promise<void> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const created = await this.request('PUT', path, azureIndexOf(index, this.options.cors));
    const text = await created.text();
    if (!created.ok) {
      throw new RemoteSearchError(`PUT ${path}: ${created.status} ${text}`, created.status);
    }
  }

  /**
   * DELETE /indexes/{name} (a rebuild starts empty); a missing index is fine. False when the
   * service refuses to delete it (another IST's embedded service keeps its indexes, issue 30):
   * the caller pushes over it instead.
   */
  async deleteIndex(index: IndexDefinition): Promise<boolean> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const deleted = await this.request('DELETE', path);
    const text = await deleted.text();
    if (deleted.status === 403 || deleted.status === 405 || deleted.status === 409) return false;
    if (!deleted.ok && deleted.status !== 404) {
      throw new RemoteSearchError(`DELETE ${path}: ${deleted.status} ${text}`, deleted.status);
    }
    return true;
  }

  /**
   * Every key the service's index holds, 1,000 a page (docs/search, `*`, only the key field):
   * for a small index pushed whole, to delete what the local side no longer has.
   */
  async keys(index: IndexDefinition): Promise<string[]> {
    const path = `/indexes/${encodeURIComponent(index.name)}/docs/search`;
    const keys: string[] = [];
    for (let skip = 0; ; skip += maxActions) {
      const answer = await this.request('POST', path, {
        search: '*',
        select: index.key,
        top: maxActions,
        skip,
      });
      if (!answer.ok) {
        throw new RemoteSearchError(
          `POST ${path}: ${answer.status} ${await answer.text()}`,
          answer.status,
        );
      }
      const page = ((await answer.json()) as { value?: Record<string, unknown>[] }).value ?? [];
      for (const document of page) keys.push(String(document[index.key]));
      if (page.length < maxActions) return keys;
    }
  }

  /**
   * Sends at most 1,000 actions (Azure's batch limit) to docs/index. A 429 or 503 (or a
   * network failure) resends the batch, a 207 resends the items that may succeed later, each
   * after a doubling back-off (Retry-After when the service gives one); past the attempts it
   * throws, so the caller keeps its position and tries again later.
   */
  async push(index: IndexDefinition, actions: readonly PushAction[]): Promise<PushOutcome> {
    if (actions.length > maxActions) {
      throw new RangeError(`at most ${maxActions} actions per batch; got ${actions.length}`);
    }
    const path = `/indexes/${encodeURIComponent(index.name)}/docs/index`;
    let pending = actions;
    let indexed = 0;
    const refused: { key: string; statusCode: number; errorMessage: string }[] = [];
    let delayMs = this.retry.firstDelayMs;
    for (let attempt = 1; ; attempt++) {
      let wait: number | undefined;
      let failure: string;
      try {
        const answer = await this.request('POST', path, { value: pending });
        if (answer.status === 200 || answer.status === 207) {
          const results = ((await answer.json()) as { value?: ItemResult[] }).value ?? [];
          const byKey = new Map(results.map((r) => [r.key, r]));
          const again: PushAction[] = [];
          for (const action of pending) {
            const key = String(action[index.key]);
            const result = byKey.get(key);
            if (result?.status === true) indexed += 1;
            else if (result === undefined || retryableItem.has(result.statusCode))
              again.push(action);
            else {
              refused.push({
                key,
                statusCode: result.statusCode,
                errorMessage: result.errorMessage ?? '',
              });
            }
          }
          if (again.length === 0) return { indexed, refused };
          pending = again;
          failure = `207: ${again.length} items to retry`;
        } else {
          const text = await answer.text();
          if (!retryableStatus(answer.status)) {
            throw new RemoteSearchError(
              `POST ${path}: ${answer.status} ${text.slice(0, 500)}`,
              answer.status,
            );
          }
          const after = Number(answer.headers.get('retry-after'));
          if (Number.isFinite(after) && after > 0) wait = after * 1000;
          failure = `${answer.status} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        if (error instanceof RemoteSearchError || error instanceof PushStopped) throw error;
        failure = String(error);
      }
      if (attempt >= this.retry.attempts) {
        throw new Error(`POST ${path}: gave up after ${attempt} attempts (${failure})`);
      }
      const ms = Math.min(wait ?? delayMs, this.retry.maxDelayMs);
      await (this.sleep === undefined ? this.wait(ms) : this.sleep(ms));
      if (this.waits.signal.aborted) throw new PushStopped('stopping');
      delayMs = Math.min(delayMs * 2, this.retry.maxDelayMs);
    }
  }
}

/** Azure's docs/index limit. */
export const maxActions = 1000;

/** Whether an index's corsOptions (as the service answered them) are the wanted ones. */
function sameCors(existing: unknown, wanted: CorsOptions | undefined): boolean {
  const given =
    typeof existing === 'object' && existing !== null
      ? (existing as { allowedOrigins?: unknown; maxAgeInSeconds?: unknown })
      : undefined;
  if (wanted === undefined) return given === undefined;
  if (given === undefined || !Array.isArray(given.allowedOrigins)) return false;
  const origins = new Set(given.allowedOrigins.map(String));
  return (
    origins.size === wanted.allowedOrigins.length &&
    wanted.allowedOrigins.every((o) => origins.has(o)) &&
    (given.maxAgeInSeconds ?? defaultCorsMaxAgeSeconds) ===
      (wanted.maxAgeInSeconds ?? defaultCorsMaxAgeSeconds)
  );
}

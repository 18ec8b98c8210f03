import type { IndexDefinition } from '../index-definition';
import { azureIndexOf } from '../index-definition';

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

/** A request the service refused for good (a wrong key, a bad definition). */
export class RemoteSearchError extends Error {}

/**
 * A client of an Azure AI Search service's REST API (or a stand-in speaking it: another IST's
 * embedded service), with the admin key: index definitions and docs/index batches, retried
 * with back-off on 429, 503 and the retryable items of a 207.
 */
export class RemoteSearchService {
  constructor(
    readonly url: string,
    private readonly apiKey: string,
    private readonly retry: RetryPolicy = defaultRetry,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  private request(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}${path}?api-version=${apiVersion}`, {
      method,
      headers: {
        'api-key': this.apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
  }

  /** Creates the index when the service has none by that name; true when it created it. */
  async ensureIndex(index: IndexDefinition): Promise<boolean> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const found = await this.request('GET', path);
    await found.body?.cancel();
    if (found.ok) return false;
    if (found.status !== 404) {
      throw new RemoteSearchError(`GET ${path}: ${found.status}`);
    }
    await this.createIndex(index);
    return true;
  }

  /** PUT /indexes/{name} with the embedded service's fields. */
  async createIndex(index: IndexDefinition): Promise<void> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const created = await this.request('PUT', path, azureIndexOf(index));
    const text = await created.text();
    if (!created.ok) throw new RemoteSearchError(`PUT ${path}: ${created.status} ${text}`);
  }

  /** DELETE /indexes/{name} (a rebuild starts empty); a missing index is fine. */
  async deleteIndex(index: IndexDefinition): Promise<void> {
    const path = `/indexes/${encodeURIComponent(index.name)}`;
    const deleted = await this.request('DELETE', path);
    const text = await deleted.text();
    if (!deleted.ok && deleted.status !== 404) {
      throw new RemoteSearchError(`DELETE ${path}: ${deleted.status} ${text}`);
    }
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
        throw new RemoteSearchError(`POST ${path}: ${answer.status} ${await answer.text()}`);
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
            throw new RemoteSearchError(`POST ${path}: ${answer.status} ${text}`);
          }
          const after = Number(answer.headers.get('retry-after'));
          if (Number.isFinite(after) && after > 0) wait = after * 1000;
          failure = `${answer.status} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        if (error instanceof RemoteSearchError) throw error;
        failure = String(error);
      }
      if (attempt >= this.retry.attempts) {
        throw new Error(`POST ${path}: gave up after ${attempt} attempts (${failure})`);
      }
      await this.sleep(Math.min(wait ?? delayMs, this.retry.maxDelayMs));
      delayMs = Math.min(delayMs * 2, this.retry.maxDelayMs);
    }
  }
}

/** Azure's docs/index limit. */
export const maxActions = 1000;

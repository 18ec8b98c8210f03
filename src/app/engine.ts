import * as Comlink from 'comlink';
import type {
  EngineApi,
  EngineCallbacks,
  EngineFailure,
  EngineOptions,
} from '@workers/engine-contract';

export type { EngineApi, EngineCallbacks, EngineFailure, EngineOptions };

/**
 * The one Comlink bridge (squoosh): the UI reaches the engine worker only through here.
 * Only plain, structured-cloneable data crosses; callbacks go as `Comlink.proxy`.
 */

let engine: Comlink.Remote<EngineApi> | undefined;

let markEngineReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markEngineReady = resolve;
});

/**
 * Resolves once the session has started the engine and handed it the access token: a screen
 * may then ask for its data without waiting for the lookups (the details screen's first call,
 * issue 31). Never rejects; a failed start shows where the lookups would.
 */
export const whenEngineReady = (): Promise<void> => ready;

/** Called by the session once the engine is started and has its token. */
export function engineIsReady(): void {
  markEngineReady();
}

const failureTags: ReadonlySet<string> = new Set<EngineFailure['_tag']>([
  'ApiError',
  'NetworkError',
  'DecodeError',
  'RequiredParameterError',
]);

/**
 * The engine, starting its worker on first use. Calls made before the worker has loaded are
 * queued by the browser; API calls made before {@link startEngine} reject with a
 * RequiredParameterError naming apiUrl.
 */
export function getEngine(): Comlink.Remote<EngineApi> {
  engine ??= Comlink.wrap<EngineApi>(
    new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'ist-engine',
    }),
  );
  return engine;
}

/** Starts (or re-configures) the engine with the API base URL and the UI's callbacks. */
export async function startEngine(
  options: EngineOptions,
  callbacks: EngineCallbacks,
): Promise<Comlink.Remote<EngineApi>> {
  const remote = getEngine();
  // Only the data crosses: a caller's options object may carry more than the contract.
  const { apiUrl, articleSearchUrl, locationSearchUrl, feedsIndexUrl } = options;
  const search = {
    ...(articleSearchUrl === undefined ? {} : { articleSearchUrl }),
    ...(locationSearchUrl === undefined ? {} : { locationSearchUrl }),
    ...(feedsIndexUrl === undefined ? {} : { feedsIndexUrl }),
  };
  await remote.init({ apiUrl, ...search }, Comlink.proxy(callbacks));
  return remote;
}

/**
 * Narrows a rejection of an engine call to its typed failure, optionally of one `_tag`:
 * `if (isEngineFailure(error, 'ApiError') && error.status === 404) …`.
 */
export function isEngineFailure<Tag extends EngineFailure['_tag'] = EngineFailure['_tag']>(
  error: unknown,
  tag?: Tag,
): error is Error & Extract<EngineFailure, { _tag: Tag }> {
  if (!(error instanceof Error) || !('_tag' in error) || typeof error._tag !== 'string') {
    return false;
  }
  if (!failureTags.has(error._tag)) return false;
  return tag === undefined || error._tag === tag;
}

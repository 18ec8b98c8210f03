/**
 * One conditional GET of a feed (issue 8): the validators of the last good answer go out as
 * If-None-Match / If-Modified-Since, a 304 means nothing new, and a source that does not answer
 * within the time-out, answers an error status or sends more than {@link maxFeedBytes} fails
 * with a readable reason (recorded on the source; the other sources go on).
 */

export const maxFeedBytes = 10 * 1024 * 1024;

export interface FeedValidators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type FeedFetch =
  | { readonly status: 'not-modified' }
  | { readonly status: 'ok'; readonly body: string; readonly validators: FeedValidators };

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export async function fetchFeed(
  url: string,
  validators: FeedValidators,
  timeoutMs: number,
): Promise<FeedFetch> {
  const headers: Record<string, string> = {
    accept:
      'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
    'user-agent': 'IST feed ingestion',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'follow' }).catch((error: unknown) => {
      // A kept-alive connection the feed's server closed as it was reused: a GET is safe to
      // send again, on a new connection.
      if (!isConnectionReset(error)) throw error;
      return fetch(url, { headers, signal, redirect: 'follow' });
    });
  } catch (error) {
    throw new FeedFetchError(describeFailure(error, timeoutMs));
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 'not-modified' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  let body: string;
  try {
    body = await readLimited(response, maxFeedBytes);
  } catch (error) {
    throw new FeedFetchError(describeFailure(error, timeoutMs));
  }
  return {
    status: 'ok',
    body,
    validators: {
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    },
  };
}

async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new FeedFetchError(`the feed is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isConnectionReset(error: unknown): boolean {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET';
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof FeedFetchError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = error instanceof Error ? error.message : String(error);
  return cause ? `${message}: ${cause}` : message;
}

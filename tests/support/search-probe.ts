/**
 * Reading a search service over its REST API, as a second server's (or Azure's) client would:
 * for the tests that wait until a write made elsewhere shows up.
 */

export interface SearchService {
  /** The service's root, e.g. http://127.0.0.1:5000/search. */
  readonly url: string;
  readonly apiKey: string;
}

/** The documents of `index` matching a $filter (and a search text), with their count. */
export async function searchDocuments(
  service: SearchService,
  index: string,
  query: { readonly filter?: string; readonly search?: string; readonly top?: number },
): Promise<{ count: number; value: Record<string, unknown>[] }> {
  const url = new URL(`${service.url}/indexes/${index}/docs`);
  url.search = new URLSearchParams({
    'api-version': '2024-07-01',
    $count: 'true',
    $top: String(query.top ?? 1000),
    ...(query.filter === undefined ? {} : { $filter: query.filter }),
    ...(query.search === undefined ? {} : { search: query.search }),
  }).toString();
  const res = await fetch(url, { headers: { 'api-key': service.apiKey } });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { '@odata.count': number; value: Record<string, unknown>[] };
  return { count: body['@odata.count'], value: body.value };
}

/** A $filter matching any of these keys of the articles index. */
export const articleKeysFilter = (keys: readonly (string | number)[]) =>
  `search.in(articleId, '${keys.map(String).join(',')}', ',')`;

/**
 * Polls `probe` every 20 ms until it returns true; resolves with the milliseconds it took, or
 * rejects after `withinMs` (what the test then reports, not a timing assertion of its own).
 */
export async function waitUntil(
  probe: () => Promise<boolean>,
  withinMs: number,
  what: string,
): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - t0;
    if (performance.now() - t0 > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

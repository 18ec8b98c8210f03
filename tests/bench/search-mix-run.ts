/**
 * Runs the query mix (search-mix.ts) over HTTP and summarises it: p50/p95/p99 over the mix and
 * per class, sequential and over concurrent clients, and each class's first answer.
 */
import type { HttpGet } from './http-get';
import { mixClasses, type MixClass, type MixRequest } from './search-mix';
import { percentile } from './search-queries';

/** One answered request. */
export interface MixTiming {
  readonly kind: MixClass;
  readonly ms: number;
}

/** Sends the requests through `clients` concurrent clients (1: one after the other). */
export async function runMixRequests(
  client: HttpGet,
  requests: readonly MixRequest[],
  clients: number,
  apiKey: string,
): Promise<MixTiming[]> {
  const headers = { 'api-key': apiKey };
  const timings: MixTiming[] = new Array<MixTiming>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const request = requests[i];
      if (request === undefined) continue;
      const t0 = performance.now();
      const { status, text } =
        request.method === 'GET'
          ? await client.get(request.path, headers)
          : await client.post(request.path, headers, request.body ?? '');
      const ms = performance.now() - t0;
      // A lookup of an id the corpus lacks is a 404 the browser expects; anything else fails.
      if (status !== 200 && !(status === 404 && request.kind === 'lookup by id')) {
        throw new Error(`${request.kind}: ${status} ${text.slice(0, 300)} for ${request.path}`);
      }
      timings[i] = { kind: request.kind, ms };
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return timings;
}

/** Percentiles of a set of timings. */
export interface Percentiles {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

export function percentilesOf(values: readonly number[]): Percentiles {
  return {
    n: values.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(values.length === 0 ? Number.NaN : Math.max(...values)),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A phase's summary: over the mix, and per class (with the class's first answer). */
export interface MixSummary {
  readonly all: Percentiles;
  readonly classes: Readonly<Partial<Record<MixClass, Percentiles & { readonly firstMs: number }>>>;
}

export function summarise(timings: readonly MixTiming[]): MixSummary {
  const classes: Partial<Record<MixClass, Percentiles & { readonly firstMs: number }>> = {};
  for (const kind of mixClasses) {
    const of = timings.filter((t) => t.kind === kind);
    const first = of[0];
    if (first === undefined) continue;
    classes[kind] = { ...percentilesOf(of.map((t) => t.ms)), firstMs: round(first.ms) };
  }
  return { all: percentilesOf(timings.map((t) => t.ms)), classes };
}

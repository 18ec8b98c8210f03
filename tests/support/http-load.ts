import { Agent, request } from 'node:http';

/**
 * A keep-alive load client that speaks HTTP/1.1 as a load balancer does: it never sends another
 * request on a connection whose answer said `Connection: close` (RFC 9112 §9.6). autocannon
 * does not honour that header (it writes the next request on the socket at once), so against a
 * draining server it reports resets for requests the server never accepted; this client tells
 * those cases apart instead of hiding them.
 */
export interface LoadRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadOutcome {
  /** Answered with a 2xx. */
  readonly ok: number;
  readonly non2xx: number;
  /** Never accepted: the listener was closed (a load balancer sends these elsewhere). */
  readonly refused: number;
  /**
   * Failed after being sent: a reset, a time-out or another error. A reset on a reused socket
   * is the keep-alive race (the server closed a connection the client was writing on).
   */
  readonly failed: number;
  readonly failures: ReadonlyMap<string, number>;
  readonly latenciesMs: readonly number[];
}

interface LoadOptions {
  readonly baseUrl: string;
  readonly requests: readonly LoadRequest[];
  readonly connections: number;
  readonly durationMs: number;
  /** Stops sending new requests once this settles (e.g. the server's exit), if before the end. */
  readonly until?: Promise<unknown>;
  /**
   * Behave as a load balancer does: ask this path (`/readyz`) every `intervalMs` and send no new
   * request once it answers anything but 200 (the requests in flight still complete).
   */
  readonly healthCheck?: { readonly path: string; readonly intervalMs: number };
  readonly timeoutMs?: number;
}

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : String(error);

export async function runLoad(options: LoadOptions): Promise<LoadOutcome> {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const deadline = Date.now() + options.durationMs;
  const failures = new Map<string, number>();
  const latenciesMs: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let refused = 0;
  let failed = 0;
  let next = 0;
  let stopped = false;
  void options.until?.finally(() => (stopped = true));
  const checker =
    options.healthCheck === undefined
      ? undefined
      : setInterval(() => {
          fetch(new URL(options.healthCheck?.path ?? '/', url))
            .then((res) => {
              if (res.status !== 200) stopped = true;
              return res.body?.cancel();
            })
            .catch(() => (stopped = true));
        }, options.healthCheck.intervalMs);

  const once = (spec: LoadRequest) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: spec.method,
          path: spec.path,
          headers: spec.headers,
          agent,
          timeout: options.timeoutMs ?? 10_000,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            latenciesMs.push(performance.now() - started);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) ok++;
            else non2xx++;
            resolve();
          });
          res.once('error', () => undefined);
        },
      );
      req.once('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      req.once('error', (error) => {
        const code = errorCode(error);
        if (code === 'ECONNREFUSED') refused++;
        else {
          failed++;
          const key =
            code === 'ECONNRESET' && req.reusedSocket ? 'ECONNRESET (reused socket)' : code;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        // Refused: the listener is gone; do not spin.
        setTimeout(resolve, code === 'ECONNREFUSED' ? 20 : 0);
      });
      req.end(spec.body);
    });

  const worker = async () => {
    while (!stopped && Date.now() < deadline) {
      const spec = options.requests[next++ % options.requests.length];
      if (spec === undefined) return;
      await once(spec);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  clearInterval(checker);
  agent.destroy();
  return { ok, non2xx, refused, failed, failures, latenciesMs };
}

/**
 * The bench's HTTP client: GET over kept-alive connections (node:http with a keep-alive Agent,
 * one socket per concurrent client), the body read in full as text. Node's fetch costs about
 * 0.3 ms a request on this machine in WHATWG streams and Headers objects before the server is
 * reached, which made the bench client, not the server, a third of a one-match answer's time.
 * A browser keeps its connection alive too (HTTP/1.1 persistent connections).
 */
import http from 'node:http';

export interface HttpGet {
  /** Status and body of GET path (a path and query string on the base URL). */
  get(
    path: string,
    headers: Readonly<Record<string, string>>,
  ): Promise<{ status: number; text: string }>;
  /** Status and body of a POST of a JSON body (the SDK's and the worker's docs/search). */
  post(
    path: string,
    headers: Readonly<Record<string, string>>,
    body: string,
  ): Promise<{ status: number; text: string }>;
  close(): void;
}

export function httpGet(baseUrl: string, sockets = 8): HttpGet {
  const url = new URL(baseUrl);
  // Idle sockets are closed by the client after 30 s, before the server's keep-alive timeout
  // (fastify: 72 s) can close one as a request is sent on it (a slow floor phase idles them).
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, timeout: 30_000 });
  const send = (
    path: string,
    headers: Readonly<Record<string, string>>,
    body: string | undefined,
    retry: boolean,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          agent,
          method: body === undefined ? 'GET' : 'POST',
          headers:
            body === undefined
              ? headers
              : {
                  ...headers,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(body),
                },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // Node's advice for kept-alive GETs: a reused socket the server had just closed is
        // retried once on a new one (the request never reached the server).
        if (retry && request.reusedSocket && error.code === 'ECONNRESET') {
          send(path, headers, body, false).then(resolve, reject);
        } else reject(error);
      });
      request.end(body);
    });
  return {
    get: (path, headers) => send(path, headers, undefined, true),
    post: (path, headers, body) => send(path, headers, body, true),
    close() {
      agent.destroy();
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server saw. */
export interface RecordedRequest {
  readonly method: string;
  /** Path below the scenario prefix, e.g. '/api/lookups'. */
  readonly path: string;
  readonly scenario: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

/** A canned answer. */
export interface CannedAnswer {
  readonly status: number;
  readonly body?: unknown;
  /** Milliseconds to wait before answering (to let concurrent callers pile up). */
  readonly delayMs?: number;
}

/** A real HTTP server on a free port; see {@link startRecordingApiServer}. */
export interface RecordingApiServer {
  /** The API base URL for a scenario: `http://127.0.0.1:{port}/{scenario}/api`. */
  apiUrl(scenario: string): string;
  /** Every request so far, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Requests of one scenario and path. */
  requestsTo(scenario: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A tiny stand-in for the IST API over real HTTP, for the engine's unit tests (the real
 * server is tested in tests/api). The first path segment picks the scenario; each scenario
 * maps 'METHOD /api/path' to an answer. POST /api/log/js answers 204 in every scenario
 * (unless the scenario says otherwise). Records method, path, Authorization and JSON body.
 */
export async function startRecordingApiServer(
  scenarios: Readonly<Record<string, Readonly<Record<string, CannedAnswer>>>>,
): Promise<RecordingApiServer> {
  const requests: RecordedRequest[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, scenario = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const method = request.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    requests.push({
      method,
      path,
      scenario,
      authorization: request.headers.authorization,
      body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
    });

    const answer: CannedAnswer | undefined =
      scenarios[scenario]?.[`${method} ${path}`] ??
      (method === 'POST' && path === '/api/log/js' ? { status: 204 } : undefined);
    if (!answer) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ errors: [`Route ${method}:${path} not found`] }));
      return;
    }
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.body === undefined) {
      response.writeHead(answer.status);
      response.end();
      return;
    }
    response.writeHead(answer.status, { 'Content-Type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(599);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: (scenario) => `http://127.0.0.1:${port}/${scenario}/api`,
    requests,
    requestsTo: (scenario, path) =>
      requests.filter((r) => r.scenario === scenario && r.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

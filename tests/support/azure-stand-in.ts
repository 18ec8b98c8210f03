import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Azure AI Search stand-in, in memory, for the pusher's tests (issue 30): index
 * definitions (GET, PUT, DELETE /indexes/{name}: 404 until defined), docs/index (every action
 * as mergeOrUpload or delete, 200 or 207 per item) and docs/search paged by top and skip. It can
 * refuse an index's batches for good (a 4xx for the whole request), refuse chosen keys (a 207
 * with a 400 item), and hold every docs/index answer back for a while (a slow service).
 */
export interface AzureStandIn {
  readonly url: string;
  readonly definitions: Map<string, Record<string, unknown>>;
  readonly documents: Map<string, Map<string, Record<string, unknown>>>;
  /** 'METHOD /path' of every request. */
  readonly requests: string[];
  /** index → the status and message every docs/index batch of it is refused with. */
  readonly refuseIndex: Map<string, { status: number; message: string }>;
  /** Keys refused in a 207 with status 400, whatever the index. */
  readonly refuseKeys: Set<string>;
  /** How long each docs/index answer is held back (ms). */
  batchDelayMs: number;
  /** docs/index requests answered so far (refused ones included). */
  batches: number;
  close(): Promise<void>;
}

export async function startAzureStandIn(apiKey: string): Promise<AzureStandIn> {
  const definitions = new Map<string, Record<string, unknown>>();
  const documents = new Map<string, Map<string, Record<string, unknown>>>();
  const requests: string[] = [];
  const refuseIndex = new Map<string, { status: number; message: string }>();
  const refuseKeys = new Set<string>();
  const state = { batchDelayMs: 0, batches: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      requests.push(`${method} ${url.pathname}`);
      const send = (status: number, answer?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(answer === undefined ? '' : JSON.stringify(answer));
      };
      const error = (status: number, message: string) =>
        send(status, { error: { code: '', message } });
      if (request.headers['api-key'] !== apiKey) return error(403, 'Authorization failed.');
      const match = /^\/indexes\/([A-Za-z0-9_-]+)(\/docs\/(index|search))?$/.exec(url.pathname);
      const name = match?.[1];
      if (name === undefined) return error(404, 'No such resource.');
      const definition = definitions.get(name);
      const missing = () => error(404, `No index with the name '${name}' was found.`);
      if (match?.[2] === undefined) {
        if (method === 'GET') return definition === undefined ? missing() : send(200, definition);
        if (method === 'PUT') {
          definitions.set(name, JSON.parse(text) as Record<string, unknown>);
          return send(definition === undefined ? 201 : 204);
        }
        if (method === 'DELETE') {
          if (definition === undefined) return missing();
          definitions.delete(name);
          documents.delete(name);
          return send(204);
        }
        return error(405, 'Method not allowed.');
      }
      if (definition === undefined) return missing();
      const key =
        (definition['fields'] as { name: string; key: boolean }[]).find((f) => f.key)?.name ??
        'key';
      const docs = documents.get(name) ?? new Map<string, Record<string, unknown>>();
      documents.set(name, docs);
      if (match?.[3] === 'search') {
        const asked = JSON.parse(text) as { top?: number; skip?: number };
        const skip = asked.skip ?? 0;
        return send(200, { value: [...docs.values()].slice(skip, skip + (asked.top ?? 50)) });
      }
      const answer = () => {
        state.batches += 1;
        const refused = refuseIndex.get(name);
        if (refused !== undefined) return error(refused.status, refused.message);
        const actions = (JSON.parse(text) as { value: Record<string, unknown>[] }).value;
        const value = actions.map((action) => {
          const { '@search.action': kind, ...fields } = action;
          const id = String(fields[key]);
          if (refuseKeys.has(id)) {
            return { key: id, status: false, statusCode: 400, errorMessage: `Bad document ${id}.` };
          }
          if (kind === 'delete') docs.delete(id);
          else docs.set(id, { ...docs.get(id), ...fields });
          return { key: id, status: true, statusCode: 200, errorMessage: null };
        });
        return send(value.every((v) => v.status) ? 200 : 207, { value });
      };
      if (state.batchDelayMs > 0) setTimeout(answer, state.batchDelayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    definitions,
    documents,
    requests,
    refuseIndex,
    refuseKeys,
    get batchDelayMs() {
      return state.batchDelayMs;
    },
    set batchDelayMs(ms: number) {
      state.batchDelayMs = ms;
    },
    get batches() {
      return state.batches;
    },
    set batches(n: number) {
      state.batches = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

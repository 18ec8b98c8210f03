import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server serving real-format feed documents for the ingestion tests (issue 8):
 * each path answers its current document with an ETag and Last-Modified and honours
 * If-None-Match with a 304; `hang` paths never answer; `status` paths answer that status.
 */

export interface FeedItemSpec {
  readonly title: string;
  readonly url: string;
  readonly text: string;
  readonly published: Date;
  readonly guid?: string;
}

const escape = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** An RSS 2.0 document (HTML descriptions escaped, as real feeds send them). */
export function rss2(title: string, items: readonly FeedItemSpec[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escape(title)}</title>
    <link>https://example.org/</link>
    <description>${escape(title)} feed</description>
    <language>en</language>
${items
  .map(
    (i) => `    <item>
      <title>${escape(i.title)}</title>
      <link>${escape(i.url)}</link>
      <guid isPermaLink="false">${escape(i.guid ?? i.url)}</guid>
      <pubDate>${i.published.toUTCString()}</pubDate>
      <description>${escape(`<p>${i.text}</p>`)}</description>
    </item>`,
  )
  .join('\n')}
  </channel>
</rss>`;
}

/** An Atom 1.0 document. */
export function atom(title: string, items: readonly FeedItemSpec[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escape(title)}</title>
  <id>urn:ist:test:${escape(title)}</id>
  <updated>${new Date().toISOString()}</updated>
${items
  .map(
    (i) => `  <entry>
    <title type="text">${escape(i.title)}</title>
    <link rel="alternate" type="text/html" href="${escape(i.url)}"/>
    <id>${escape(i.guid ?? i.url)}</id>
    <published>${i.published.toISOString()}</published>
    <updated>${i.published.toISOString()}</updated>
    <content type="html">${escape(`<p>${i.text}</p>`)}</content>
  </entry>`,
  )
  .join('\n')}
</feed>`;
}

type Route =
  | { readonly kind: 'document'; body: string; modified: Date }
  | { readonly kind: 'hang' }
  | { readonly kind: 'status'; readonly status: number };

export interface FeedServer {
  readonly baseUrl: string;
  /** Serves (or replaces) a document at a path. */
  document(path: string, body: string): void;
  hang(path: string): void;
  status(path: string, status: number): void;
  /** Requests per path and how many got a 304. */
  readonly hits: Map<string, { requests: number; notModified: number }>;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, { requests: number; notModified: number }>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const count = hits.get(path) ?? { requests: 0, notModified: 0 };
    count.requests += 1;
    hits.set(path, count);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    if (route.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (route.kind === 'status') {
      response.writeHead(route.status).end('failure');
      return;
    }
    const etag = `"${createHash('sha1').update(route.body).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) {
      count.notModified += 1;
      response.writeHead(304, { etag }).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': path.endsWith('.atom') ? 'application/atom+xml' : 'application/rss+xml',
        etag,
        'last-modified': route.modified.toUTCString(),
      })
      .end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    document(path, body) {
      routes.set(path, { kind: 'document', body, modified: new Date() });
    },
    hang(path) {
      routes.set(path, { kind: 'hang' });
    },
    status(path, status) {
      routes.set(path, { kind: 'status', status });
    },
    hits,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A one-item RSS document about a cholera outbreak, its figures and URL set by `n`. */
export const outbreakStory = (n: number) =>
  rss2(`Outbreak news ${n}`, [
    {
      title: `Cholera outbreak: ${n * 10} new cases reported in Lusaka, Zambia`,
      url: `https://news.example.org/cholera-${n}`,
      text: `Health officials in Lusaka, Zambia reported ${n * 10} new cases of cholera.`,
      published: new Date(),
    },
  ]);

/** Resolves once `condition` holds (asked every `everyMs`); rejects after `ms`. */
export async function until(
  condition: () => Promise<boolean> | boolean,
  ms: number,
  everyMs = 200,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { articlesIndex, feedsIndex } from '../index-definition';
import type { PushAction } from './service';
import { PushStopped, RemoteSearchService } from './service';

/** A stand-in service answering each request with the next scripted answer, recording them. */
async function scripted(
  answers: ((body: { value?: { articleId: string }[] }) => {
    status: number;
    body?: unknown;
    headers?: Record<string, string>;
  })[],
) {
  const seen: { method: string; url: string; body: { value?: { articleId: string }[] } }[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (c: Buffer) => (text += c.toString()));
    request.on('end', () => {
      const body = (text === '' ? {} : JSON.parse(text)) as { value?: { articleId: string }[] };
      seen.push({ method: request.method ?? '', url: request.url ?? '', body });
      const answer = answers.shift()?.(body) ?? { status: 500 };
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}`, seen };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const upload = (articleId: string): PushAction => ({
  '@search.action': 'mergeOrUpload',
  articleId,
  articleTitle: `Title ${articleId}`,
});
const ok = (key: string) => ({ key, status: true, statusCode: 200, errorMessage: null });
const noSleep = () => Promise.resolve();

describe('RemoteSearchService', () => {
  it('creates an index the service does not have with PUT /indexes/{name}', async () => {
    const stub = await scripted([() => ({ status: 404 }), () => ({ status: 201, body: {} })]);
    const service = new RemoteSearchService(stub.url, 'admin-key');
    expect(await service.ensureIndex(articlesIndex)).toBe('created');
    expect(stub.seen.map((r) => `${r.method} ${r.url.split('?')[0] ?? ''}`)).toEqual([
      'GET /indexes/articles',
      'PUT /indexes/articles',
    ]);
    const put = stub.seen[1]?.body as unknown as { name: string; fields: { name: string }[] };
    expect(put.name).toBe('articles');
    expect(put.fields.map((f) => f.name)).toContain('articleTitle');
  });

  it("creates and updates an index with the configured corsOptions (Azure's CORS, issue 30)", async () => {
    const cors = { allowedOrigins: ['https://ist.example'] };
    const definitionWith = (corsOptions?: unknown) => () => ({
      status: 200,
      body: { name: 'articles', fields: [], ...(corsOptions === undefined ? {} : { corsOptions }) },
    });
    const stub = await scripted([
      () => ({ status: 404 }),
      () => ({ status: 201, body: {} }),
      // An index created earlier without CORS, then one with another origin: both updated.
      definitionWith(),
      () => ({ status: 204 }),
      definitionWith({ allowedOrigins: ['https://old.example'], maxAgeInSeconds: 300 }),
      () => ({ status: 204 }),
      // The same origins (Azure answers the default max age): left alone.
      definitionWith({ allowedOrigins: ['https://ist.example'], maxAgeInSeconds: 300 }),
    ]);
    const service = new RemoteSearchService(stub.url, 'admin-key', undefined, noSleep, { cors });
    expect(await service.ensureIndex(articlesIndex)).toBe('created');
    expect(await service.ensureIndex(articlesIndex)).toBe('updated');
    expect(await service.ensureIndex(articlesIndex)).toBe('updated');
    expect(await service.ensureIndex(articlesIndex)).toBe('unchanged');
    const puts = stub.seen.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(3);
    for (const put of puts) {
      expect((put.body as unknown as { corsOptions: unknown }).corsOptions).toEqual({
        allowedOrigins: ['https://ist.example'],
        maxAgeInSeconds: 300,
      });
    }
  });

  it('says when the service refuses to delete an index (the caller pushes over it)', async () => {
    const stub = await scripted([
      () => ({ status: 403, body: { error: { message: 'belongs to IST' } } }),
      () => ({ status: 204 }),
      () => ({ status: 404 }),
      () => ({ status: 500 }),
    ]);
    const service = new RemoteSearchService(stub.url, 'admin-key');
    expect(await service.deleteIndex(articlesIndex)).toBe(false);
    expect(await service.deleteIndex(articlesIndex)).toBe(true);
    expect(await service.deleteIndex(articlesIndex)).toBe(true);
    await expect(service.deleteIndex(articlesIndex)).rejects.toThrow(/500/);
  });

  it('abort() ends a back-off wait at once (SIGTERM during a push)', async () => {
    const stub = await scripted([() => ({ status: 503 }), () => ({ status: 503 })]);
    const service = new RemoteSearchService(stub.url, 'k', {
      attempts: 5,
      firstDelayMs: 60_000,
      maxDelayMs: 60_000,
    });
    const started = performance.now();
    const pushing = service.push(articlesIndex, [upload('1')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    service.abortWaits();
    await expect(pushing).rejects.toThrow(PushStopped);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('retries the items a 207 reports as retryable, not those that will fail again', async () => {
    const stub = await scripted([
      () => ({
        status: 207,
        body: {
          value: [
            ok('1'),
            { key: '2', status: false, statusCode: 503, errorMessage: 'busy' },
            { key: '3', status: false, statusCode: 400, errorMessage: 'bad document' },
          ],
        },
      }),
      () => ({ status: 200, body: { value: [ok('2')] } }),
    ]);
    const service = new RemoteSearchService(
      stub.url,
      'k',
      { attempts: 3, firstDelayMs: 1, maxDelayMs: 1 },
      noSleep,
    );
    const outcome = await service.push(articlesIndex, [upload('1'), upload('2'), upload('3')]);
    expect(outcome.indexed).toBe(2);
    expect(outcome.refused).toEqual([{ key: '3', statusCode: 400, errorMessage: 'bad document' }]);
    expect(stub.seen[1]?.body.value?.map((d) => d.articleId)).toEqual(['2']);
  });

  it('backs off on 429 and 503, honouring Retry-After, then succeeds', async () => {
    const stub = await scripted([
      () => ({ status: 429, headers: { 'retry-after': '2' }, body: { error: {} } }),
      () => ({ status: 503, body: { error: {} } }),
      (body) => ({ status: 200, body: { value: (body.value ?? []).map((d) => ok(d.articleId)) } }),
    ]);
    const waits: number[] = [];
    const service = new RemoteSearchService(
      stub.url,
      'k',
      { attempts: 5, firstDelayMs: 100, maxDelayMs: 10_000 },
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    const outcome = await service.push(articlesIndex, [upload('7')]);
    expect(outcome).toEqual({ indexed: 1, refused: [] });
    // Retry-After: 2 s; then the doubled back-off.
    expect(waits).toEqual([2000, 200]);
  });

  it('gives up after its attempts so the caller keeps its position', async () => {
    const stub = await scripted([() => ({ status: 503 }), () => ({ status: 503 })]);
    const service = new RemoteSearchService(
      stub.url,
      'k',
      { attempts: 2, firstDelayMs: 1, maxDelayMs: 1 },
      noSleep,
    );
    await expect(service.push(articlesIndex, [upload('1')])).rejects.toThrow(/gave up/);
  });

  it('refuses a batch above 1,000 actions, and a wrong key for good', async () => {
    const stub = await scripted([() => ({ status: 403, body: { error: { message: 'no' } } })]);
    const service = new RemoteSearchService(stub.url, 'wrong', undefined, noSleep);
    const many = Array.from({ length: 1001 }, (_, i) => upload(String(i)));
    await expect(service.push(articlesIndex, many)).rejects.toThrow(RangeError);
    await expect(service.push(articlesIndex, [upload('1')])).rejects.toThrow(/403/);
    expect(stub.seen).toHaveLength(1);
  });

  it('reads every key of an index back, 1,000 a page, the key field only', async () => {
    const keys = Array.from({ length: 1500 }, (_, i) => String(i));
    const page = (from: number, to: number) => () => ({
      status: 200,
      body: { value: keys.slice(from, to).map((key) => ({ key })) },
    });
    const stub = await scripted([page(0, 1000), page(1000, 1500)]);
    const service = new RemoteSearchService(stub.url, 'admin-key');
    expect(await service.keys(feedsIndex)).toEqual(keys);
    expect(stub.seen.map((r) => `${r.method} ${r.url.split('?')[0] ?? ''}`)).toEqual([
      'POST /indexes/feeds/docs/search',
      'POST /indexes/feeds/docs/search',
    ]);
    expect(stub.seen.map((r) => r.body)).toEqual([
      { search: '*', select: 'key', top: 1000, skip: 0 },
      { search: '*', select: 'key', top: 1000, skip: 1000 },
    ]);
  });
});

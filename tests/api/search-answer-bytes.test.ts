import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { applyIndexBatch, parseIndexBatch } from '@server/search/batch';
import { articlesIndex } from '@server/search/index-definition';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { startTestServer } from '../support/test-server';

/**
 * The in-process engine's answers are written from kept UTF-8 bytes (http.ts sendSearch), the
 * SQL executor's through JSON.stringify: both must parse to the same answer, member order
 * included, for text outside ASCII, a ranked search and a continuation link after `value`.
 */
const title = 'Fièvre « hémorragique » – 日本, "quoted" \\ back\u2028slash 🦠';
const documents = [
  {
    '@search.action': 'upload',
    articleId: 'a-0',
    articleTitle: title,
    articleBody: '<p>Fièvre confirmée.</p>',
    articleType: 3,
    diseaseNames: ['Fièvre jaune', '日本脳炎'],
    insertedDate: '2024-05-02T12:30:05.451Z',
  },
  ...Array.from({ length: 1_000 }, (_, i) => ({
    '@search.action': 'upload',
    articleId: `b-${String(i).padStart(4, '0')}`,
    articleTitle: `Outbreak report ${i}`,
    articleType: 3,
    isRead: i % 2 === 0,
  })),
];

async function prepare(db: Db): Promise<void> {
  // Azure's batches hold at most 1,000 documents.
  for (let i = 0; i < documents.length; i += 1_000) {
    const value = documents.slice(i, i + 1_000);
    await applyIndexBatch(db, articlesIndex, parseIndexBatch({ value }, articlesIndex));
  }
}

describe('search answers: kept bytes (memory engine) and JSON.stringify (SQL) agree', () => {
  let memory: TestServer;
  let sql: TestServer;

  beforeAll(async () => {
    const { identity } = await createTestIdentity();
    memory = await startTestServer({
      backend: 'pglite',
      identity,
      prepare,
      env: { SEARCH_ENGINE: 'memory' },
    });
    sql = await startTestServer({
      backend: 'pglite',
      identity,
      prepare,
      env: { SEARCH_ENGINE: 'sql' },
    });
  }, 60_000);
  afterAll(async () => {
    await memory.close();
    await sql.close();
  });

  const get = async (server: TestServer, query: string) => {
    const res = await fetch(`${server.baseUrl}/search/indexes/articles/docs?${query}`, {
      headers: { 'api-key': server.config.searchApiKey },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    return JSON.parse(text) as Record<string, unknown>;
  };
  /** The answer with nextLink's origin (each server's own port) taken out. */
  const withoutOrigin = (body: Record<string, unknown>) =>
    JSON.parse(JSON.stringify(body).replace(/http:\/\/127\.0\.0\.1:\d+/g, '')) as unknown;

  it('text outside ASCII, every field, twice (the second from the kept bytes)', async () => {
    const query = "$filter=articleId eq 'a-0'&$count=true";
    const expected = await get(sql, query);
    expect((expected['value'] as Record<string, unknown>[])[0]?.['articleTitle']).toBe(title);
    for (let i = 0; i < 2; i++) expect(await get(memory, query)).toEqual(expected);
  });

  it('a continuation link after the value, with the member order of the SQL answer', async () => {
    const query = '$top=1001&$select=articleId,isRead&$count=true&$orderby=articleId';
    const expected = withoutOrigin(await get(sql, query));
    const answer = await get(memory, query);
    expect(Object.keys(answer)).toEqual(['@odata.count', 'value', '@odata.nextLink']);
    expect(withoutOrigin(answer)).toEqual(expected);
  });

  it('a ranked search: each document after its own score', async () => {
    const answer = await get(memory, 'search=fièvre outbreak&$select=articleId&$top=3');
    const value = answer['value'] as Record<string, unknown>[];
    expect(value).toHaveLength(3);
    for (const document of value) {
      expect(Object.keys(document)).toEqual(['@search.score', 'articleId']);
      expect(document['@search.score']).toBeGreaterThan(0);
    }
    expect(new Set(value.map((d) => d['@search.score'])).size).toBeGreaterThan(1);
  });
});

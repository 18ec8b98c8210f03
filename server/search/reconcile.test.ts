import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client';
import * as t from '../db/schema';
import { insertLookupFixtures } from '../../tests/support/lookup-fixtures';
import { backends, openTestDatabase } from '../../tests/support/test-server';
import { applyIndexBatch, parseIndexBatch } from './batch';
import { rowsOf } from '../db/rows';
import { articlesIndex } from './index-definition';
import { reindexAll, reindexArticles } from './indexer';
import { reconcileSearchIndex, sweepOwedArticles } from './reconcile';

/**
 * Issue 17, "the index never drifts from the database": an article committed without its
 * search document (the writer killed between its commit and its reindex, or a database from
 * before the owed marks) is found and indexed by the reconciliation a server runs on start.
 */
describe.each(backends)('reconciling the articles index with the tables on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate();
    await insertLookupFixtures(database.db);
    await addArticle('Indexed at start');
    await reindexAll(database.db);
  });
  afterAll(() => close());

  /** An article written to the tables alone, as a writer that died before its reindex left it. */
  async function addArticle(title: string): Promise<number> {
    const [row] = await db()
      .insert(t.articles)
      .values({
        title,
        originalSourceUrl: `https://news.example/${title}`,
        feedId: 10,
        hamTypeId: 3,
      })
      .returning({ id: t.articles.articleId });
    if (row === undefined) throw new Error('no article');
    return row.id;
  }
  const documentOf = async (id: number | string) =>
    rowsOf(
      await db().execute(
        sql`select "articleTitle" as title from search_articles where "articleId" = ${String(id)}`,
      ),
    )[0]?.['title'];
  const owed = async () =>
    rowsOf(await db().execute(sql`select article_id as id from search_articles_owed`)).map((r) =>
      Number(r['id']),
    );

  it('agrees when nothing drifted', async () => {
    const report = await reconcileSearchIndex(db());
    expect(report).toMatchObject({ articles: 1, documents: 1, owed: 0, missing: 0, orphaned: 0 });
  });

  it('marks an article written without its reindex in the same transaction, and rebuilds it', async () => {
    const id = await addArticle('Killed before its reindex');
    expect(await documentOf(id)).toBeUndefined();
    expect(await owed()).toEqual([id]);
    // The periodic sweep leaves a fresh mark to its writer…
    expect(await sweepOwedArticles(db(), 60)).toBe(0);
    // …and the start-up reconciliation takes it.
    const logged: string[] = [];
    const report = await reconcileSearchIndex(db(), (m) => logged.push(m));
    expect(report).toMatchObject({ owed: 1, missing: 0, orphaned: 0 });
    expect(logged.join('\n')).toContain('repaired 1 owed, 0 missing, 0 orphaned');
    expect(await documentOf(id)).toBe('Killed before its reindex');
    expect(await owed()).toEqual([]);
  });

  it('indexes an article the index is missing with no mark (drift from before the marks)', async () => {
    const id = await addArticle('Drifted');
    await db().execute(sql`delete from search_articles_owed`);
    expect(await documentOf(id)).toBeUndefined();
    const report = await reconcileSearchIndex(db());
    expect(report).toMatchObject({ owed: 0, missing: 1, orphaned: 0 });
    expect(await documentOf(id)).toBe('Drifted');
  });

  it('removes the document the indexer wrote for an article that is gone, keeps docs/index documents (issue 30)', async () => {
    // An article indexed, then deleted from the tables with no reindex (a writer that died).
    const gone = await addArticle('Indexed, then deleted');
    await reindexArticles(db(), [gone]);
    await db().delete(t.articles).where(eq(t.articles.articleId, gone));
    await db().execute(sql`delete from search_articles_owed`);
    // Uploaded through docs/index: numeric keys naming no article, not marked as feed articles,
    // and one that is (the 37 lost documents were of the first kind).
    await applyIndexBatch(
      db(),
      articlesIndex,
      parseIndexBatch(
        {
          value: [
            { '@search.action': 'upload', articleId: '999999', articleTitle: 'Uploaded' },
            { '@search.action': 'mergeOrUpload', articleId: '999998', articleTitle: 'Merged in' },
            { '@search.action': 'upload', articleId: 'cosmos-1', articleTitle: 'Second store' },
          ],
        },
        articlesIndex,
      ),
    );
    const report = await reconcileSearchIndex(db());
    expect(report).toMatchObject({ owed: 0, missing: 0, orphaned: 1 });
    expect(await documentOf(gone)).toBeUndefined();
    expect(await documentOf('999999')).toBe('Uploaded');
    expect(await documentOf('999998')).toBe('Merged in');
    expect(await documentOf('cosmos-1')).toBe('Second store');
    // And again at the next start: nothing more is taken for orphaned.
    expect(await reconcileSearchIndex(db())).toMatchObject({ orphaned: 0 });
    expect(await documentOf('999999')).toBe('Uploaded');
  });

  it("a reindex of named articles drops a gone article's document, and no other", async () => {
    const kept = await addArticle('Kept');
    const gone = await addArticle('Deleted from the tables');
    await reindexArticles(db(), [kept, gone]);
    expect(await documentOf(gone)).toBe('Deleted from the tables');
    await db().delete(t.articles).where(eq(t.articles.articleId, gone));
    await reindexArticles(db(), [kept, gone]);
    expect(await documentOf(gone)).toBeUndefined();
    expect(await documentOf(kept)).toBe('Kept');
  });

  it('a reindex clears the marks it stood for; a later write marks again', async () => {
    const id = await addArticle('Written, then reindexed');
    await reindexArticles(db(), [id]);
    expect(await owed()).toEqual([]);
    await db().update(t.articles).set({ isRead: true }).where(eq(t.articles.articleId, id));
    expect(await owed()).toEqual([id]);
    await reindexArticles(db(), [id]);
    expect(await owed()).toEqual([]);
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ArticleUpdate, ContextTagRequest, CustomArticle } from '@domain/articles';
import { contextTagLinkId } from '@domain/articles';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import {
  articleContextTags,
  articleDiseases,
  articleLocations,
  articles,
  contextTags,
  dataSourceCategories,
  dataSourceGroups,
  dataSourcePriorities,
  diseases,
  feeds,
  hamTypes,
  locations,
} from '../schema';
import { recordAudit } from './audit';

/**
 * Article writes (create, update, context tags), each in one transaction with its audit entry.
 * A refused write throws {@link ArticleRefusal} inside the transaction, so nothing of it stays.
 */

/**
 * A write refused for the client's reason: 400 (bad references), 404 (no such article) or 409
 * (the state does not allow it yet).
 */
export class ArticleRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly errors: readonly string[],
  ) {
    super(errors.join('. '));
    this.name = 'ArticleRefusal';
  }
}

/** Lookup and place ids an article write points at. */
export interface ArticleReferences {
  readonly feedId?: number | undefined;
  readonly hamTypeId?: number | undefined;
  readonly diseaseId?: number | null | undefined;
  readonly locationIds?: readonly number[] | undefined;
  readonly sourceCategory?: number | undefined;
  readonly sourceGroup?: number | undefined;
  readonly sourcePriority?: number | undefined;
}

/** Messages for ids that name nothing, and for a sub-category outside its category. */
export async function referenceProblems(db: Db, refs: ArticleReferences): Promise<string[]> {
  const one = (id: number | null | undefined) => (id === undefined || id === null ? [] : [id]);
  const locationIds = [...new Set(refs.locationIds ?? [])];
  // One query after another: inside a transaction they share one connection.
  const existing = async (
    wanted: readonly number[],
    query: (list: number[]) => PromiseLike<{ id: number }[]>,
  ) => new Set(wanted.length === 0 ? [] : (await query([...wanted])).map((r) => r.id));
  const feed = await existing(one(refs.feedId), (list) =>
    db.select({ id: feeds.id }).from(feeds).where(inArray(feeds.id, list)),
  );
  const hamType = await existing(one(refs.hamTypeId), (list) =>
    db.select({ id: hamTypes.id }).from(hamTypes).where(inArray(hamTypes.id, list)),
  );
  const disease = await existing(one(refs.diseaseId), (list) =>
    db.select({ id: diseases.diseaseId }).from(diseases).where(inArray(diseases.diseaseId, list)),
  );
  const place = await existing(locationIds, (list) =>
    db.select({ id: locations.id }).from(locations).where(inArray(locations.id, list)),
  );
  const category = await existing(one(refs.sourceCategory), (list) =>
    db
      .select({ id: dataSourceCategories.id })
      .from(dataSourceCategories)
      .where(inArray(dataSourceCategories.id, list)),
  );
  const priority = await existing(one(refs.sourcePriority), (list) =>
    db
      .select({ id: dataSourcePriorities.id })
      .from(dataSourcePriorities)
      .where(inArray(dataSourcePriorities.id, list)),
  );
  const group =
    refs.sourceGroup === undefined
      ? []
      : await db
          .select({ id: dataSourceGroups.id, categoryId: dataSourceGroups.categoryId })
          .from(dataSourceGroups)
          .where(eq(dataSourceGroups.id, refs.sourceGroup));
  const problems: string[] = [];
  const check = (ids: readonly number[], have: Set<number>, what: string) => {
    for (const id of ids) if (!have.has(id)) problems.push(messages.unknownReference(what, id));
  };
  check(one(refs.feedId), feed, 'feed');
  check(one(refs.hamTypeId), hamType, 'content type');
  check(one(refs.diseaseId), disease, 'disease');
  check(locationIds, place, 'location');
  check(one(refs.sourceCategory), category, 'source category');
  check(one(refs.sourceGroup), new Set(group.map((g) => g.id)), 'source sub-category');
  check(one(refs.sourcePriority), priority, 'source priority');
  const [groupRow] = group;
  if (groupRow && refs.sourceCategory !== undefined && category.has(refs.sourceCategory)) {
    if (groupRow.categoryId !== refs.sourceCategory) {
      problems.push(messages.sourceGroupNotInCategory(groupRow.id, refs.sourceCategory));
    }
  }
  return problems;
}

/**
 * Inserts a custom article with its disease and locations; returns its id. A custom article has
 * no publication date of its own, so it is published when it is inserted: publishedDate and
 * insertedDate are the same instant (the transaction's now()), and a sort or filter on the
 * publication date places it where the analyst added it rather than among articles without one.
 */
export async function createArticle(db: Db, input: CustomArticle, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const problems = await referenceProblems(tx, input);
    if (problems.length > 0) throw new ArticleRefusal(400, problems);
    const [row] = await tx
      .insert(articles)
      .values({
        title: input.title,
        originalSourceUrl: input.originalSourceURL,
        feedId: input.feedId,
        hamTypeId: input.hamTypeId,
        isRead: input.isRead,
        isCompleted: input.isCompleted,
        isImportant: input.isImportant,
        sourceCategoryId: input.sourceCategory,
        sourceGroupId: input.sourceGroup,
        sourcePriorityId: input.sourcePriority,
        createdByUserId: userId,
        // Whole milliseconds: the API (JavaScript dates) and the search index show the same value.
        publishedDate: sql`date_trunc('milliseconds', now())`,
        insertedDate: sql`date_trunc('milliseconds', now())`,
      })
      .returning({ articleId: articles.articleId });
    if (!row) throw new Error('article insert returned nothing');
    const { articleId } = row;
    if (input.diseaseId !== null) {
      await tx.insert(articleDiseases).values({ articleId, diseaseId: input.diseaseId });
    }
    const locationIds = [...new Set(input.locationIds)];
    if (locationIds.length > 0) {
      await tx
        .insert(articleLocations)
        .values(locationIds.map((locationId) => ({ articleId, locationId })));
    }
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'article',
      entityId: articleId,
      detail: { ...input, locationIds },
    });
    return articleId;
  });
}

/** The update fields allowed on a second-data-store article. */
const readOnlyArticleFields: ReadonlySet<string> = new Set(['isRead']);

/**
 * Applies an update. Second-data-store articles take isRead only. A diseaseId already among the
 * article's diseases changes nothing (a feed article keeps its other diseases); another one
 * replaces them, and null removes them.
 */
export async function updateArticle(
  db: Db,
  articleId: number,
  update: ArticleUpdate,
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(articles)
      .where(eq(articles.articleId, articleId))
      .for('update');
    if (!current) throw new ArticleRefusal(404, [messages.articleNotFound(articleId)]);
    if (
      current.isCosmosDbArticle &&
      Object.keys(update).some((key) => !readOnlyArticleFields.has(key))
    ) {
      throw new ArticleRefusal(400, [messages.articleReadOnly(articleId)]);
    }
    const problems = await referenceProblems(tx, update);
    if (problems.length > 0) throw new ArticleRefusal(400, problems);

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<typeof articles.$inferInsert> = {};
    const change = <K extends keyof typeof set>(
      name: string,
      column: K,
      value: (typeof set)[K] | undefined,
    ) => {
      if (value === undefined || value === current[column as keyof typeof current]) return;
      before[name] = current[column as keyof typeof current];
      after[name] = value;
      set[column] = value;
    };
    change('title', 'title', update.title);
    change('originalSourceURL', 'originalSourceUrl', update.originalSourceURL);
    change('feedId', 'feedId', update.feedId);
    change('hamTypeId', 'hamTypeId', update.hamTypeId);
    change('isRead', 'isRead', update.isRead);
    change('isCompleted', 'isCompleted', update.isCompleted);
    change('isImportant', 'isImportant', update.isImportant);

    if (update.diseaseId !== undefined) {
      const had = (
        await tx
          .select({ diseaseId: articleDiseases.diseaseId })
          .from(articleDiseases)
          .where(eq(articleDiseases.articleId, articleId))
      ).map((r) => r.diseaseId);
      const keep = update.diseaseId !== null && had.includes(update.diseaseId);
      if (!keep && !(update.diseaseId === null && had.length === 0)) {
        await tx.delete(articleDiseases).where(eq(articleDiseases.articleId, articleId));
        if (update.diseaseId !== null) {
          await tx.insert(articleDiseases).values({ articleId, diseaseId: update.diseaseId });
        }
        before['diseaseIds'] = had;
        after['diseaseIds'] = update.diseaseId === null ? [] : [update.diseaseId];
      }
    }
    if (Object.keys(after).length === 0) return;
    await tx
      .update(articles)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(articles.articleId, articleId));
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'article',
      entityId: articleId,
      detail: { before, after },
    });
  });
}

/**
 * Puts a context tag on an article (an analyst's tag; accepting a suggested one clears its
 * suggested flag). Returns whether the link is new.
 */
export async function addContextTag(
  db: Db,
  request: ContextTagRequest,
  userId: number,
): Promise<{ readonly created: boolean; readonly displayName: string }> {
  const { articleId, contextTagId } = request;
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ isCosmosDbArticle: articles.isCosmosDbArticle })
      .from(articles)
      .where(eq(articles.articleId, articleId));
    if (!article) throw new ArticleRefusal(404, [messages.articleNotFound(articleId)]);
    if (article.isCosmosDbArticle) {
      throw new ArticleRefusal(400, [messages.articleReadOnly(articleId)]);
    }
    const [tag] = await tx
      .select({ displayName: contextTags.displayName })
      .from(contextTags)
      .where(eq(contextTags.id, contextTagId));
    if (!tag) {
      throw new ArticleRefusal(400, [messages.unknownReference('context tag', contextTagId)]);
    }
    const [existing] = await tx
      .select({ suggested: articleContextTags.suggested })
      .from(articleContextTags)
      .where(
        and(
          eq(articleContextTags.articleId, articleId),
          eq(articleContextTags.contextTagId, contextTagId),
        ),
      )
      .for('update');
    if (existing && !existing.suggested) return { created: false, displayName: tag.displayName };
    if (existing) {
      await tx
        .update(articleContextTags)
        .set({ suggested: false, createdByUserId: userId })
        .where(
          and(
            eq(articleContextTags.articleId, articleId),
            eq(articleContextTags.contextTagId, contextTagId),
          ),
        );
    } else {
      await tx
        .insert(articleContextTags)
        .values({ articleId, contextTagId, createdByUserId: userId });
    }
    await tx
      .update(articles)
      .set({ updatedAt: sql`now()` })
      .where(eq(articles.articleId, articleId));
    await recordAudit(tx, {
      userId,
      action: existing ? 'accept' : 'create',
      entity: 'articleContextTag',
      entityId: contextTagLinkId(articleId, contextTagId),
      detail: { articleId, contextTagId },
    });
    return { created: true, displayName: tag.displayName };
  });
}

/** Removes a context tag (analyst's or suggested) from an article; 404 when it is not there. */
export async function removeContextTag(
  db: Db,
  articleId: number,
  contextTagId: number,
  userId: number,
): Promise<void> {
  const id = contextTagLinkId(articleId, contextTagId);
  await db.transaction(async (tx) => {
    const [article] = await tx
      .select({ isCosmosDbArticle: articles.isCosmosDbArticle })
      .from(articles)
      .where(eq(articles.articleId, articleId));
    if (article?.isCosmosDbArticle) {
      throw new ArticleRefusal(400, [messages.articleReadOnly(articleId)]);
    }
    const removed = await tx
      .delete(articleContextTags)
      .where(
        and(
          eq(articleContextTags.articleId, articleId),
          eq(articleContextTags.contextTagId, contextTagId),
        ),
      )
      .returning({ suggested: articleContextTags.suggested });
    const [link] = removed;
    if (!link) throw new ArticleRefusal(404, [messages.contextTagLinkNotFound(id)]);
    await tx
      .update(articles)
      .set({ updatedAt: sql`now()` })
      .where(eq(articles.articleId, articleId));
    await recordAudit(tx, {
      userId,
      action: 'delete',
      entity: 'articleContextTag',
      entityId: id,
      detail: { articleId, contextTagId, suggested: link.suggested },
    });
  });
}

import { sql } from 'drizzle-orm';
import type { LinkKey } from '@domain/articles';
import { EntryType } from '@domain/enums';
import { messages } from '@domain/messages';
import type { SuggestedArticlesAssociated } from '@domain/suggested-actions';
import { rowsOf } from '../rows';
import type { Db } from '../client';
import { linkExistingReports } from './articles-reports';
import { ArticleRefusal } from './articles-write';
import { reconcileCreatedActivities, refreshSuggestedActions } from './suggested-actions';

/**
 * Associating a suggestion's articles (spec 000 §2 column 8, issue 15): the articles the analyst
 * chose in the article index's suggested mode are linked to the suggested activity's latest
 * committed entry that takes articles, through the same all-or-nothing link the
 * associated-articles dialog uses (PUT /api/articles/link-existing-reports), and the pair's
 * suggestion is recomputed, so linked articles stop supporting it.
 */

/** The report type → the link-existing-reports key that accepts it. */
const linkKeyOf: Readonly<Partial<Record<number, LinkKey>>> = {
  [EntryType.CASE_DATA]: 'cases',
  [EntryType.TRAVELLER]: 'travellers',
  [EntryType.DESCRIPTION]: 'descriptions',
  [EntryType.INACTIVITY]: 'inactivities',
};

/**
 * Recomputes the suggestions of every disease and country these articles name (after a link,
 * or when an article is added by hand), so the open suggestions follow at once.
 */
export async function refreshSuggestionsOfArticles(
  db: Db,
  articleIds: readonly number[],
): Promise<void> {
  if (articleIds.length === 0) return;
  const pairs = rowsOf(
    await db.execute(sql`
      select distinct ad.disease_id, coalesce(l.country_id, l.id) as country_id
      from article_diseases ad
      join article_locations al on al.article_id = ad.article_id
      join locations l on l.id = al.location_id
      where ad.article_id in (select jsonb_array_elements_text(${JSON.stringify(articleIds)}::jsonb)::int)`),
  ).map((r) => ({ diseaseId: Number(r['disease_id']), countryId: Number(r['country_id']) }));
  if (pairs.length > 0) await refreshSuggestedActions(db, pairs);
}

/** Links the chosen supporting articles of the pair's open suggestion to its activity. */
export async function associateSuggestedArticles(
  db: Db,
  input: {
    readonly diseaseId: number;
    readonly countryId: number;
    readonly articleIds: readonly number[];
    readonly userId: number;
  },
): Promise<{ answer: SuggestedArticlesAssociated; articleIds: readonly number[] }> {
  // A new-activity suggestion whose activity was created since becomes an update of it here.
  await reconcileCreatedActivities(db);
  const [suggestion] = rowsOf(
    await db.execute(sql`
      select s.id, s.disease_activity_id, d.display_name as disease_name, l.name as country_name,
        array(select sa.article_id from suggested_action_articles sa where sa.suggested_action_id = s.id) as article_ids
      from suggested_actions s
      join diseases d on d.disease_id = s.disease_id
      join locations l on l.id = s.country_id
      where s.disease_id = ${input.diseaseId} and s.country_id = ${input.countryId}
        and s.feedback_at is null`),
  );
  if (!suggestion) throw new ArticleRefusal(404, [messages.noOpenSuggestion]);
  const label = `${String(suggestion['disease_name'])} in ${String(suggestion['country_name'])}`;
  const supporting = new Set((suggestion['article_ids'] as unknown[]).map(Number));
  const outside = [...new Set(input.articleIds)].filter((id) => !supporting.has(id));
  if (outside.length > 0) {
    throw new ArticleRefusal(400, outside.map(messages.articleNotInSuggestion));
  }
  if (suggestion['disease_activity_id'] === null) {
    throw new ArticleRefusal(409, [messages.suggestionHasNoActivity(label)]);
  }
  const activityId = Number(suggestion['disease_activity_id']);
  const [report] = rowsOf(
    await db.execute(sql`
      select r.id, r.type, r.reported_on::text as reported_on, l.display_name as location_name
      from reports r
      join locations l on l.id = r.location_id
      join report_collections c on c.id = r.report_collection_id
      where r.disease_activity_id = ${activityId} and r.report_status = 2
        and r.type in (${EntryType.CASE_DATA}, ${EntryType.DESCRIPTION}, ${EntryType.TRAVELLER}, ${EntryType.INACTIVITY})
      order by r.reported_on desc, c.commit_date desc nulls last, r.id desc
      limit 1`),
  );
  if (!report) throw new ArticleRefusal(409, [messages.activityHasNoLinkableEntry(label)]);
  const reportId = Number(report['id']);
  const type = Number(report['type']);
  const key = linkKeyOf[type];
  if (key === undefined) throw new Error(`report ${reportId} of type ${type} takes no links`);
  const linked = await linkExistingReports(
    db,
    { [key]: [{ reportId, articleIds: [...input.articleIds] }] },
    input.userId,
  );
  await refreshSuggestedActions(db, [{ diseaseId: input.diseaseId, countryId: input.countryId }]);
  return {
    answer: {
      diseaseActivityId: activityId,
      countryId: input.countryId,
      reportId,
      type,
      locationName: String(report['location_name']),
      reportedOn: String(report['reported_on']),
      articleIds: linked.answer.reports.find((r) => r.reportId === reportId)?.articleIds ?? [],
    },
    articleIds: linked.articleIds,
  };
}

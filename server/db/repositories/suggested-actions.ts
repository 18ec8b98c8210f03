import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EntryType, LocationType, SuggestedActionKind } from '@domain/enums';
import { extractCaseFigures } from '@domain/feeds/case-figures';
import { defaultSuggestionDays } from '@domain/suggested-actions';
import type { SuggestedActionItem, SuggestedReport } from '@domain/suggested-actions';
import { rowsOf } from '../rows';
import type { Db } from '../client';
import {
  rejectionReasons,
  suggestedActionArticles,
  suggestedActions,
  suggestedReportArticles,
  suggestedReports,
} from '../schema';
import { recordAudit } from './audit';

/**
 * Suggested actions (spec 001 §3, §7; issue 8), computed from tagged disease-activity articles
 * of the last {@link defaultSuggestionDays} days, per disease and country:
 * - no activity of that disease in that country → a new-activity suggestion (all its articles);
 *   an article counts for its main country only (the one most of its named places are in);
 * - an activity → a suggested update when articles arrived after its last commit (those articles);
 * articles already linked to one of its entries, or older than the pair's last feedback, never
 * count. One open suggestion (no feedback yet) per pair is kept in step by
 * {@link refreshSuggestedActions}; new supporting articles make it unread again. Its pending
 * suggested reports are case figures stated by supporting articles naming a place below the
 * country (one per place and day, the largest figures).
 */

const activeEventDays = 7;

interface Candidate {
  readonly articleId: number;
  readonly diseaseId: number;
  readonly countryId: number;
  readonly published: Date;
  readonly inserted: Date;
  readonly subLocationId: number | null;
  readonly text: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A disease in a country. */
export interface DiseaseCountry {
  readonly diseaseId: number;
  readonly countryId: number;
}

/**
 * Brings the open suggestions in step with the articles: of every pair, or only of `pairs`
 * (what an ingestion just touched: the cost then follows the new articles, not the corpus).
 */
export async function refreshSuggestedActions(
  db: Db,
  pairs?: readonly DiseaseCountry[],
  lastNDays = defaultSuggestionDays,
): Promise<void> {
  const onlyPairs = pairs === undefined ? null : JSON.stringify(pairs);
  const inPairs = (disease: SQL, country: SQL) =>
    onlyPairs === null
      ? sql`true`
      : sql`(${disease}, ${country}) in (select (p->>'diseaseId')::int, (p->>'countryId')::int from jsonb_array_elements(${onlyPairs}::jsonb) p)`;
  const rows = rowsOf(
    await db.execute(sql`
      with recent as (
        select a.article_id, a.published_date, a.inserted_date, a.title, a.summary
        from articles a
        where a.ham_type_id = 3 and a.inserted_date > now() - make_interval(days => ${lastNDays})
      ),
      by_country as (
        select al.article_id, coalesce(l.country_id, l.id) as country_id, count(*) as places,
          -- The most specific place: a city before a county, metro or province.
          (array_agg(l.id order by array_position(array[2, 9, 30, 4], l.location_type::int), l.id)
            filter (where l.location_type <> ${LocationType.Country}))[1] as sub_location_id
        from article_locations al join locations l on l.id = al.location_id
        where al.article_id in (select article_id from recent)
        group by al.article_id, coalesce(l.country_id, l.id)
      ),
      -- An article supports its main country only (the one most of its places are in): a
      -- country named for context ('workers who arrived from Bolivia') suggests nothing.
      places as (
        select distinct on (article_id) article_id, country_id, sub_location_id
        from by_country order by article_id, places desc, country_id
      )
      select r.article_id, ad.disease_id, p.country_id, p.sub_location_id,
        coalesce(r.published_date, r.inserted_date) as published, r.inserted_date as inserted,
        r.title || ' ' || coalesce(r.summary, '') as text
      from recent r
      join article_diseases ad on ad.article_id = r.article_id
      join places p on p.article_id = r.article_id
      where ${inPairs(sql`ad.disease_id`, sql`p.country_id`)}
        and not exists (
        select 1 from report_articles ra
        join reports rp on rp.id = ra.report_id and rp.report_status is distinct from 0
        join disease_activities da on da.disease_activity_id = rp.disease_activity_id
        where ra.article_id = r.article_id and da.disease_id = ad.disease_id and da.country_id = p.country_id)`),
  );
  const byPair = new Map<string, Candidate[]>();
  for (const row of rows) {
    const c: Candidate = {
      articleId: Number(row['article_id']),
      diseaseId: Number(row['disease_id']),
      countryId: Number(row['country_id']),
      published: new Date(String(row['published'])),
      inserted: new Date(String(row['inserted'])),
      subLocationId: row['sub_location_id'] === null ? null : Number(row['sub_location_id']),
      text: String(row['text']),
    };
    const key = `${c.diseaseId}:${c.countryId}`;
    const list = byPair.get(key);
    if (list) list.push(c);
    else byPair.set(key, [c]);
  }

  // Per pair: the activity (latest committed first) and the last feedback.
  const activities = new Map<string, { id: number; lastCommit: Date | null }>();
  for (const row of rowsOf(
    await db.execute(sql`
      select distinct on (da.disease_id, da.country_id) da.disease_id, da.country_id,
        da.disease_activity_id, s.last_committed_date
      from disease_activities da
      left join disease_activity_summaries s on s.disease_activity_id = da.disease_activity_id
      order by da.disease_id, da.country_id, s.last_committed_date desc nulls last, da.disease_activity_id`),
  )) {
    activities.set(`${String(row['disease_id'])}:${String(row['country_id'])}`, {
      id: Number(row['disease_activity_id']),
      lastCommit: row['last_committed_date'] ? new Date(String(row['last_committed_date'])) : null,
    });
  }
  const existing = await db
    .select()
    .from(suggestedActions)
    .where(inPairs(sql`${suggestedActions.diseaseId}`, sql`${suggestedActions.countryId}`));
  const lastFeedback = new Map<string, Date>();
  const open = new Map<string, (typeof existing)[number]>();
  for (const s of existing) {
    const key = `${s.diseaseId}:${s.countryId}`;
    if (s.feedbackAt) {
      const before = lastFeedback.get(key);
      if (!before || before < s.feedbackAt) lastFeedback.set(key, s.feedbackAt);
    } else open.set(key, s);
  }

  await db.transaction(async (tx) => {
    const keep = new Set<number>();
    for (const [key, all] of byPair) {
      const activity = activities.get(key);
      const feedback = lastFeedback.get(key);
      const support = all.filter(
        (c) =>
          (!feedback || c.inserted > feedback) &&
          (!activity?.lastCommit || c.inserted > activity.lastCommit),
      );
      if (support.length === 0) continue;
      const [first] = support;
      if (!first) continue;
      const published = support.map((c) => c.published.getTime());
      const values = {
        kind: activity
          ? SuggestedActionKind.NewSuggestedUpdate
          : SuggestedActionKind.NewSuggestedActivity,
        diseaseId: first.diseaseId,
        countryId: first.countryId,
        diseaseActivityId: activity?.id ?? null,
        startDate: dayOf(new Date(Math.min(...published))),
        isNewActivity: !activity,
        isActiveEvent: Math.max(...published) > Date.now() - activeEventDays * 86_400_000,
        incomplete: support.every((c) => c.subLocationId === null),
      };
      const current = open.get(key);
      let id: number;
      if (current) {
        id = current.id;
        const had = new Set(
          (
            await tx
              .select({ articleId: suggestedActionArticles.articleId })
              .from(suggestedActionArticles)
              .where(eq(suggestedActionArticles.suggestedActionId, id))
          ).map((r) => r.articleId),
        );
        const gained = support.some((c) => !had.has(c.articleId));
        await tx
          .update(suggestedActions)
          .set({ ...values, ...(gained ? { isRead: false } : {}) })
          .where(eq(suggestedActions.id, id));
        await tx
          .delete(suggestedActionArticles)
          .where(eq(suggestedActionArticles.suggestedActionId, id));
      } else {
        const [row] = await tx
          .insert(suggestedActions)
          .values(values)
          .returning({ id: suggestedActions.id });
        if (!row) throw new Error('suggested action insert returned nothing');
        id = row.id;
      }
      keep.add(id);
      await tx
        .insert(suggestedActionArticles)
        .values(support.map((c) => ({ suggestedActionId: id, articleId: c.articleId })))
        .onConflictDoNothing();
      await replacePendingReports(tx, id, support);
    }
    const stale = [...open.values()].map((s) => s.id).filter((id) => !keep.has(id));
    if (stale.length > 0)
      await tx.delete(suggestedActions).where(inArray(suggestedActions.id, stale));
  });
}

/** Pending suggested reports: one per place and day with the largest stated figures. */
async function replacePendingReports(
  db: Db,
  suggestedActionId: number,
  support: readonly Candidate[],
) {
  await db
    .delete(suggestedReports)
    .where(
      and(
        eq(suggestedReports.suggestedActionId, suggestedActionId),
        isNull(suggestedReports.qualityReasonId),
        isNull(suggestedReports.acceptedReportId),
      ),
    );
  const proposals = new Map<
    string,
    {
      locationId: number;
      reportedOn: string;
      cases: number | null;
      deaths: number | null;
      articleIds: number[];
    }
  >();
  for (const c of support) {
    if (c.subLocationId === null) continue;
    const figures = extractCaseFigures(c.text);
    if (figures.reportedCases === null && figures.deaths === null) continue;
    const reportedOn = dayOf(c.published);
    const key = `${c.subLocationId}:${reportedOn}`;
    const p = proposals.get(key) ?? {
      locationId: c.subLocationId,
      reportedOn,
      cases: null,
      deaths: null,
      articleIds: [],
    };
    p.cases =
      Math.max(p.cases ?? 0, figures.reportedCases ?? 0) || p.cases || figures.reportedCases;
    p.deaths = Math.max(p.deaths ?? 0, figures.deaths ?? 0) || p.deaths || figures.deaths;
    p.articleIds.push(c.articleId);
    proposals.set(key, p);
  }
  for (const p of proposals.values()) {
    const [row] = await db
      .insert(suggestedReports)
      .values({
        suggestedActionId,
        locationId: p.locationId,
        type: EntryType.CASE_DATA,
        reportedOn: p.reportedOn,
        reportedCases: p.cases,
        deaths: p.deaths,
      })
      .returning({ id: suggestedReports.id });
    if (!row) continue;
    await db
      .insert(suggestedReportArticles)
      .values(p.articleIds.map((articleId) => ({ suggestedReportId: row.id, articleId })))
      .onConflictDoNothing();
  }
}

/**
 * New-activity suggestions whose activity has been created since (from the suggestion or by
 * hand) are recomputed, so they become suggested updates of it (or go) before a list is read.
 */
export async function reconcileCreatedActivities(db: Db): Promise<void> {
  const pairs = rowsOf(
    await db.execute(sql`
      select s.disease_id, s.country_id from suggested_actions s
      where s.feedback_at is null and s.is_new_activity
        and exists (select 1 from disease_activities da
                    where da.disease_id = s.disease_id and da.country_id = s.country_id)`),
  ).map((r) => ({ diseaseId: Number(r['disease_id']), countryId: Number(r['country_id']) }));
  if (pairs.length > 0) await refreshSuggestedActions(db, pairs);
}

/** Open suggestions (no feedback) with a supporting article inserted in the last N days. */
export async function listSuggestedActions(
  db: Db,
  options: { lastNDays: number; unreadOnly?: boolean; diseaseId?: number; countryId?: number },
): Promise<SuggestedActionItem[]> {
  await reconcileCreatedActivities(db);
  const rows = rowsOf(
    await db.execute(sql`
      select s.id, s.kind, s.disease_id, s.country_id, s.disease_activity_id, s.start_date::text as start_date,
        s.is_new_activity, s.is_active_event, s.incomplete, s.is_read,
        d.display_name as disease_name, l.name as country_name,
        array(select sa.article_id from suggested_action_articles sa join articles a on a.article_id = sa.article_id
              where sa.suggested_action_id = s.id
              order by coalesce(a.published_date, a.inserted_date) desc, a.article_id desc) as article_ids
      from suggested_actions s
      join diseases d on d.disease_id = s.disease_id
      join locations l on l.id = s.country_id
      where s.feedback_at is null
        and (${options.unreadOnly ?? false} = false or s.is_read = false)
        and (${options.diseaseId ?? null}::int is null or s.disease_id = ${options.diseaseId ?? null}::int)
        and (${options.countryId ?? null}::int is null or s.country_id = ${options.countryId ?? null}::int)
        and exists (select 1 from suggested_action_articles sa join articles a on a.article_id = sa.article_id
                    where sa.suggested_action_id = s.id
                      and a.inserted_date > now() - make_interval(days => ${options.lastNDays}))
      order by s.is_read, s.is_new_activity desc, s.id desc`),
  );
  const ids = rows.map((r) => Number(r['id']));
  const reports = await suggestedReportsOf(db, ids);
  return rows.map((r) => {
    const id = Number(r['id']);
    const own = reports.filter((p) => p.suggestedActionId === id);
    const articleIds = (r['article_ids'] as unknown[]).map(Number);
    return {
      id,
      kind: r['kind'] as SuggestedActionItem['kind'],
      diseaseId: Number(r['disease_id']),
      countryId: Number(r['country_id']),
      activityId: r['disease_activity_id'] === null ? null : Number(r['disease_activity_id']),
      diseaseName: String(r['disease_name']),
      countryName: String(r['country_name']),
      supportedArticles: articleIds.length,
      startDate: r['start_date'] === null ? null : String(r['start_date']),
      isNewActivity: r['is_new_activity'] === true,
      isActiveEvent: r['is_active_event'] === true,
      incomplete: r['incomplete'] === true,
      isRead: r['is_read'] === true,
      suggestedReports: own,
      numPendingReports: own.filter(
        (p) => p.qualityReasonId === null && p.acceptedReportId === null,
      ).length,
      articleIds,
    };
  });
}

/** Suggested reports of some suggestions, or one by id. */
export async function suggestedReportsOf(
  db: Db,
  suggestedActionIds: readonly number[] | null,
  reportId?: number,
): Promise<SuggestedReport[]> {
  if (suggestedActionIds !== null && suggestedActionIds.length === 0) return [];
  const ids = JSON.stringify(suggestedActionIds ?? []);
  const rows = rowsOf(
    await db.execute(sql`
      select r.id, r.suggested_action_id, r.location_id, l.display_name as location_name, r.type,
        r.reported_on::text as reported_on, r.reported_cases, r.deaths, r.quality_reason_id,
        r.accepted_report_id,
        array(select ra.article_id from suggested_report_articles ra where ra.suggested_report_id = r.id order by ra.article_id) as article_ids
      from suggested_reports r join locations l on l.id = r.location_id
      where (${suggestedActionIds === null} or r.suggested_action_id in (select jsonb_array_elements_text(${ids}::jsonb)::int))
        and (${reportId ?? null}::int is null or r.id = ${reportId ?? null}::int)
      order by r.reported_on desc, r.id`),
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: Number(r['id']),
    suggestedActionId: Number(r['suggested_action_id']),
    locationId: Number(r['location_id']),
    locationName: String(r['location_name']),
    type: Number(r['type']),
    reportedOn: String(r['reported_on']),
    reportedCases: num(r['reported_cases']),
    deaths: num(r['deaths']),
    articleIds: (r['article_ids'] as unknown[]).map(Number),
    qualityReasonId: num(r['quality_reason_id']),
    acceptedReportId: num(r['accepted_report_id']),
  }));
}

/** Marks the open suggestion of a pair read (opening it). */
export async function markSuggestedActionRead(db: Db, diseaseId: number, countryId: number) {
  await db
    .update(suggestedActions)
    .set({ isRead: true })
    .where(
      and(
        eq(suggestedActions.diseaseId, diseaseId),
        eq(suggestedActions.countryId, countryId),
        isNull(suggestedActions.feedbackAt),
      ),
    );
}

export async function reasonExists(db: Db, reasonId: number): Promise<boolean> {
  const rows = await db
    .select({ id: rejectionReasons.id })
    .from(rejectionReasons)
    .where(eq(rejectionReasons.id, reasonId));
  return rows.length > 0;
}

/** Feedback on the open suggestion of a pair; false when there is none. */
export async function giveSuggestedActionFeedback(
  db: Db,
  diseaseId: number,
  countryId: number,
  reasonId: number,
  userId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(suggestedActions)
      .set({
        feedbackReasonId: reasonId,
        feedbackByUserId: userId,
        feedbackAt: sql`now()`,
        isRead: true,
      })
      .where(
        and(
          eq(suggestedActions.diseaseId, diseaseId),
          eq(suggestedActions.countryId, countryId),
          isNull(suggestedActions.feedbackAt),
        ),
      )
      .returning({ id: suggestedActions.id });
    const [row] = updated;
    if (!row) return false;
    await recordAudit(tx, {
      userId,
      action: 'feedback',
      entity: 'suggestedAction',
      entityId: row.id,
      detail: { diseaseId, countryId, reasonId },
    });
    return true;
  });
}

/** Rates a suggested report's quality; false when there is no such report. */
export async function rateSuggestedReport(db: Db, id: number, reasonId: number, userId: number) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(suggestedReports)
      .set({ qualityReasonId: reasonId, qualityByUserId: userId, qualityAt: sql`now()` })
      .where(eq(suggestedReports.id, id))
      .returning({ id: suggestedReports.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, {
      userId,
      action: 'quality',
      entity: 'suggestedReport',
      entityId: id,
      detail: { reasonId },
    });
    return true;
  });
}

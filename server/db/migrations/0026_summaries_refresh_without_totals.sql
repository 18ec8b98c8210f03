-- Issue 31: an activity's totals come from the one cumulative rule
-- (src/domain/entries/cumulative-rule.ts, server/db/repositories/activity-figures.ts), not from
-- the country's latest Daily Total here; the refresh stops computing them and migration 0027
-- drops the columns. The rest of the function is 0003's.
CREATE OR REPLACE FUNCTION activity_summaries_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM disease_activity_summaries WHERE disease_activity_id = ANY(ids);
  INSERT INTO disease_activity_summaries (
    disease_activity_id, number_of_reports, number_of_uncommitted_reports, number_of_articles,
    last_report_date, last_committed_date, last_committed_by_user_id,
    has_auto_surveillance, pending_auto_surveillance,
    oldest_pending_auto_surveillance, last_auto_surveillance_commit_user_id)
  SELECT a.disease_activity_id,
    coalesce(live.number_of_reports, 0), coalesce(live.uncommitted, 0), coalesce(arts.n, 0),
    live.last_report_date, last_commit.commit_date, last_commit.last_updated_by_user_id,
    coalesce(live.has_as, false), coalesce(live.pending_as, 0), live.oldest_pending_as,
    last_as.last_updated_by_user_id
  FROM disease_activities a
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE r.type <> 4) AS number_of_reports,
      count(*) FILTER (WHERE r.type <> 4 AND r.report_status IS DISTINCT FROM 2) AS uncommitted,
      max(r.reported_on) AS last_report_date,
      bool_or(r.type = 3) AS has_as,
      count(*) FILTER (WHERE r.type = 3 AND r.report_status IS DISTINCT FROM 2) AS pending_as,
      min(r.reported_on) FILTER (WHERE r.type = 3 AND r.report_status IS DISTINCT FROM 2)
        AS oldest_pending_as
    FROM reports r
    WHERE r.disease_activity_id = a.disease_activity_id AND r.report_status IS DISTINCT FROM 0
  ) live ON true
  LEFT JOIN LATERAL (
    SELECT c.commit_date, c.last_updated_by_user_id FROM report_collections c
    WHERE c.disease_activity_id = a.disease_activity_id AND c.commit_date IS NOT NULL
    ORDER BY c.commit_date DESC, c.id DESC LIMIT 1
  ) last_commit ON true
  LEFT JOIN LATERAL (
    SELECT c.last_updated_by_user_id FROM reports r
    JOIN report_collections c ON c.id = r.report_collection_id
    WHERE r.disease_activity_id = a.disease_activity_id AND r.type = 3 AND r.report_status = 2
    ORDER BY c.commit_date DESC NULLS LAST, c.id DESC LIMIT 1
  ) last_as ON true
  LEFT JOIN LATERAL (
    SELECT count(DISTINCT ra.article_id) AS n FROM report_articles ra
    JOIN reports r ON r.id = ra.report_id
    WHERE r.disease_activity_id = a.disease_activity_id AND r.report_status IS DISTINCT FROM 0
  ) arts ON true
  WHERE a.disease_activity_id = ANY(ids);
END $$;

CREATE TABLE "disease_activity_summaries" (
	"disease_activity_id" integer PRIMARY KEY NOT NULL,
	"number_of_reports" integer DEFAULT 0 NOT NULL,
	"number_of_uncommitted_reports" integer DEFAULT 0 NOT NULL,
	"number_of_articles" integer DEFAULT 0 NOT NULL,
	"last_report_date" date,
	"last_committed_date" timestamp with time zone,
	"last_committed_by_user_id" integer,
	"total_reported_cases" integer,
	"total_number_of_deaths" integer,
	"has_auto_surveillance" boolean DEFAULT false NOT NULL,
	"pending_auto_surveillance" integer DEFAULT 0 NOT NULL,
	"oldest_pending_auto_surveillance" date,
	"last_auto_surveillance_commit_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "disease_activity_summaries" ADD CONSTRAINT "disease_activity_summaries_disease_activity_id_disease_activities_disease_activity_id_fk" FOREIGN KEY ("disease_activity_id") REFERENCES "public"."disease_activities"("disease_activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disease_activity_summaries" ADD CONSTRAINT "disease_activity_summaries_last_committed_by_user_id_users_id_fk" FOREIGN KEY ("last_committed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disease_activity_summaries" ADD CONSTRAINT "disease_activity_summaries_last_auto_surveillance_commit_user_id_users_id_fk" FOREIGN KEY ("last_auto_surveillance_commit_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Recomputes the index figures of the given activities from their reports (see
-- server/db/schema/activity-summaries.ts). Only activities that still exist get a row, so a
-- cascade from a deleted activity leaves nothing behind.
CREATE FUNCTION activity_summaries_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM disease_activity_summaries WHERE disease_activity_id = ANY(ids);
  INSERT INTO disease_activity_summaries (
    disease_activity_id, number_of_reports, number_of_uncommitted_reports, number_of_articles,
    last_report_date, last_committed_date, last_committed_by_user_id, total_reported_cases,
    total_number_of_deaths, has_auto_surveillance, pending_auto_surveillance,
    oldest_pending_auto_surveillance, last_auto_surveillance_commit_user_id)
  SELECT a.disease_activity_id,
    coalesce(live.number_of_reports, 0), coalesce(live.uncommitted, 0), coalesce(arts.n, 0),
    live.last_report_date, last_commit.commit_date, last_commit.last_updated_by_user_id,
    totals.reported_cumulative, totals.deaths_cumulative,
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
    SELECT r.reported_cumulative, r.deaths_cumulative FROM reports r
    WHERE r.disease_activity_id = a.disease_activity_id AND r.location_id = a.country_id
      AND r.type = 4 AND r.report_status = 2
    ORDER BY r.reported_on DESC, r.id DESC LIMIT 1
  ) totals ON true
  LEFT JOIN LATERAL (
    SELECT count(DISTINCT ra.article_id) AS n FROM report_articles ra
    JOIN reports r ON r.id = ra.report_id
    WHERE r.disease_activity_id = a.disease_activity_id AND r.report_status IS DISTINCT FROM 0
  ) arts ON true
  WHERE a.disease_activity_id = ANY(ids);
END $$;
--> statement-breakpoint
-- Statement triggers with transition tables: one refresh per statement for the activities it
-- touched, however many rows it wrote.
CREATE FUNCTION activity_summaries_by_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_summaries_refresh(ARRAY(SELECT DISTINCT disease_activity_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION activity_summaries_by_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_summaries_refresh(ARRAY(
    SELECT DISTINCT r.disease_activity_id FROM changed ch JOIN reports r ON r.id = ch.report_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_summary_insert AFTER INSERT ON reports REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER reports_summary_update AFTER UPDATE ON reports REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER reports_summary_delete AFTER DELETE ON reports REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER report_collections_summary_insert AFTER INSERT ON report_collections REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER report_collections_summary_update AFTER UPDATE ON report_collections REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER report_collections_summary_delete AFTER DELETE ON report_collections REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_activity();--> statement-breakpoint
CREATE TRIGGER report_articles_summary_insert AFTER INSERT ON report_articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_report();--> statement-breakpoint
CREATE TRIGGER report_articles_summary_update AFTER UPDATE ON report_articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_report();--> statement-breakpoint
CREATE TRIGGER report_articles_summary_delete AFTER DELETE ON report_articles REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_summaries_by_report();--> statement-breakpoint
-- Activities that exist before this migration (a seeded database) get their rows now.
SELECT activity_summaries_refresh(ARRAY(SELECT disease_activity_id FROM disease_activities));

CREATE TABLE "activity_list_changes" (
	"version" bigint NOT NULL,
	"disease_activity_id" integer
);
--> statement-breakpoint
ALTER TABLE "activity_list_version" ADD COLUMN "pruned_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_list_changes_version_idx" ON "activity_list_changes" USING btree ("version");
--> statement-breakpoint
-- A change nothing names an activity for (a renamed disease, species, country or analyst, a
-- TRUNCATE): bump the version and log a null activity, so a kept list is rebuilt whole.
CREATE OR REPLACE FUNCTION activity_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE activity_list_version SET version = version + 1 RETURNING version INTO v;
  INSERT INTO activity_list_changes (version, disease_activity_id) VALUES (v, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement on a table keyed by activity: bump the version once and log the activities the
-- statement wrote (its transition table `changed`: the new rows of an INSERT or UPDATE, the old
-- rows of a DELETE; an activity's rows never move to another activity).
CREATE FUNCTION activity_list_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF;
  UPDATE activity_list_version SET version = version + 1 RETURNING version INTO v;
  INSERT INTO activity_list_changes (version, disease_activity_id)
    SELECT DISTINCT v, disease_activity_id FROM changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER disease_activity_summaries_list_version ON disease_activity_summaries;--> statement-breakpoint
DROP TRIGGER disease_activities_list_version ON disease_activities;--> statement-breakpoint
DROP TRIGGER disease_activity_countries_list_version ON disease_activity_countries;--> statement-breakpoint
DROP TRIGGER reporting_periods_list_version ON reporting_periods;--> statement-breakpoint
CREATE TRIGGER disease_activity_summaries_list_insert AFTER INSERT ON disease_activity_summaries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_summaries_list_update AFTER UPDATE ON disease_activity_summaries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_summaries_list_delete AFTER DELETE ON disease_activity_summaries REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_summaries_list_truncate AFTER TRUNCATE ON disease_activity_summaries FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER disease_activities_list_insert AFTER INSERT ON disease_activities REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activities_list_update AFTER UPDATE ON disease_activities REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activities_list_delete AFTER DELETE ON disease_activities REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activities_list_truncate AFTER TRUNCATE ON disease_activities FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER disease_activity_countries_list_insert AFTER INSERT ON disease_activity_countries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_countries_list_update AFTER UPDATE ON disease_activity_countries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_countries_list_delete AFTER DELETE ON disease_activity_countries REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER disease_activity_countries_list_truncate AFTER TRUNCATE ON disease_activity_countries FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER reporting_periods_list_insert AFTER INSERT ON reporting_periods REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER reporting_periods_list_update AFTER UPDATE ON reporting_periods REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER reporting_periods_list_delete AFTER DELETE ON reporting_periods REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_list_record();--> statement-breakpoint
CREATE TRIGGER reporting_periods_list_truncate AFTER TRUNCATE ON reporting_periods FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
-- A new disease, species or location names no existing activity: only changes and removals count.
DROP TRIGGER diseases_list_version ON diseases;--> statement-breakpoint
DROP TRIGGER species_list_version ON species;--> statement-breakpoint
DROP TRIGGER locations_list_version ON locations;--> statement-breakpoint
CREATE TRIGGER diseases_list_version AFTER UPDATE OR DELETE OR TRUNCATE ON diseases FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER species_list_version AFTER UPDATE OR DELETE OR TRUNCATE ON species FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER locations_list_version AFTER UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
-- Lists kept before this migration know no log: the version moves past them.
UPDATE activity_list_version SET version = version + 1, pruned_through = version + 1;

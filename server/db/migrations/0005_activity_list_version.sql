CREATE TABLE "activity_list_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_list_version_single_row" CHECK ("activity_list_version"."id")
);
--> statement-breakpoint
INSERT INTO "activity_list_version" DEFAULT VALUES;--> statement-breakpoint
-- Any statement that changes what the disease activity index shows bumps the version, so the
-- server's serialised list is reused until then (server/http/api/disease-activities.ts).
CREATE FUNCTION activity_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activity_list_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER disease_activity_summaries_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON disease_activity_summaries FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER disease_activities_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON disease_activities FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER disease_activity_countries_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON disease_activity_countries FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER reporting_periods_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reporting_periods FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
-- Signed-in analysts are upserted every few minutes: only a changed name counts.
CREATE TRIGGER users_list_version AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.given_name IS DISTINCT FROM NEW.given_name OR OLD.family_name IS DISTINCT FROM NEW.family_name OR OLD.initials IS DISTINCT FROM NEW.initials) EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER diseases_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON diseases FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER species_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON species FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();--> statement-breakpoint
CREATE TRIGGER locations_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION activity_list_version_bump();

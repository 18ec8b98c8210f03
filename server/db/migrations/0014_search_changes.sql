CREATE TABLE "search_change_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_change_version_single_row" CHECK ("search_change_version"."id")
);
--> statement-breakpoint
CREATE TABLE "search_changes" (
	"version" bigint NOT NULL,
	"index_name" text NOT NULL,
	"keys" text[]
);
--> statement-breakpoint
CREATE TABLE "search_followers" (
	"follower_id" text PRIMARY KEY NOT NULL,
	"applied" bigint NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_by" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "search_changes_version_idx" ON "search_changes" USING btree ("version");--> statement-breakpoint
INSERT INTO "search_change_version" ("id", "version", "pruned_through") VALUES (true, 0, 0);
--> statement-breakpoint
-- A statement on a search index's table (TG_ARGV: the index's name, its key column): take the
-- next version under the version row's lock (held to commit, so versions follow commit order),
-- log the keys the statement wrote (its transition table `changed`: new rows of an INSERT or
-- UPDATE, old rows of a DELETE; a key never changes), or null when more than 10,000 (a reindex:
-- followers reload whole), and tell the listening servers (delivered at commit).
CREATE FUNCTION search_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  n bigint;
  written text[];
BEGIN
  SELECT count(*) INTO n FROM (SELECT 1 FROM changed LIMIT 10001) c;
  IF n = 0 THEN RETURN NULL; END IF;
  IF n <= 10000 THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM changed', TG_ARGV[1]) INTO written;
  END IF;
  UPDATE search_change_version SET version = version + 1 RETURNING version INTO v;
  INSERT INTO search_changes (version, index_name, keys) VALUES (v, TG_ARGV[0], written);
  PERFORM pg_notify('ist_search_changes', v::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_changes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE search_change_version SET version = version + 1 RETURNING version INTO v;
  INSERT INTO search_changes (version, index_name, keys) VALUES (v, TG_ARGV[0], NULL);
  PERFORM pg_notify('ist_search_changes', v::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_articles_changes_insert AFTER INSERT ON search_articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('articles', 'articleId');--> statement-breakpoint
CREATE TRIGGER search_articles_changes_update AFTER UPDATE ON search_articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('articles', 'articleId');--> statement-breakpoint
CREATE TRIGGER search_articles_changes_delete AFTER DELETE ON search_articles REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('articles', 'articleId');--> statement-breakpoint
CREATE TRIGGER search_articles_changes_truncate AFTER TRUNCATE ON search_articles FOR EACH STATEMENT EXECUTE FUNCTION search_changes_truncated('articles');--> statement-breakpoint
CREATE TRIGGER search_locations_changes_insert AFTER INSERT ON search_locations REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('locations', 'key');--> statement-breakpoint
CREATE TRIGGER search_locations_changes_update AFTER UPDATE ON search_locations REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('locations', 'key');--> statement-breakpoint
CREATE TRIGGER search_locations_changes_delete AFTER DELETE ON search_locations REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('locations', 'key');--> statement-breakpoint
CREATE TRIGGER search_locations_changes_truncate AFTER TRUNCATE ON search_locations FOR EACH STATEMENT EXECUTE FUNCTION search_changes_truncated('locations');

-- The `feeds` index (the view search_feeds, migration 0017) joins up to the change log (0014),
-- so a pusher to a remote search service (server/search/remote/) sends its documents when they
-- change: a statement on data_sources logs the ids it wrote (the view's key is the id as text)
-- through the same statement triggers as the search tables; an update of a category, group or
-- priority logs the ids of the sources that show its name. Inserting a lookup changes no
-- document, and deleting one still named by a source is refused by its foreign key.
CREATE FUNCTION search_feeds_lookup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  written text[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(DISTINCT s.id::text) FROM data_sources s WHERE s.%I IN (SELECT id FROM changed)',
    TG_ARGV[0]) INTO written;
  IF written IS NULL THEN RETURN NULL; END IF;
  UPDATE search_change_version SET version = version + 1 RETURNING version INTO v;
  INSERT INTO search_changes (version, index_name, keys) VALUES (v, 'feeds', written);
  PERFORM pg_notify('ist_search_changes', v::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER data_sources_changes_insert AFTER INSERT ON data_sources REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('feeds', 'id');--> statement-breakpoint
CREATE TRIGGER data_sources_changes_update AFTER UPDATE ON data_sources REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('feeds', 'id');--> statement-breakpoint
CREATE TRIGGER data_sources_changes_delete AFTER DELETE ON data_sources REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_changes_record('feeds', 'id');--> statement-breakpoint
CREATE TRIGGER data_sources_changes_truncate AFTER TRUNCATE ON data_sources FOR EACH STATEMENT EXECUTE FUNCTION search_changes_truncated('feeds');--> statement-breakpoint
CREATE TRIGGER data_source_categories_feeds_changes AFTER UPDATE ON data_source_categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_feeds_lookup_changed('category_id');--> statement-breakpoint
CREATE TRIGGER data_source_groups_feeds_changes AFTER UPDATE ON data_source_groups REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_feeds_lookup_changed('group_id');--> statement-breakpoint
CREATE TRIGGER data_source_priorities_feeds_changes AFTER UPDATE ON data_source_priorities REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_feeds_lookup_changed('priority_id');

CREATE TABLE "search_articles_owed" (
	"article_id" integer NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_articles_owed_article_idx" ON "search_articles_owed" USING btree ("article_id");--> statement-breakpoint
-- A statement on a table an article's search document is built from (server/search/indexer.ts):
-- mark the articles it touched (transition table `changed`; TG_ARGV[0] its article column), in
-- its transaction. The indexer clears a mark in the transaction that rebuilds the document.
CREATE FUNCTION search_articles_owe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO search_articles_owed (article_id) SELECT DISTINCT %I FROM changed WHERE %I IS NOT NULL',
    TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An entry deleted (status 0) or restored no longer links its articles, or links them again.
CREATE FUNCTION search_articles_owe_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_articles_owed (article_id)
    SELECT DISTINCT ra.article_id
    FROM changed c
    JOIN before b ON b.id = c.id
    JOIN report_articles ra ON ra.report_id = c.id
    WHERE c.report_status IS DISTINCT FROM b.report_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_search_owed_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER articles_search_owed_update AFTER UPDATE ON articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER articles_search_owed_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_diseases_search_owed_insert AFTER INSERT ON article_diseases REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_diseases_search_owed_delete AFTER DELETE ON article_diseases REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_locations_search_owed_insert AFTER INSERT ON article_locations REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_locations_search_owed_delete AFTER DELETE ON article_locations REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_context_tags_search_owed_insert AFTER INSERT ON article_context_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_context_tags_search_owed_update AFTER UPDATE ON article_context_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER article_context_tags_search_owed_delete AFTER DELETE ON article_context_tags REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER report_articles_search_owed_insert AFTER INSERT ON report_articles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER report_articles_search_owed_delete AFTER DELETE ON report_articles REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe('article_id');--> statement-breakpoint
CREATE TRIGGER reports_search_owed_update AFTER UPDATE ON reports REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_articles_owe_reports();

-- A version per report collection (issue 6): its ETag, raised by every save of it; see
-- server/db/schema/reports.ts reportCollections.version.
ALTER TABLE "report_collections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
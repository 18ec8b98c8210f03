-- Written by hand (drizzle-kit does not track functions): the search tables' generated tsvector columns need an IMMUTABLE join of a text[]; array_to_string is only STABLE.
CREATE OR REPLACE FUNCTION ist_search_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;
--> statement-breakpoint
CREATE TABLE "search_articles" (
	"articleId" text PRIMARY KEY NOT NULL,
	"articleFeed" integer,
	"articleTitle" text,
	"publishedDate" timestamp (3) with time zone,
	"insertedDate" timestamp (3) with time zone,
	"articleType" integer,
	"sourceUrl" text,
	"sourceGroup" text,
	"sourcePriority" text,
	"sourceCategory" text,
	"clusterId" text,
	"isRead" boolean,
	"isCompleted" boolean,
	"isImportant" boolean,
	"isChild" boolean,
	"childrenCount" integer,
	"originalLanguage" text,
	"diseaseNames" text[] DEFAULT '{}'::text[] NOT NULL,
	"locationNames" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"isLinkedToActivity" boolean,
	"createdBy" text,
	"contextTagNames" text[] DEFAULT '{}'::text[] NOT NULL,
	"suggestedContextTagNames" text[] DEFAULT '{}'::text[] NOT NULL,
	"isCosmosDbArticle" boolean,
	"articleBody" text,
	"diseaseIds" text[] DEFAULT '{}'::text[] NOT NULL,
	"articleId_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("articleId", ''))) STORED,
	"articleTitle_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("articleTitle", ''))) STORED,
	"diseaseNames_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(ist_search_text("diseaseNames"), ''))) STORED,
	"locationNames_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(ist_search_text("locationNames"), ''))) STORED,
	"summary_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("summary", ''))) STORED,
	"contextTagNames_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(ist_search_text("contextTagNames"), ''))) STORED,
	"articleBody_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("articleBody", ''))) STORED,
	"diseaseIds_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(ist_search_text("diseaseIds"), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "search_locations" (
	"key" text PRIMARY KEY NOT NULL,
	"id" bigint,
	"displayName" text,
	"provinceId" bigint,
	"countryId" bigint,
	"population" bigint,
	"locationType" integer,
	"featureCode" text,
	"name" text,
	"provinceName" text,
	"isDuplicate" boolean,
	"displayName_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("displayName", ''))) STORED,
	"name_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("name", ''))) STORED,
	"provinceName_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("provinceName", ''))) STORED
);
--> statement-breakpoint
CREATE INDEX "search_articles_inserted_idx" ON "search_articles" USING btree ("insertedDate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_articles_published_idx" ON "search_articles" USING btree ("publishedDate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_articles_type_inserted_idx" ON "search_articles" USING btree ("articleType","insertedDate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_articles_read_inserted_idx" ON "search_articles" USING btree ("isRead","insertedDate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_articles_cluster_idx" ON "search_articles" USING btree ("clusterId");--> statement-breakpoint
CREATE INDEX "search_articles_feed_idx" ON "search_articles" USING btree ("articleFeed");--> statement-breakpoint
CREATE INDEX "search_articles_created_by_idx" ON "search_articles" USING btree ("createdBy");--> statement-breakpoint
CREATE INDEX "search_articles_source_category_idx" ON "search_articles" USING btree ("sourceCategory");--> statement-breakpoint
CREATE INDEX "search_articles_source_group_idx" ON "search_articles" USING btree ("sourceGroup");--> statement-breakpoint
CREATE INDEX "search_articles_linked_idx" ON "search_articles" USING btree ("isLinkedToActivity");--> statement-breakpoint
CREATE INDEX "search_articles_cosmos_idx" ON "search_articles" USING btree ("isCosmosDbArticle");--> statement-breakpoint
CREATE INDEX "search_articles_disease_ids_gin" ON "search_articles" USING gin ("diseaseIds");--> statement-breakpoint
CREATE INDEX "search_articles_disease_names_gin" ON "search_articles" USING gin ("diseaseNames");--> statement-breakpoint
CREATE INDEX "search_articles_location_names_gin" ON "search_articles" USING gin ("locationNames");--> statement-breakpoint
CREATE INDEX "search_articles_context_tags_gin" ON "search_articles" USING gin ("contextTagNames");--> statement-breakpoint
CREATE INDEX "search_articles_suggested_tags_gin" ON "search_articles" USING gin ("suggestedContextTagNames");--> statement-breakpoint
CREATE INDEX "search_articles_article_id_tsv_gin" ON "search_articles" USING gin ("articleId_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_title_tsv_gin" ON "search_articles" USING gin ("articleTitle_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_disease_names_tsv_gin" ON "search_articles" USING gin ("diseaseNames_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_location_names_tsv_gin" ON "search_articles" USING gin ("locationNames_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_summary_tsv_gin" ON "search_articles" USING gin ("summary_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_context_tags_tsv_gin" ON "search_articles" USING gin ("contextTagNames_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_body_tsv_gin" ON "search_articles" USING gin ("articleBody_tsv");--> statement-breakpoint
CREATE INDEX "search_articles_disease_ids_tsv_gin" ON "search_articles" USING gin ("diseaseIds_tsv");--> statement-breakpoint
CREATE INDEX "search_locations_id_idx" ON "search_locations" USING btree ("id");--> statement-breakpoint
CREATE INDEX "search_locations_population_idx" ON "search_locations" USING btree ("population" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_locations_country_type_idx" ON "search_locations" USING btree ("countryId","locationType");--> statement-breakpoint
CREATE INDEX "search_locations_type_idx" ON "search_locations" USING btree ("locationType");--> statement-breakpoint
CREATE INDEX "search_locations_display_name_tsv_gin" ON "search_locations" USING gin ("displayName_tsv");--> statement-breakpoint
CREATE INDEX "search_locations_name_tsv_gin" ON "search_locations" USING gin ("name_tsv");--> statement-breakpoint
CREATE INDEX "search_locations_province_name_tsv_gin" ON "search_locations" USING gin ("provinceName_tsv");
-- Custom articles (added by an analyst: created_by_user_id set) are published when inserted
-- (server/db/repositories/articles-write.ts). Databases written before that rule hold custom
-- articles without a publishedDate, which a sort or a filter on the publication date puts among
-- articles that have none: give them the same instant as insertedDate, in the articles table and
-- in the embedded search service's documents of them. Feed articles keep what their feed sent.
UPDATE "articles" SET "published_date" = "inserted_date"
WHERE "published_date" IS NULL AND "created_by_user_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "search_articles" s SET "publishedDate" = a."inserted_date"
FROM "articles" a
WHERE s."articleId" = a."article_id"::text
  AND s."publishedDate" IS NULL
  AND a."created_by_user_id" IS NOT NULL;

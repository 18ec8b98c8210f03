-- Documents of the `articles` index written through docs/index are marked `uploaded` from now on
-- (issue 30): the start-up repair removes only what the indexer wrote for an article now gone.
-- Documents already there whose numeric key names no article cannot be told apart: they may
-- have been uploaded, so they are kept (marked uploaded) rather than removed.
UPDATE "search_articles" s SET "uploaded" = true
WHERE NOT EXISTS (SELECT 1 FROM "articles" a WHERE a."article_id"::text = s."articleId");

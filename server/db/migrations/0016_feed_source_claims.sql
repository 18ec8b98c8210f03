ALTER TABLE "feed_sources" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD COLUMN "claimed_until" timestamp with time zone;
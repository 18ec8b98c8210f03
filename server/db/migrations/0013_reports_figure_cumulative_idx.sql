-- Per figure, the reports that carry its cumulative, by activity, place and day: validate and save
-- find each place's latest one before a day (server/db/repositories/entries-window-read.ts) in one
-- index step, also for a figure never reported (else a walk over the place's whole history).
CREATE INDEX "reports_reported_cumulative_idx" ON "reports" USING btree ("disease_activity_id","location_id","reported_on" DESC NULLS LAST) WHERE "reports"."reported_cumulative" is not null;--> statement-breakpoint
CREATE INDEX "reports_suspected_cumulative_idx" ON "reports" USING btree ("disease_activity_id","location_id","reported_on" DESC NULLS LAST) WHERE "reports"."suspected_cumulative" is not null;--> statement-breakpoint
CREATE INDEX "reports_confirmed_cumulative_idx" ON "reports" USING btree ("disease_activity_id","location_id","reported_on" DESC NULLS LAST) WHERE "reports"."confirmed_cumulative" is not null;--> statement-breakpoint
CREATE INDEX "reports_deaths_cumulative_idx" ON "reports" USING btree ("disease_activity_id","location_id","reported_on" DESC NULLS LAST) WHERE "reports"."deaths_cumulative" is not null;
ALTER TABLE "disease_activity_summaries" DROP COLUMN "total_reported_cases";--> statement-breakpoint
ALTER TABLE "disease_activity_summaries" DROP COLUMN "total_number_of_deaths";
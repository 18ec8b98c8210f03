ALTER TABLE "locations" ADD COLUMN "iso_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_iso_code_key" ON "locations" USING btree ("iso_code");
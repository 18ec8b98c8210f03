CREATE TABLE "activity_figures" (
	"disease_activity_id" integer PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"reported_cases" integer,
	"suspected_cases" integer,
	"confirmed_cases" integer,
	"deaths" integer
);
--> statement-breakpoint
CREATE TABLE "activity_figures_daily" (
	"disease_activity_id" integer NOT NULL,
	"day" date NOT NULL,
	"reported_cases" integer,
	"suspected_cases" integer,
	"confirmed_cases" integer,
	"deaths" integer,
	"new_reported_cases" integer,
	"new_suspected_cases" integer,
	"new_confirmed_cases" integer,
	"new_deaths" integer,
	CONSTRAINT "activity_figures_daily_disease_activity_id_day_pk" PRIMARY KEY("disease_activity_id","day")
);
--> statement-breakpoint
CREATE TABLE "activity_figures_owed" (
	"disease_activity_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_figures" ADD CONSTRAINT "activity_figures_disease_activity_id_disease_activities_disease_activity_id_fk" FOREIGN KEY ("disease_activity_id") REFERENCES "public"."disease_activities"("disease_activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_figures_daily" ADD CONSTRAINT "activity_figures_daily_disease_activity_id_disease_activities_disease_activity_id_fk" FOREIGN KEY ("disease_activity_id") REFERENCES "public"."disease_activities"("disease_activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_figures_owed" ADD CONSTRAINT "activity_figures_owed_disease_activity_id_disease_activities_disease_activity_id_fk" FOREIGN KEY ("disease_activity_id") REFERENCES "public"."disease_activities"("disease_activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_figures_daily_day_idx" ON "activity_figures_daily" USING btree ("day","disease_activity_id");
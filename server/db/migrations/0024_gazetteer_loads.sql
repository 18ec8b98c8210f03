CREATE TABLE "gazetteer_loads" (
	"version" text PRIMARY KEY NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locations_added" integer NOT NULL
);

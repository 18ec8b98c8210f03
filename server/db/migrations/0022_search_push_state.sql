CREATE TABLE "search_index_cors" (
	"index_name" text PRIMARY KEY NOT NULL,
	"allowed_origins" text[] NOT NULL,
	"max_age_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "search_push_indexes" (
	"service" text NOT NULL,
	"index_name" text NOT NULL,
	"applied" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_push_indexes_service_index_name_pk" PRIMARY KEY("service","index_name")
);
--> statement-breakpoint
CREATE TABLE "search_push_refused" (
	"service" text NOT NULL,
	"index_name" text NOT NULL,
	"doc_key" text NOT NULL,
	"status_code" integer NOT NULL,
	"error" text NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_push_refused_service_index_name_doc_key_pk" PRIMARY KEY("service","index_name","doc_key")
);
--> statement-breakpoint
ALTER TABLE "search_articles" ADD COLUMN "uploaded" boolean DEFAULT false NOT NULL;
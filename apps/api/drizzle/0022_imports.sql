CREATE TABLE "import_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row" integer,
	"ref" varchar(100),
	"outcome" varchar(10) NOT NULL,
	"property_id" integer,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"format" varchar(12) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"schedule" varchar(8) NOT NULL,
	"url" varchar(2048),
	"file_key" varchar(120),
	"file_name" varchar(200),
	"status" varchar(8) NOT NULL,
	"counts" jsonb DEFAULT '{"created":0,"updated":0,"unchanged":0,"paused":0,"failed":0}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"error" jsonb,
	"next_run_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "external_ref" varchar(100);--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_import_idx" ON "import_items" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "imports_user_idx" ON "imports" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_next_run_idx" ON "imports" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_user_external_ref_unique" ON "properties" USING btree ("user_id","external_ref");
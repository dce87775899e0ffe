CREATE TABLE "listing_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"price" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"alias" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_th" varchar(120),
	"developer" varchar(120),
	"status" varchar(20) DEFAULT 'completed' NOT NULL,
	"year_completed" integer,
	"towers" integer,
	"floors" integer,
	"units" integer,
	"facilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"common_fee_per_sqm" integer,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"location" varchar(300),
	"province" varchar(80),
	"district" varchar(80),
	"stations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review" varchar(12) DEFAULT 'approved' NOT NULL,
	"suggested_by" integer,
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_price_drops" (
	"saved_search_id" integer NOT NULL,
	"listing_price_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_search_price_drops_saved_search_id_listing_price_id_pk" PRIMARY KEY("saved_search_id","listing_price_id")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_before" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "notify_price_drops" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_prices" ADD CONSTRAINT "listing_prices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_aliases" ADD CONSTRAINT "project_aliases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_merged_into_id_projects_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_price_drops" ADD CONSTRAINT "saved_search_price_drops_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_price_drops" ADD CONSTRAINT "saved_search_price_drops_listing_price_id_listing_prices_id_fk" FOREIGN KEY ("listing_price_id") REFERENCES "public"."listing_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_prices_property_idx" ON "listing_prices" USING btree ("property_id","changed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_aliases_unique" ON "project_aliases" USING btree ("project_id","alias");--> statement-breakpoint
CREATE INDEX "project_aliases_trgm_idx" ON "project_aliases" USING gin (lower("alias") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_unique" ON "projects" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "projects_province_district_idx" ON "projects" USING btree ("province","district");--> statement-breakpoint
CREATE INDEX "projects_names_trgm_idx" ON "projects" USING gin (lower("name_en" || ' ' || coalesce("name_th", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_project_idx" ON "properties" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "properties_price_changed_idx" ON "properties" USING btree ("price_changed_at");--> statement-breakpoint
-- Hand-written: every existing listing starts its price history at its current price, from its creation.
INSERT INTO "listing_prices" ("property_id", "price", "changed_at") SELECT "id", "price", "created_at" FROM "properties";

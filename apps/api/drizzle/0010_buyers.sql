CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_hits_saved_search_id_property_id_pk" PRIMARY KEY("saved_search_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"query" text NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "foreign_quota" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_deed" varchar(16);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "station_id" varchar(60);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "station_distance_m" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_per_sqm" integer GENERATED ALWAYS AS (case when area > 0 then round(price::numeric / area)::int end) STORED;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_property_idx" ON "favorites" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "saved_search_hits_unsent_idx" ON "saved_search_hits" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_frequency_idx" ON "saved_searches" USING btree ("frequency");--> statement-breakpoint
CREATE INDEX "properties_lat_lon_idx" ON "properties" USING btree ("lat","lon") INCLUDE ("status","review","user_id","type","price","premium","created_at");--> statement-breakpoint
CREATE INDEX "properties_status_station_idx" ON "properties" USING btree ("status","station_distance_m");--> statement-breakpoint
CREATE INDEX "properties_status_ppsqm_idx" ON "properties" USING btree ("status","price_per_sqm","id");--> statement-breakpoint
CREATE INDEX "properties_status_ppsqm_desc_idx" ON "properties" USING btree ("status","price_per_sqm" DESC NULLS LAST,"id" DESC NULLS LAST);
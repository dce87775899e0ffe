CREATE TABLE "viewing_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewings" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"user_id" integer,
	"property_title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"mode" varchar(12) NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(320) NOT NULL,
	"phone" varchar(40),
	"language" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD COLUMN "viewings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "viewing_slots" ADD CONSTRAINT "viewing_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_slots_user_idx" ON "viewing_slots" USING btree ("user_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_owner_open_slot_unique" ON "viewings" USING btree ("owner_id","starts_at") WHERE "viewings"."status" in ('requested', 'proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "viewings_owner_starts_idx" ON "viewings" USING btree ("owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_user_idx" ON "viewings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "viewings_property_idx" ON "viewings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_rent_furnishing_idx" ON "properties" USING btree ("status","furnishing") WHERE "properties"."furnishing" is not null;--> statement-breakpoint
CREATE INDEX "properties_rent_pets_idx" ON "properties" USING btree ("status","pets_allowed") WHERE "properties"."pets_allowed";--> statement-breakpoint
CREATE INDEX "properties_rent_deposit_idx" ON "properties" USING btree ("status","deposit_months") WHERE "properties"."deposit_months" is not null;--> statement-breakpoint
CREATE INDEX "properties_rent_min_lease_idx" ON "properties" USING btree ("status","min_lease_months") WHERE "properties"."min_lease_months" is not null;
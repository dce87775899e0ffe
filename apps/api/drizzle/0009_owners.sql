CREATE TABLE "listing_daily_stats" (
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"clicks_phone" integer DEFAULT 0 NOT NULL,
	"clicks_email" integer DEFAULT 0 NOT NULL,
	"clicks_line" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_visits" (
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" varchar(44) NOT NULL,
	"kind" varchar(8) NOT NULL,
	CONSTRAINT "listing_visits_property_id_day_visitor_kind_pk" PRIMARY KEY("property_id","day","visitor","kind")
);
--> statement-breakpoint
CREATE TABLE "owner_reports" (
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_reports_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "featured_quota" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review" varchar(12) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "premium" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "property_images" ADD COLUMN "phash" varchar(16);--> statement-breakpoint
ALTER TABLE "property_inquiries" ADD COLUMN "status" varchar(12) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_inquiries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "property_inquiries" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_report" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_visits" ADD CONSTRAINT "listing_visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reports" ADD CONSTRAINT "owner_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_visits_day_idx" ON "listing_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "properties_status_premium_created_idx" ON "properties" USING btree ("status","premium" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_review_idx" ON "properties" USING btree ("review");--> statement-breakpoint
CREATE INDEX "property_images_phash_idx" ON "property_images" USING btree ("phash");--> statement-breakpoint
CREATE INDEX "property_inquiries_owner_status_idx" ON "property_inquiries" USING btree ("owner_id","status");--> statement-breakpoint
-- Packages already on sale keep what they sold: "5+ featured property ads" where featuredAds is listed, 10 with premium visibility.
UPDATE "packages" SET "featured_quota" = CASE WHEN "features" ? 'premiumVisibility' THEN 10 WHEN "features" ? 'featuredAds' THEN 5 ELSE 0 END;--> statement-breakpoint
-- Listings of owners whose running package sells premium visibility rank as premium at once (the perks job keeps it after).
UPDATE "properties" SET "premium" = true WHERE "user_id" IN (SELECT s."user_id" FROM "subscriptions" s JOIN "packages" k ON k."id" = s."package_id" WHERE s."starts_at" <= now() AND now() < s."ends_at" AND k."features" ? 'premiumVisibility');

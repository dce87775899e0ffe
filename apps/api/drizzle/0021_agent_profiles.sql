ALTER TABLE "users" ADD COLUMN "profile_slug" varchar(60);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_areas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_about" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_number" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_profile_slug_unique" ON "users" USING btree ("profile_slug");
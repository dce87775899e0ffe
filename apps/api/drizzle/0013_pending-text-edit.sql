ALTER TABLE "properties" ADD COLUMN "pending_title" varchar(300);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pending_description" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pending_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pending_since" timestamp with time zone;
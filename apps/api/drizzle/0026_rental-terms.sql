ALTER TABLE "properties" ADD COLUMN "deposit_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "advance_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "min_lease_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "furnishing" varchar(12);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets_allowed" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "electricity" varchar(12);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "electricity_rate" numeric(4, 2);
ALTER TABLE "otp_codes" ADD COLUMN "target" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;
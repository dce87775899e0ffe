CREATE TABLE "account_networks" (
	"user_id" integer NOT NULL,
	"network" varchar(64) NOT NULL,
	"last_proved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_networks_user_id_network_pk" PRIMARY KEY("user_id","network")
);
--> statement-breakpoint
CREATE TABLE "otp_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"network" varchar(64) NOT NULL,
	"known_network" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "network" varchar(64);--> statement-breakpoint
ALTER TABLE "property_inquiries" ADD COLUMN "mail" varchar(8) DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tried_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_networks" ADD CONSTRAINT "account_networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD CONSTRAINT "otp_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD CONSTRAINT "otp_failures_code_id_otp_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."otp_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_failures_user_created_idx" ON "otp_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_failures_code_idx" ON "otp_failures" USING btree ("code_id","network");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "codes_locked_until";
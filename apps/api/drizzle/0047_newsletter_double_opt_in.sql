CREATE TABLE "newsletter_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(320) NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"source" varchar(12) NOT NULL,
	"user_id" integer,
	"token_hash" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_pending" ADD CONSTRAINT "newsletter_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_pending_token_unique" ON "newsletter_pending" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_pending_email_idx" ON "newsletter_pending" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_pending_user_idx" ON "newsletter_pending" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "newsletter_pending_expires_idx" ON "newsletter_pending" USING btree ("expires_at");
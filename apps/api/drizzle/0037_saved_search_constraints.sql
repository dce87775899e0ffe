-- Saved searches as boxes over the listing's numbers (ADR 042): the cube type and its GiST index. Existing searches
-- stay match_indexed = false (always candidates) until the alerts.index job writes their boxes.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_box" "cube";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_key" varchar(200);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_indexed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_match_box_idx" ON "saved_searches" USING gist ("match_box") WHERE "saved_searches"."match_key" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_match_key_idx" ON "saved_searches" USING btree ("match_key") WHERE "saved_searches"."match_key" is not null;--> statement-breakpoint
CREATE INDEX "saved_searches_unindexed_idx" ON "saved_searches" USING btree ("id") WHERE not "saved_searches"."match_indexed";--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" USING btree ("id") WHERE "users"."disabled_at" is not null;
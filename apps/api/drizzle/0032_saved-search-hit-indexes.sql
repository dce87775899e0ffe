DROP INDEX "saved_search_hits_unsent_idx";--> statement-breakpoint
CREATE INDEX "saved_search_hits_property_idx" ON "saved_search_hits" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "saved_search_hits_unsent_idx" ON "saved_search_hits" USING btree ("saved_search_id") WHERE "saved_search_hits"."sent_at" is null;
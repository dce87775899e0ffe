CREATE INDEX "properties_status_price_idx" ON "properties" USING btree ("status","price","id");--> statement-breakpoint
CREATE INDEX "properties_status_type_created_idx" ON "properties" USING btree ("status","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_status_sub_type_idx" ON "properties" USING btree ("status","property_sub_type");--> statement-breakpoint
CREATE INDEX "properties_status_featured_created_idx" ON "properties" USING btree ("status","is_featured","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_search_trgm_idx" ON "properties" USING gin (lower("title" || ' ' || "location" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_location_trgm_idx" ON "properties" USING gin (lower("location") gin_trgm_ops);
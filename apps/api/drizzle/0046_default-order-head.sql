-- A station's or a map box's list page looked for in the head of the default order (ADR 054, ordered-prefix.ts): the
-- first 4,000 active listings by premium, then age, with every column the page's conditions read, so the head is read
-- from this index alone. Without them each head row was a heap read (about 4 ms at a million listings for a head that
-- does not hold a suburban station's page, 2 ms with them). Same key; INCLUDE is new. Not declarable in the Drizzle
-- schema (schema.ts says so).
DROP INDEX IF EXISTS "properties_status_premium_created_idx";--> statement-breakpoint
CREATE INDEX "properties_status_premium_created_idx" ON "properties" USING btree ("status","premium" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("review","user_id","lat","lon","type","property_type","price","property_sub_type","bed_rooms","station_distance_m");

-- A station's or a map box's list page looked for in the head of the default order (ADR 054, ordered-prefix.ts): the
-- first 4,000 active listings by premium, then age, with every column the page's conditions read, so the head is read
-- from this index alone. Without them each head row was a heap read (about 4 ms at a million listings for a head that
-- does not hold a suburban station's page, 2 ms with them). Same key; INCLUDE is new. Not declarable in the Drizzle
-- schema (schema.ts says so).
-- The new index is built first, under a name of its own: CREATE INDEX blocks only writes while it reads a million
-- listings, where a DROP INDEX first took an ACCESS EXCLUSIVE lock, held until the migrations commit, that stopped
-- every read of listings for the whole build (test/default-order-head-migration.test.ts). The old index goes after.
CREATE INDEX "properties_status_premium_created_next_idx" ON "properties" USING btree ("status","premium" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("review","user_id","lat","lon","type","property_type","price","property_sub_type","bed_rooms","station_distance_m");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_status_premium_created_idx";--> statement-breakpoint
ALTER INDEX "properties_status_premium_created_next_idx" RENAME TO "properties_status_premium_created_idx";

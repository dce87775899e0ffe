-- The map's "newest 10,001 matches" of a price range over a large area (ADR 044, "Boxes"): the planner reads the range
-- from this index (it expects 9,000 matches where there are 58,000 at a million listings: a box's share and a price's
-- are not independent) and fetched 121,000 rows from the table, 450 ms. With the position, cell and order columns as
-- well, that read is index-only: about 45 ms. Same key; INCLUDE grows (0035 had sub type, bedrooms, area, review, user).
DROP INDEX IF EXISTS "properties_status_type_price_idx";--> statement-breakpoint
CREATE INDEX "properties_status_type_price_idx" ON "properties" USING btree ("status","type","price") INCLUDE ("property_sub_type","bed_rooms","area","review","user_id","lat","lon","map_cell","created_at","premium","id");

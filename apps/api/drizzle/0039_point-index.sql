-- A box of the map or around a station read from a GiST index on the listing's point (ADR 044, "Boxes"): the btree on
-- (lat, lon) bounds a box by its latitude only, so a station's 2 km box read every listing in a 2 km band across the
-- country (4,500 index pages at a million listings, 15–100 ms). INCLUDE: what the searches' and the map's conditions,
-- order and count read, so they are index-only. Not declarable in the Drizzle schema (schema.ts says so).
CREATE INDEX "properties_point_idx" ON "properties" USING gist (point("lon", "lat")) INCLUDE ("lat", "lon", "status", "review", "user_id", "premium", "created_at", "id", "map_cell", "type", "price", "property_sub_type");

-- The map's newest matches in a neighbourhood-sized box, walked cell by cell (ADR 052): each listing's stored cell at
-- levels 15 and 14 (about 1.2 and 2.4 km, `map_cell` shifted right), then age, newest first, so the box's cells are
-- read in age order, merged and stopped at the cap (services/properties/map-points.ts, walkCells). A 2 km box at a
-- million listings read its 20,000–36,000 matches from properties_point_idx and sorted them (p99 62 ms); the walk
-- reads about the 10,001 it keeps. INCLUDE: the visibility, position and the filters the walk takes, so it is
-- index-only. Not declarable in the Drizzle schema (schema.ts says so).
CREATE INDEX IF NOT EXISTS "properties_cell15_newest_idx" ON "properties" USING btree ("status", ("map_cell" >> 10), "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("review", "user_id", "lat", "lon", "map_cell", "type", "price", "property_sub_type");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_cell14_newest_idx" ON "properties" USING btree ("status", ("map_cell" >> 12), "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("review", "user_id", "lat", "lon", "map_cell", "type", "price", "property_sub_type");

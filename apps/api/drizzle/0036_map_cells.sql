-- The map's grid cells (ADR 041): each listing's position as the Morton code of its level-20 cell of a quadtree over
-- longitude and latitude (both scaled by 360°, packages/contract/src/map-cells.ts does the same arithmetic), so the map
-- clusters with one `group by map_cell >> k`. A stored generated column: every writer (create, edit, imports, seed,
-- benches) gets it without knowing, and this migration fills the existing rows. Null without a position. Kept outside
-- the Drizzle schema as search_words is (0033): no listing read fetches it; the map's query names it.
CREATE FUNCTION baan_map_cell(lat double precision, lon double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (((x >> 0) & 1) << 0) | (((y >> 0) & 1) << 1) | (((x >> 1) & 1) << 2) | (((y >> 1) & 1) << 3) |
    (((x >> 2) & 1) << 4) | (((y >> 2) & 1) << 5) | (((x >> 3) & 1) << 6) | (((y >> 3) & 1) << 7) |
    (((x >> 4) & 1) << 8) | (((y >> 4) & 1) << 9) | (((x >> 5) & 1) << 10) | (((y >> 5) & 1) << 11) |
    (((x >> 6) & 1) << 12) | (((y >> 6) & 1) << 13) | (((x >> 7) & 1) << 14) | (((y >> 7) & 1) << 15) |
    (((x >> 8) & 1) << 16) | (((y >> 8) & 1) << 17) | (((x >> 9) & 1) << 18) | (((y >> 9) & 1) << 19) |
    (((x >> 10) & 1) << 20) | (((y >> 10) & 1) << 21) | (((x >> 11) & 1) << 22) | (((y >> 11) & 1) << 23) |
    (((x >> 12) & 1) << 24) | (((y >> 12) & 1) << 25) | (((x >> 13) & 1) << 26) | (((y >> 13) & 1) << 27) |
    (((x >> 14) & 1) << 28) | (((y >> 14) & 1) << 29) | (((x >> 15) & 1) << 30) | (((y >> 15) & 1) << 31) |
    (((x >> 16) & 1) << 32) | (((y >> 16) & 1) << 33) | (((x >> 17) & 1) << 34) | (((y >> 17) & 1) << 35) |
    (((x >> 18) & 1) << 36) | (((y >> 18) & 1) << 37) | (((x >> 19) & 1) << 38) | (((y >> 19) & 1) << 39)
  FROM (SELECT least(1048575, greatest(0, floor(((lon + 180) * 1048576) / 360)))::bigint AS x,
               least(1048575, greatest(0, floor(((lat + 180) * 1048576) / 360)))::bigint AS y) AS xy
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "map_cell" bigint GENERATED ALWAYS AS (baan_map_cell("lat", "lon")) STORED;--> statement-breakpoint
-- The map reads the newest MAP_COUNT_CAP + 1 matches (ADR 041): for a large area, by walking this index newest first,
-- in the index only (visibility, position, cell and the filters most maps carry), a sample spread over the whole area;
-- for a small one, the (lat, lon) index, which now carries the cell and the sub type too.
CREATE INDEX "properties_map_newest_idx" ON "properties" ("status", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("review", "user_id", "lat", "lon", "map_cell", "type", "price", "property_sub_type");--> statement-breakpoint
DROP INDEX "properties_lat_lon_idx";--> statement-breakpoint
CREATE INDEX "properties_lat_lon_idx" ON "properties" USING btree ("lat","lon") INCLUDE ("status","review","user_id","type","price","premium","created_at","map_cell","property_sub_type");

-- "Within 500 m, rent ≤ ฿30,000" (bench:buyers at a million): counting up to the cap read the price range from
-- properties_status_type_price_idx and fetched 65,000 table rows to check station_distance_m (240 ms). Keyed by the
-- distance within sale or rent, with the price and the visibility columns included, that count is index-only (8 ms).
CREATE INDEX IF NOT EXISTS "properties_status_type_station_idx" ON "properties" USING btree ("status","type","station_distance_m") INCLUDE ("price","review","user_id");

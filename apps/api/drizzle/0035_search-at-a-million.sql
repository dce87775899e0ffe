-- Search at a million listings (ADR 043). INCLUDE columns drizzle cannot declare (schema.ts says so at each index).
CREATE INDEX "properties_status_type_price_idx" ON "properties" USING btree ("status","type","price") INCLUDE ("property_sub_type","bed_rooms","area","review","user_id");--> statement-breakpoint
CREATE INDEX "properties_station_missing_idx" ON "properties" USING btree ("id") INCLUDE ("lat","lon") WHERE "properties"."station_id" is null and "properties"."lat" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_place_idx";--> statement-breakpoint
CREATE INDEX "properties_place_idx" ON "properties" USING btree ("place") INCLUDE ("status","review","user_id","property_sub_type","type","premium","created_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "properties_province_district_idx";--> statement-breakpoint
CREATE INDEX "properties_province_district_idx" ON "properties" USING btree ("province","district") INCLUDE ("status","review","user_id","property_sub_type","type","premium","created_at");

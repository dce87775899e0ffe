-- The alert matcher's buckets ordered by each search's highest price (ADR 053): a listing reads, in each of its
-- buckets, only the searches whose upper price is at or above its own (`cube_ur_coord(match_box, 1)`, the box's first
-- dimension being the price, services/alerts/search-box.ts), where it read every entry of the bucket and let the box
-- test reject those. A search's box holds the listing's point only if that upper price is at least the listing's, so
-- the candidates are the same. Not declarable in the Drizzle schema (schema.ts says so).
DROP INDEX IF EXISTS "saved_search_buckets_bucket_idx";--> statement-breakpoint
CREATE INDEX "saved_search_buckets_bucket_idx" ON "saved_search_buckets" USING btree ("bucket", cube_ur_coord("match_box", 1)) INCLUDE ("saved_search_id", "match_box");

-- Saved searches filed in buckets for the alert matcher (ADR 050). A listing read every search whose box (ADR 042) held
-- it through a GiST index and then each one's table row: 530 ms for 48,000 candidates at a million searches. Filed by
-- <type>|<sub type>|<place>, a listing reads its own buckets' rows in the btree and tests each box there, index-only.
-- Every search is filed again by the alerts.index job; until then it is a candidate for every listing (as before 0037).
CREATE TABLE "saved_search_buckets" (
	"saved_search_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"match_box" "cube" NOT NULL,
	CONSTRAINT "saved_search_buckets_saved_search_id_bucket_pk" PRIMARY KEY("saved_search_id","bucket")
);
--> statement-breakpoint
DROP INDEX "saved_searches_match_box_idx";--> statement-breakpoint
DROP INDEX "saved_searches_match_key_idx";--> statement-breakpoint
ALTER TABLE "saved_search_buckets" ADD CONSTRAINT "saved_search_buckets_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_buckets_bucket_idx" ON "saved_search_buckets" USING btree ("bucket") INCLUDE ("saved_search_id","match_box");--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "match_box";--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "match_key";--> statement-breakpoint
UPDATE "saved_searches" SET "match_indexed" = false;
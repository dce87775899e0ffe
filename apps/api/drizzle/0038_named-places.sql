-- The places a listing's text names without being stored under them (ADR 044). `place_mentions` holds, per gazetteer
-- place (not provinces), each way one of its names is found in a listing's text, and what "stored under it" means; the
-- app fills it from the gazetteer at start (services/properties/place-mentions.ts) and, whenever the gazetteer
-- changes, rewrites it and every listing's `named_places` in one transaction (`place_mentions_state` holds the
-- version). The trigger keeps `named_places` for every insert and every change of the text or the stored place, so a
-- place search's "naming it" tier is one GIN lookup instead of reading every listing that names the place.
-- Outside the Drizzle schema, as search_words is (0033): no listing read fetches it.
CREATE TABLE "place_mentions" (
	"place" text NOT NULL,
	"words" text[],
	"pattern" text,
	"regex" text,
	"stored_places" text[],
	"district" text,
	"province" text
);--> statement-breakpoint
CREATE TABLE "place_mentions_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "named_places" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_named_places_idx" ON "properties" USING gin ("named_places");--> statement-breakpoint
CREATE FUNCTION baan_named_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The same text and words as the search (search-text.ts, and search_words of 0033).
  body text := lower(NEW.title || ' ' || NEW.location || ' ' || NEW.description);
  body_words text[] := regexp_split_to_array(body, '[^[:alnum:]_]+');
BEGIN
  NEW.named_places := coalesce((
    SELECT array_agg(DISTINCT m.place COLLATE "C" ORDER BY m.place COLLATE "C")
    FROM place_mentions m
    WHERE (m.words IS NULL OR body_words @> m.words)
      AND (m.pattern IS NULL OR body LIKE m.pattern)
      AND (m.regex IS NULL OR body ~ m.regex)
      AND NOT coalesce(
        CASE WHEN m.stored_places IS NOT NULL THEN NEW.place = ANY (m.stored_places)
             ELSE NEW.district = m.district AND NEW.province = m.province END,
        false)
  ), '{}');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_named_places" BEFORE INSERT OR UPDATE OF "title", "location", "description", "place", "district", "province" ON "properties" FOR EACH ROW EXECUTE FUNCTION baan_named_places();

-- A listing's words (ADR 040): its search text, lower-cased, split at every character that is not a word character
-- of PostgreSQL's regular expressions, so `search_words @> '{ari}'` holds exactly when `\mari\M` matches the text. Kept
-- outside the Drizzle schema on purpose: no listing read ever fetches it (only search conditions name it).
ALTER TABLE "properties" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower("title" || ' ' || "location" || ' ' || "description"), '[^[:alnum:]_]+')) STORED;--> statement-breakpoint
CREATE INDEX "properties_search_words_idx" ON "properties" USING gin ("search_words");

ALTER TABLE "properties" ADD COLUMN "place" varchar(120);--> statement-breakpoint
CREATE INDEX "properties_place_idx" ON "properties" USING btree ("place");
DROP INDEX "viewings_owner_open_slot_unique";--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "network" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_owner_held_slot_unique" ON "viewings" USING btree ("owner_id","starts_at") WHERE "viewings"."status" in ('proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "viewings_waiting_network_idx" ON "viewings" USING btree ("network") WHERE "viewings"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "viewings_waiting_email_idx" ON "viewings" USING btree (lower("email")) WHERE "viewings"."status" = 'requested';
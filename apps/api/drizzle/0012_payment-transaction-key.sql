ALTER TABLE "payments" ADD COLUMN "transaction_key" varchar(100);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_hash" varchar(16);--> statement-breakpoint
CREATE INDEX "payments_transaction_key_idx" ON "payments" USING btree ("transaction_key");--> statement-breakpoint
CREATE INDEX "payments_receipt_hash_idx" ON "payments" USING btree ("receipt_hash");--> statement-breakpoint
-- Hand-written backfill: transactionKey (packages/contract/src/payments.ts) of the stored, already upper-cased ids.
UPDATE "payments" SET "transaction_key" = regexp_replace(translate("transaction_id", 'OILАВЕЗКМНОРСТУХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', '011ABE3KMH0PCTYX1JSABEZH1KMN0PTYX'), '[^A-Z0-9]', '', 'g') WHERE "transaction_id" IS NOT NULL;

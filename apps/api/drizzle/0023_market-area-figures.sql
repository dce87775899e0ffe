CREATE TABLE "market_area_figures" (
	"area_key" text NOT NULL,
	"sub_type" text NOT NULL,
	"month" text NOT NULL,
	"fingerprint" text NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_area_figures_area_key_sub_type_pk" PRIMARY KEY("area_key","sub_type")
);
--> statement-breakpoint
CREATE INDEX "properties_area_idx" ON "properties" USING btree (replace(replace(lower("province"), ' ', ''), '-', ''),replace(replace(lower("district"), ' ', ''), '-', ''),"property_sub_type");
CREATE TABLE "sms_budget_counts" (
	"destination" varchar(8) NOT NULL,
	"window" varchar(4) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sms_budget_counts_destination_window_window_start_pk" PRIMARY KEY("destination","window","window_start")
);
--> statement-breakpoint
CREATE INDEX "sms_budget_counts_start_idx" ON "sms_budget_counts" USING btree ("window_start");
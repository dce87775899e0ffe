CREATE TABLE "conversation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" varchar(8) NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer,
	"inquiry_id" integer,
	"property_title" varchar(300) NOT NULL,
	"owner_id" integer NOT NULL,
	"visitor_id" integer,
	"visitor_name" varchar(200) NOT NULL,
	"visitor_email" varchar(320) NOT NULL,
	"visitor_language" varchar(8) DEFAULT 'en' NOT NULL,
	"guest_key" varchar(64) NOT NULL,
	"blocked_by" varchar(8),
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner_read_at" timestamp with time zone,
	"visitor_read_at" timestamp with time zone,
	"owner_mailed_at" timestamp with time zone,
	"visitor_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_inquiry_id_property_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."property_inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_visitor_id_users_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_visitor_idx" ON "conversations" USING btree ("visitor_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_inquiry_idx" ON "conversations" USING btree ("inquiry_id");
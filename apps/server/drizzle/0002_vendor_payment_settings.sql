CREATE TABLE "vendor_payment_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"group_id" integer,
	"vendor_id" integer,
	"content_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_owner_key_unique" UNIQUE NULLS NOT DISTINCT("key","group_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_payment_settings" ADD CONSTRAINT "vendor_payment_settings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payment_settings_vendor_provider_uq" ON "vendor_payment_settings" USING btree ("vendor_id","provider");--> statement-breakpoint
CREATE INDEX "uploads_group_idx" ON "uploads" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "uploads_vendor_idx" ON "uploads" USING btree ("vendor_id");
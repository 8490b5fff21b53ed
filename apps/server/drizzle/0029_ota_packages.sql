CREATE TABLE "firmware_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"download_url" varchar(1024) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64) DEFAULT '' NOT NULL,
	"machine_types" text[] NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_packages_vendor_version_uq" ON "firmware_packages" USING btree ("vendor_id","version");--> statement-breakpoint
CREATE INDEX "firmware_packages_vendor_idx" ON "firmware_packages" USING btree ("vendor_id","id");
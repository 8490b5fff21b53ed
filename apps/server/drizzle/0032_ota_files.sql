CREATE TABLE "firmware_files" (
	"vendor_id" integer NOT NULL,
	"file_key" varchar(80) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_files_vendor_id_file_key_pk" PRIMARY KEY("vendor_id","file_key")
);
--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD COLUMN "file_key" varchar(80);--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;
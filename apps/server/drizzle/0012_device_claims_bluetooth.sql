ALTER TABLE "devices" ALTER COLUMN "vendor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "via" varchar(12) DEFAULT 'broker' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "claim_code_hash" varchar(64);
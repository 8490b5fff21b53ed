CREATE TABLE "device_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"vendor_id" integer,
	"serial_number" varchar(64) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"code" varchar(24) NOT NULL,
	"reason" varchar(300) NOT NULL,
	"amount" bigint,
	"ceiling" bigint,
	"payload" varchar(4096) NOT NULL,
	"payload_bytes" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_money_limits" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"max_cycle_amount" bigint,
	"max_top_up_amount" bigint
);
--> statement-breakpoint
ALTER TABLE "device_log" ALTER COLUMN "event_id" SET DATA TYPE varchar(96);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "presence" varchar(8) DEFAULT 'offline' NOT NULL;--> statement-breakpoint
-- What the gateway knew is kept: the flag becomes the presence it was, then a column computed from it.
UPDATE "devices" SET "presence" = CASE WHEN "online" THEN 'online' ELSE 'offline' END;--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "online";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "online" boolean GENERATED ALWAYS AS (presence = 'online') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_movements" ALTER COLUMN "ref" SET DATA TYPE varchar(160);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pay_unique_no" SET DATA TYPE varchar(160);--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_dead_letters" ADD CONSTRAINT "device_dead_letters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_dead_letters" ADD CONSTRAINT "device_dead_letters_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_money_limits" ADD CONSTRAINT "device_money_limits_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_dead_letters_vendor_idx" ON "device_dead_letters" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "device_dead_letters_device_idx" ON "device_dead_letters" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "devices_present_idx" ON "devices" USING btree ("id") WHERE presence <> 'offline';--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_presence_check" CHECK ("devices"."presence" in ('online', 'offline', 'unknown'));
CREATE TABLE "machine_time_prices" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"window_ids" integer[] NOT NULL,
	"params" jsonb NOT NULL,
	"command_id" uuid,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_time_prices" ADD CONSTRAINT "machine_time_prices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_time_prices" ADD CONSTRAINT "machine_time_prices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_time_prices_vendor_idx" ON "machine_time_prices" USING btree ("vendor_id");
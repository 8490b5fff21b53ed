CREATE TABLE "machine_holds" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "machine_holds" ADD CONSTRAINT "machine_holds_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_holds_order_idx" ON "machine_holds" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_open_payment_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."pay_status" = 0 and "orders"."closed_at" is null and "orders"."expires_at" is not null;
CREATE TABLE "subscription_order_devices" (
	"order_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"expires_before" timestamp with time zone,
	"expires_after" timestamp with time zone,
	CONSTRAINT "subscription_order_devices_order_id_device_id_pk" PRIMARY KEY("order_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"order_number" varchar(32) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"years" smallint NOT NULL,
	"device_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" varchar(8) DEFAULT 'unpaid' NOT NULL,
	"paypal_order_id" varchar(64),
	"approval_url" varchar(512),
	"capture_id" varchar(64),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_orders_state" CHECK ("subscription_orders"."state" in ('unpaid', 'paying', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "subscription_prices" (
	"currency" varchar(3) PRIMARY KEY NOT NULL,
	"price_per_year" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_prices_positive" CHECK ("subscription_prices"."price_per_year" > 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_order_devices" ADD CONSTRAINT "subscription_order_devices_order_id_subscription_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_order_devices" ADD CONSTRAINT "subscription_order_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_order_devices_device" ON "subscription_order_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_number" ON "subscription_orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_paypal" ON "subscription_orders" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE INDEX "subscription_orders_vendor" ON "subscription_orders" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "devices_vendor_subscription_idx" ON "devices" USING btree ("vendor_id","subscription_expires_at");
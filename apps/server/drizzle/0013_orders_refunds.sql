CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"state" varchar(12) DEFAULT 'refunding' NOT NULL,
	"type" varchar(12) NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"failure_reason" varchar(255),
	"provider_refund_id" varchar(64),
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_refunds_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"pay_type" varchar(8) NOT NULL,
	"start_type" varchar(24),
	"order_no" varchar(32) NOT NULL,
	"pay_unique_no" varchar(128) NOT NULL,
	"trade_no" varchar(64),
	"transaction_id" varchar(64),
	"merchant_order_no" varchar(64),
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"refund_status" smallint DEFAULT 0 NOT NULL,
	"refund_result" smallint,
	"refund_type" varchar(12),
	"refund_id" varchar(64),
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refund_time" timestamp with time zone,
	"failure_reason" varchar(255),
	"shop_id" integer,
	"device_id" integer,
	"member_id" integer,
	"card_number" varchar(32),
	"program" varchar(64),
	"purchase" jsonb,
	"start_command_id" varchar(64),
	"start_state" varchar(12),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_pay_unique_no_unique" UNIQUE("pay_unique_no"),
	CONSTRAINT "orders_refunded_within_amount" CHECK ("orders"."refunded_amount" between 0 and "orders"."amount")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
-- Written by hand beyond what Drizzle generates: the amounts and states ride along in the order screens' index
-- (INCLUDE), so a screen's count and totals are read from the index alone (tables.ts says why).
CREATE INDEX "orders_vendor_source_created_idx" ON "orders" USING btree ("vendor_id","source","created_at","id") INCLUDE ("amount","refunded_amount","pay_status","refund_status");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_trade_no_idx" ON "orders" USING btree ("trade_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_order_no_pattern_idx" ON "orders" USING btree ("order_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_device_idx" ON "orders" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_start_command_uq" ON "orders" USING btree ("start_command_id");--> statement-breakpoint
CREATE INDEX "orders_starting_idx" ON "orders" USING btree ("id") WHERE "orders"."start_state" = 'starting';
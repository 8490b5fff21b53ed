CREATE TABLE "price_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"days" smallint[] NOT NULL,
	"from_minute" smallint NOT NULL,
	"to_minute" smallint NOT NULL,
	"percent_off" smallint,
	"price" bigint,
	"shop_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"machine_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_windows_one_change" CHECK (("price_windows"."percent_off" is null) <> ("price_windows"."price" is null)),
	CONSTRAINT "price_windows_minutes" CHECK ("price_windows"."from_minute" between 0 and 1439 and "price_windows"."to_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"shop_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"machine_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"settings" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_period" CHECK ("promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_kind_matches" CHECK ("promotions"."settings"->>'kind' = "promotions"."kind")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_off" bigint;--> statement-breakpoint
ALTER TABLE "price_windows" ADD CONSTRAINT "price_windows_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_windows_vendor_idx" ON "price_windows" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "promotions_vendor_kind_idx" ON "promotions" USING btree ("vendor_id","kind","id");--> statement-breakpoint
CREATE INDEX "orders_promotion_idx" ON "orders" USING btree ("promotion_id") WHERE "orders"."promotion_id" is not null;
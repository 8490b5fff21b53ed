CREATE TABLE "alliances" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" smallint NOT NULL,
	"ecard_id" integer,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"bind_mode" smallint DEFAULT 1 NOT NULL,
	"shop_id" integer NOT NULL,
	"device_id" integer,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_qr_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "price_template_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(64) NOT NULL,
	"added_price" bigint NOT NULL,
	"added_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"model_name" varchar(64) NOT NULL,
	"icon" text[] DEFAULT '{}'::text[] NOT NULL,
	"display_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"extra_params" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"location_id" integer,
	"name" varchar(64) NOT NULL,
	"address" varchar(255) NOT NULL,
	"icon" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_type" smallint NOT NULL,
	"brand_id" integer,
	"alliance_id" integer,
	"epay_laundry_points" boolean DEFAULT false NOT NULL,
	"epay_member_cards" boolean DEFAULT false NOT NULL,
	"mqtt_username" varchar(128) DEFAULT '' NOT NULL,
	"mqtt_password_sealed" text,
	"mqtt_client_id" varchar(128) DEFAULT '' NOT NULL,
	"mqtt_host" varchar(255) DEFAULT '' NOT NULL,
	"mqtt_port" integer,
	"product_key" varchar(128) DEFAULT '' NOT NULL,
	"payment_id_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer,
	"name" varchar(64) NOT NULL,
	"data_head" varchar(255) NOT NULL,
	"data_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "washer_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer,
	"manufacturer" varchar(128) NOT NULL,
	"brand" varchar(64) NOT NULL,
	"alias" varchar(64) NOT NULL,
	"logo_url" varchar(512) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "washer_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer,
	"brand_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"machine_type" varchar(32) NOT NULL,
	"control_template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "price_template_id" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "shop_limit" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_ecard_id_ecards_id_fk" FOREIGN KEY ("ecard_id") REFERENCES "public"."ecards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_qr_codes" ADD CONSTRAINT "pay_qr_codes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_qr_codes" ADD CONSTRAINT "pay_qr_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_qr_codes" ADD CONSTRAINT "pay_qr_codes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_options" ADD CONSTRAINT "price_template_options_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_templates" ADD CONSTRAINT "price_templates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_templates" ADD CONSTRAINT "control_templates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "washer_brands" ADD CONSTRAINT "washer_brands_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "washer_models" ADD CONSTRAINT "washer_models_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "washer_models" ADD CONSTRAINT "washer_models_brand_id_washer_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."washer_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "washer_models" ADD CONSTRAINT "washer_models_control_template_id_control_templates_id_fk" FOREIGN KEY ("control_template_id") REFERENCES "public"."control_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alliances_vendor_name_uq" ON "alliances" USING btree ("vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "alliances_vendor_idx" ON "alliances" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_vendor_name_uq" ON "locations" USING btree ("vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_vendor_idx" ON "locations" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_qr_codes_vendor_name_uq" ON "pay_qr_codes" USING btree ("vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pay_qr_codes_vendor_idx" ON "pay_qr_codes" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "pay_qr_codes_shop_idx" ON "pay_qr_codes" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "pay_qr_codes_device_idx" ON "pay_qr_codes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "price_template_options_template_idx" ON "price_template_options" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "price_templates_vendor_name_uq" ON "price_templates" USING btree ("vendor_id",lower("model_name"));--> statement-breakpoint
CREATE INDEX "price_templates_vendor_idx" ON "price_templates" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_vendor_name_uq" ON "shops" USING btree ("vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shops_vendor_idx" ON "shops" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "shops_location_idx" ON "shops" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "shops_alliance_idx" ON "shops" USING btree ("alliance_id");--> statement-breakpoint
CREATE INDEX "shops_brand_idx" ON "shops" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "control_templates_owner_name_uq" ON "control_templates" USING btree (coalesce("vendor_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "control_templates_vendor_idx" ON "control_templates" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "washer_brands_owner_brand_uq" ON "washer_brands" USING btree (coalesce("vendor_id", 0),lower("brand"));--> statement-breakpoint
CREATE INDEX "washer_brands_vendor_idx" ON "washer_brands" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "washer_models_owner_name_uq" ON "washer_models" USING btree (coalesce("vendor_id", 0),"brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "washer_models_brand_idx" ON "washer_models" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "washer_models_vendor_idx" ON "washer_models" USING btree ("vendor_id","id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_price_template_id_price_templates_id_fk" FOREIGN KEY ("price_template_id") REFERENCES "public"."price_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_shop_idx" ON "devices" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "devices_price_template_idx" ON "devices" USING btree ("price_template_id");
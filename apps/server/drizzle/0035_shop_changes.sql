CREATE TABLE "shop_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"account_id" integer,
	"action" varchar(8) NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_changes" ADD CONSTRAINT "shop_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_changes_shop_idx" ON "shop_changes" USING btree ("shop_id","id");
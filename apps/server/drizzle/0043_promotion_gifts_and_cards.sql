CREATE TABLE "member_pass_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"pass_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"use" varchar(8) NOT NULL,
	"saved" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"percent_off" smallint,
	"washes_left" smallint DEFAULT 0 NOT NULL,
	"dries_left" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"shop_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"machine_types" varchar(32)[] DEFAULT '{}'::varchar[] NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_passes_uses" CHECK ("member_passes"."washes_left" >= 0 and "member_passes"."dries_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_movements" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "member_pass_uses" ADD CONSTRAINT "member_pass_uses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_pass_uses" ADD CONSTRAINT "member_pass_uses_pass_id_member_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."member_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_passes" ADD CONSTRAINT "member_passes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_passes" ADD CONSTRAINT "member_passes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_pass_uses_order_uq" ON "member_pass_uses" USING btree ("vendor_id","order_no","pass_id");--> statement-breakpoint
CREATE INDEX "member_pass_uses_promotion_idx" ON "member_pass_uses" USING btree ("vendor_id","promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_passes_request_uq" ON "member_passes" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_passes_discount_card_uq" ON "member_passes" USING btree ("member_id","promotion_id") WHERE "member_passes"."kind" = 'dis_card';--> statement-breakpoint
CREATE INDEX "member_passes_vendor_promotion_idx" ON "member_passes" USING btree ("vendor_id","promotion_id");--> statement-breakpoint
CREATE INDEX "balance_movements_promotion_idx" ON "balance_movements" USING btree ("vendor_id","promotion_id") WHERE "balance_movements"."promotion_id" is not null;
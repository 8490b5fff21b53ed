CREATE TABLE "balance_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"member_id" integer,
	"card_id" integer,
	"purse" varchar(8) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"account_id" integer,
	"operator" varchar(64),
	"order_no" varchar(32),
	"shop_id" integer,
	"ref" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_movements_one_holder" CHECK (("balance_movements"."purse" = 'card') = ("balance_movements"."card_id" is not null) and ("balance_movements"."member_id" is not null or "balance_movements"."card_id" is not null)),
	CONSTRAINT "balance_movements_not_zero" CHECK ("balance_movements"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"uuid" varchar(20) NOT NULL,
	"card_number" varchar(32) NOT NULL,
	"type" varchar(12) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"member_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_balance_range" CHECK ("cards"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"discount_rate" smallint,
	"amount" bigint,
	"valid_days" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_rate_range" CHECK ("coupons"."discount_rate" is null or "coupons"."discount_rate" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"unique_did" varchar(32) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"given_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_coupons_unique_did_unique" UNIQUE("unique_did")
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"birthday" date,
	"referrer_phone" varchar(20) DEFAULT '' NOT NULL,
	"card_expires" date,
	"balance" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"shop_id" integer,
	"created_by" integer,
	"pin_hash" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_balance_range" CHECK ("members"."balance" >= 0 and "members"."reward" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_movements_ref_uq" ON "balance_movements" USING btree ("vendor_id","ref");--> statement-breakpoint
CREATE INDEX "balance_movements_member_idx" ON "balance_movements" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "balance_movements_card_idx" ON "balance_movements" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "balance_movements_vendor_created_idx" ON "balance_movements" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_vendor_number_uq" ON "cards" USING btree ("vendor_id","card_number") WHERE "cards"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_vendor_uuid_uq" ON "cards" USING btree ("vendor_id","uuid") WHERE "cards"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "cards_vendor_created_idx" ON "cards" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_member_idx" ON "cards" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "cards_number_pattern_idx" ON "cards" USING btree ("card_number" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "coupons_vendor_idx" ON "coupons" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_vendor_phone_uq" ON "members" USING btree ("vendor_id","phone");--> statement-breakpoint
CREATE INDEX "members_vendor_registered_idx" ON "members" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_phone_pattern_idx" ON "members" USING btree ("phone" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at") WHERE "orders"."member_id" is not null;--> statement-breakpoint
-- The ledger is append-only: a movement once written is the record of what happened to someone's
-- money, so correcting it is another movement, never an edit.
CREATE FUNCTION balance_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance_movements is append-only' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER balance_movements_append_only BEFORE UPDATE OR DELETE ON balance_movements
  FOR EACH ROW EXECUTE FUNCTION balance_movements_append_only();

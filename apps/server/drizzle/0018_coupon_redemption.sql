ALTER TABLE "member_coupons" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "order_no" varchar(32);--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "discount" bigint;--> statement-breakpoint
CREATE INDEX "member_coupons_vendor_issued_idx" ON "member_coupons" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "member_coupons_vendor_used_idx" ON "member_coupons" USING btree ("vendor_id","used_at");--> statement-breakpoint
CREATE INDEX "member_coupons_vendor_expires_idx" ON "member_coupons" USING btree ("vendor_id","expires_at");--> statement-breakpoint
CREATE INDEX "member_coupons_order_idx" ON "member_coupons" USING btree ("vendor_id","order_no");
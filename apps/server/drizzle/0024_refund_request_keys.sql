ALTER TABLE "order_refunds" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_request_key_uq" ON "order_refunds" USING btree ("vendor_id","request_key");
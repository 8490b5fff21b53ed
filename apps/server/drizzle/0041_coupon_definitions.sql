CREATE TABLE "coupon_mail_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_mail_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"batch" smallint NOT NULL,
	"address" varchar(254) NOT NULL,
	"member_id" integer,
	"member_coupon_id" integer,
	"outcome" varchar(16) DEFAULT 'pending' NOT NULL,
	"detail" varchar(400) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invite_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"valid_days" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"background_image" varchar(80),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_links_received_range" CHECK ("invite_links"."received" >= 0 and "invite_links"."received" <= "invite_links"."quantity")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "code" varchar(32) DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10)) NOT NULL;--> statement-breakpoint
-- Coupons defined before codes existed (the demo's) are named by their id: unique, and easy to read.
UPDATE "coupons" SET "code" = 'C' || "id";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_mail_jobs" ADD CONSTRAINT "coupon_mail_jobs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_mail_jobs" ADD CONSTRAINT "coupon_mail_jobs_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_mail_recipients" ADD CONSTRAINT "coupon_mail_recipients_job_id_coupon_mail_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."coupon_mail_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_mail_recipients" ADD CONSTRAINT "coupon_mail_recipients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_mail_recipients" ADD CONSTRAINT "coupon_mail_recipients_member_coupon_id_member_coupons_id_fk" FOREIGN KEY ("member_coupon_id") REFERENCES "public"."member_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_claims" ADD CONSTRAINT "invite_claims_link_id_invite_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."invite_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_claims" ADD CONSTRAINT "invite_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_claims" ADD CONSTRAINT "invite_claims_member_coupon_id_member_coupons_id_fk" FOREIGN KEY ("member_coupon_id") REFERENCES "public"."member_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_links" ADD CONSTRAINT "invite_links_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_links" ADD CONSTRAINT "invite_links_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_mail_jobs_coupon_idx" ON "coupon_mail_jobs" USING btree ("coupon_id","id");--> statement-breakpoint
CREATE INDEX "coupon_mail_jobs_vendor_idx" ON "coupon_mail_jobs" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_mail_recipients_address_uq" ON "coupon_mail_recipients" USING btree ("job_id","address");--> statement-breakpoint
CREATE INDEX "coupon_mail_recipients_batch_idx" ON "coupon_mail_recipients" USING btree ("job_id","batch");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_claims_member_uq" ON "invite_claims" USING btree ("link_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_links_code_uq" ON "invite_links" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "invite_links_vendor_idx" ON "invite_links" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "invite_links_coupon_idx" ON "invite_links" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_vendor_code_uq" ON "coupons" USING btree ("vendor_id",lower("code"));--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_idx" ON "member_coupons" USING btree ("coupon_id","state");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_valid_days_range" CHECK ("coupons"."valid_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('discount', 'voucher', 'free'));
CREATE TABLE "report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"account_id" integer,
	"report" varchar(40) NOT NULL,
	"email" varchar(254) NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"language" varchar(8) NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_period" varchar(32),
	"last_mail_key" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_subscriptions_address_uq" ON "report_subscriptions" USING btree ("vendor_id","report",lower("email"),"frequency");--> statement-breakpoint
CREATE INDEX "report_subscriptions_due_idx" ON "report_subscriptions" USING btree ("next_run_at");
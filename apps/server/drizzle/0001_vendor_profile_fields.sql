ALTER TABLE "groups" ADD COLUMN "brand_limit" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "real_name" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "id_number" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "phone" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "home_page" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "settlement_cycle_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "fee_rate_coins" numeric(3, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "fee_rate_no_coins" numeric(3, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "coin_denomination" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payment_methods" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "max_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "withdrawable_balance" bigint DEFAULT 0 NOT NULL;
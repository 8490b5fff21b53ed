CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"nickname" varchar(20) NOT NULL,
	"level" smallint NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"group_id" integer,
	"vendor_id" integer,
	"avatar" text DEFAULT '' NOT NULL,
	"browser_id" varchar(128),
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"previous_login_at" timestamp with time zone,
	"previous_login_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer,
	"group_id" integer,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"name" varchar(128) DEFAULT '' NOT NULL,
	"machine_type" varchar(32) NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"subscription_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"actor" varchar(64) NOT NULL,
	"group_id" integer,
	"vendor_id" integer,
	"action" varchar(96) NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"error_code" varchar(48),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"c_app_id" varchar(128) DEFAULT '' NOT NULL,
	"b_app_id" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"name" varchar(128) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"language" varchar(8) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"hide_symbol" boolean DEFAULT false NOT NULL,
	"enabled_providers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_uq" ON "accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_browser_id_uq" ON "accounts" USING btree ("browser_id");--> statement-breakpoint
CREATE INDEX "accounts_vendor_idx" ON "accounts" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "accounts_group_idx" ON "accounts" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_vendor_name_uq" ON "roles" USING btree ("vendor_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_group_name_uq" ON "roles" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "devices_vendor_idx" ON "devices" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "operation_log_vendor_idx" ON "operation_log" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_group_idx" ON "operation_log" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_action_ip_idx" ON "operation_log" USING btree ("action","ip","created_at");--> statement-breakpoint
CREATE INDEX "vendors_group_idx" ON "vendors" USING btree ("group_id");
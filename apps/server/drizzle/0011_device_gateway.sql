CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"account_id" integer,
	"batch_id" uuid,
	"kind" varchar(24) NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(12) NOT NULL,
	"reason" varchar(32),
	"detail" varchar(200),
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_commands_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "device_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"type" varchar(24) NOT NULL,
	"details" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_shadows" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"busy" boolean DEFAULT false NOT NULL,
	"fault_code" varchar(32),
	"firmware" varchar(32) DEFAULT '' NOT NULL,
	"cashbox_current" integer DEFAULT 0 NOT NULL,
	"cashbox_cumulative" integer DEFAULT 0 NOT NULL,
	"params_reported" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"params_desired" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"desired_version" integer DEFAULT 0 NOT NULL,
	"responding" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "machine_number" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "secret_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_log" ADD CONSTRAINT "device_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_log" ADD CONSTRAINT "device_log_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shadows" ADD CONSTRAINT "device_shadows_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","seq");--> statement-breakpoint
CREATE INDEX "device_commands_vendor_idx" ON "device_commands" USING btree ("vendor_id","seq");--> statement-breakpoint
CREATE INDEX "device_commands_batch_idx" ON "device_commands" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("state","device_id") WHERE state in ('queued', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "device_log_event_uq" ON "device_log" USING btree ("device_id","event_id");--> statement-breakpoint
CREATE INDEX "device_log_vendor_idx" ON "device_log" USING btree ("vendor_id","id");
CREATE TABLE "firmware_rollout_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"wave" integer,
	"detail" varchar(200) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"account_id" integer,
	"state" varchar(20) DEFAULT 'running' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"waves" integer NOT NULL,
	"waves_started" integer DEFAULT 0 NOT NULL,
	"excused_waves" integer DEFAULT 0 NOT NULL,
	"first_wave_count" integer,
	"first_wave_percent" double precision,
	"growth_factor" double precision NOT NULL,
	"success_threshold" double precision NOT NULL,
	"error_threshold" double precision NOT NULL,
	"min_finished" integer NOT NULL,
	"window_start" smallint,
	"window_end" smallint,
	"max_tries" smallint NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_watermark" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "firmware_rollouts_state_check" CHECK ("firmware_rollouts"."state" in ('running', 'paused', 'paused_by_errors', 'aborted', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "firmware_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"shop_id" integer,
	"machine_type" varchar(32) NOT NULL,
	"wave" integer,
	"state" varchar(24) NOT NULL,
	"from_version" varchar(32) NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(32) DEFAULT '' NOT NULL,
	"next_try_at" timestamp with time zone,
	"command_id" uuid,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_packages" ALTER COLUMN "download_url" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "device_shadows" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firmware_rollout_events" ADD CONSTRAINT "firmware_rollout_events_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_package_id_firmware_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."firmware_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_targets" ADD CONSTRAINT "firmware_targets_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_targets" ADD CONSTRAINT "firmware_targets_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_targets" ADD CONSTRAINT "firmware_targets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_rollout_events_rollout_idx" ON "firmware_rollout_events" USING btree ("rollout_id","id");--> statement-breakpoint
CREATE INDEX "firmware_rollouts_vendor_idx" ON "firmware_rollouts" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "firmware_rollouts_due_idx" ON "firmware_rollouts" USING btree ("due_at") WHERE state = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_targets_rollout_device_uq" ON "firmware_targets" USING btree ("rollout_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_targets_live_device_uq" ON "firmware_targets" USING btree ("device_id") WHERE state not in ('succeeded', 'failed', 'refused_same_version', 'not_compatible', 'aborted');--> statement-breakpoint
CREATE INDEX "firmware_targets_rollout_state_idx" ON "firmware_targets" USING btree ("rollout_id","state","id");
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"longitude" numeric(10, 7) NOT NULL,
	"latitude" numeric(10, 7) NOT NULL,
	"service_time" varchar(64) NOT NULL,
	"country" varchar(64) NOT NULL,
	"province" varchar(64) NOT NULL,
	"city" varchar(64) NOT NULL,
	"address" varchar(255) NOT NULL,
	"manager" varchar(64) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) NOT NULL,
	"icon" text[] DEFAULT '{}' NOT NULL,
	"logo" text[] DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_group_name_unique" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "ecards" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"image" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecards_group_name_unique" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "group_email_configs" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"send_method" varchar(16) NOT NULL,
	"smtp_server" varchar(255) NOT NULL,
	"auth_method" varchar(16) NOT NULL,
	"port" integer NOT NULL,
	"username" varchar(255) DEFAULT '' NOT NULL,
	"password_sealed" text DEFAULT '' NOT NULL,
	"sender_name" varchar(128) DEFAULT '' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecards" ADD CONSTRAINT "ecards_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_email_configs" ADD CONSTRAINT "group_email_configs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_group_idx" ON "brands" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "ecards_group_idx" ON "ecards" USING btree ("group_id","id");
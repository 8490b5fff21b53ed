CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"body" varchar(500) NOT NULL,
	"button_text" varchar(24) DEFAULT '' NOT NULL,
	"skin" varchar(16) NOT NULL,
	"animation" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"shop_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_period" CHECK ("announcements"."ends_at" > "announcements"."starts_at"),
	CONSTRAINT "announcements_skin" CHECK ("announcements"."skin" in ('grey_white', 'dark_green', 'sky_blue', 'random')),
	CONSTRAINT "announcements_animation" CHECK ("announcements"."animation" in ('zoom', 'drop', 'slide_bottom', 'slide_left', 'roll_left', 'fade', 'shake'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_vendor_idx" ON "announcements" USING btree ("vendor_id","id");
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_account_id_notice_id_pk" PRIMARY KEY("account_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"audience" varchar(8) NOT NULL,
	"group_id" integer,
	"vendor_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_audience" CHECK (("notices"."audience" = 'all' and "notices"."group_id" is null and "notices"."vendor_id" is null)
        or ("notices"."audience" = 'group' and "notices"."group_id" is not null and "notices"."vendor_id" is null)
        or ("notices"."audience" = 'vendor' and "notices"."vendor_id" is not null and "notices"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_reads_notice" ON "notice_reads" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notices_published" ON "notices" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "notices_group" ON "notices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "notices_vendor" ON "notices" USING btree ("vendor_id");
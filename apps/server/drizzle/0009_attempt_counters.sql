CREATE TABLE "attempt_counters" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);

CREATE TABLE "backup_slots" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text NOT NULL
);

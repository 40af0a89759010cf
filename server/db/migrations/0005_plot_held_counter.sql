ALTER TABLE "plots" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_held" CHECK ("plots"."held" >= 0);--> statement-breakpoint
-- Backfill (hand-written): every existing hold is counted in its plot's held places; lapsed ones are reclaimed lazily.
UPDATE "plots" SET "held" = coalesce((SELECT sum("quantity") FROM "holds" WHERE "holds"."plot_id" = "plots"."id"), 0);

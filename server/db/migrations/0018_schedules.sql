CREATE TABLE "product_schedules" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"horizon_days" integer DEFAULT 365 NOT NULL,
	"generated_until" date,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_schedules_horizon" CHECK ("product_schedules"."horizon_days" between 1 and 1098),
	CONSTRAINT "product_schedules_revision" CHECK ("product_schedules"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "plots" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plots" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_schedules" ADD CONSTRAINT "product_schedules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A schedule's save moves the catalogue version (db/schema catalogue_version), as every catalogue change does.
CREATE TRIGGER "product_schedules_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "product_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_schedules_catalogue_version_update" AFTER UPDATE OF "definition", "horizon_days" ON "product_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
-- A slot's terms staff change (its end, capacity, order limit, closing) move it too; its counters still do not.
DROP TRIGGER "plots_catalogue_version_update" ON "plots";
--> statement-breakpoint
CREATE TRIGGER "plots_catalogue_version_update" AFTER UPDATE OF "product_id", "date", "start_time", "end_time", "price_cents", "capacity", "max_orders", "closed" ON "plots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

CREATE TABLE "catalogue_version" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."one")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("one", "version") VALUES (true, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Moves the version on, in the changing statement's transaction; recreates the row if it was removed.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "catalogue_version" AS v ("one", "version") VALUES (true, 1)
	ON CONFLICT ("one") DO UPDATE SET "version" = v."version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organisations_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "additions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "additions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "customer_fields_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_fields" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "audiences_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audiences" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_audiences_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_audiences" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "upsells_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "upsells" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "product_upsells_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_upsells" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "plot_audience_prices_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plot_audience_prices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
-- A slot's counters (sold, held, order_count), which every checkout moves, leave the version alone:
-- the capacity guard decides on them in the writing statement itself.
CREATE TRIGGER "plots_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "plots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "plots_catalogue_version_update" AFTER UPDATE OF "product_id", "date", "start_time", "price_cents" ON "plots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

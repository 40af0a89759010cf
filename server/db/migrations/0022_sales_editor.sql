ALTER TABLE "subscriptions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Staff saves of subscriptions, vouchers and coupons move the catalogue version (migration 0011) like
-- products' do. The counters every sale moves (a voucher value's stock, a coupon's used_count) leave
-- it alone: the writing statement itself decides on them.
CREATE TRIGGER "subscriptions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_audiences_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_audiences" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "voucher_values_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "voucher_values" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "voucher_values_catalogue_version_update" AFTER UPDATE OF "voucher_id", "price_cents", "sort", "texts" ON "voucher_values" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "coupons_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "coupons_catalogue_version_update" AFTER UPDATE OF "code", "discount_type", "value", "max_ticket_amount", "valid_from", "valid_until", "usage_limit", "products", "subscriptions", "customer_group_id" ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

DROP INDEX "outbox_pending";--> statement-breakpoint
CREATE INDEX "client_subscriptions_reminder_due" ON "client_subscriptions" USING btree ("expires_on") WHERE "client_subscriptions"."renewable" and "client_subscriptions"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "login_attempts_time" ON "login_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "passes_client_subscription" ON "passes" USING btree ("client_subscription_id");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expires" ON "sign_in_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_client_subscription" ON "orders" USING btree ("client_subscription_id","id") WHERE "orders"."client_subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_unsent" ON "outbox" USING btree ("id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
-- A product page keeps its cross-sells with the catalogue version (catalogue/products/product.service.ts): changing them moves it on.
CREATE TRIGGER "product_cross_sells_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_cross_sells" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

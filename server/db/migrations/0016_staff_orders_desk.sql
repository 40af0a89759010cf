DROP INDEX "payment_refunds_payment";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "payment_refunds" SET "idempotency_key" = 'refund-' || (SELECT "hash" FROM "payments" WHERE "payments"."id" = "payment_refunds"."payment_id");--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_debits_card" ON "gift_card_debits" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "orders_status_id" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_product_id" ON "orders" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_order" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
-- The orders desk's search (server/modules/order-desk/order-search.ts): e-mail and name prefixes, case-insensitive.
CREATE INDEX "orders_email_prefix" ON "orders" USING btree (lower("customer"->>'email') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_last_name_prefix" ON "orders" USING btree (lower("customer"->>'last_name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_full_name_prefix" ON "orders" USING btree (lower(("customer"->>'first_name') || ' ' || ("customer"->>'last_name')) text_pattern_ops);

ALTER TABLE "orders" ADD COLUMN "invoice_details" jsonb;--> statement-breakpoint
CREATE INDEX "orders_invoiced" ON "orders" USING btree ("created_at") WHERE "orders"."invoice";
ALTER TABLE "gift_cards" ADD COLUMN "value_cents" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "serial" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "page_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_line_serial" ON "gift_cards" USING btree ("order_line_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_page_hash" ON "gift_cards" USING btree ("page_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_order" ON "gift_cards" USING btree ("order_id");
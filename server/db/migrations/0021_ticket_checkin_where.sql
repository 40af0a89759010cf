ALTER TABLE "tickets" ADD COLUMN "used_where" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "used_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("used_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;
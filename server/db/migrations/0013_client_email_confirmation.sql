ALTER TABLE "clients" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before confirmation existed keep working.
UPDATE "clients" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "password_hash" text;

CREATE TABLE "rebook_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before confirmation existed keep working.
UPDATE "clients" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
-- Orders from before keep their id as the number their customers were given.
UPDATE "orders" SET "number" = "id";--> statement-breakpoint
-- A new order's number: 9 digits drawn from gen_random_uuid()'s strong randomness (56 random bits
-- reduced to 100000000..999999999), drawn again while taken, so numbers cannot be walked in sequence.
CREATE FUNCTION "next_order_number"() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	candidate integer;
BEGIN
	LOOP
		candidate := 100000000 + (('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 15))::bit(60)::bigint % 900000000)::integer;
		EXIT WHEN NOT EXISTS (SELECT 1 FROM "orders" WHERE "number" = candidate);
	END LOOP;
	RETURN candidate;
END
$$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT next_order_number();--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rebook_tokens" ADD CONSTRAINT "rebook_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebook_tokens_expiry" ON "rebook_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("number");

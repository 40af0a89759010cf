/**
 * When a pending checkout is given up (spec: a hold lasts the shop's hold time), written once for
 * the settlement's lazy expiry and the expiry sweep: its deadline has lapsed and none of its holds
 * is still live. A payment row without a deadline (written before payments had one) lapses when it
 * held places and all of them lapsed. The hold rules themselves are db/hold-rules.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { lapsed, live } from '../../db/hold-rules.ts';

/** The condition, in a statement reading `payments` under the alias `payment`, that the checkout has lapsed at `at`. */
export function checkoutLapsed(payment: string, at: Date): SQL {
  const row = sql.identifier(payment);
  const aHold = (
    condition: SQL,
  ) => sql`exists (select 1 from "holds" as "lapse_hold" join "orders" as "lapse_order" on "lapse_order"."id" = "lapse_hold"."order_id"
    where "lapse_order"."payment_id" = ${row}."id" and ${condition})`;
  return sql`(not ${aHold(live(sql`"lapse_hold"."expires_at"`, at))}
    and (${row}."expires_at" is not null and ${lapsed(sql`${row}."expires_at"`, at)} or ${row}."expires_at" is null and ${aHold(sql`true`)}))`;
}

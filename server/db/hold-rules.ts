/**
 * The two rules about holds that every query on places shares, written once as SQL fragments: when
 * a deadline has lapsed, and how many places a slot has taken. The listing, the availability read,
 * the checkout's catalogue read, the capacity guard, the settlement and the expiry sweep all build
 * their statements with these, so they cannot disagree about a hold.
 *
 * `at` is always the app's clock (a parameter), never the database's now(): a hold stops counting
 * the moment the clock passes its deadline, in tests too. The fragments are plain expressions the
 * planner sees through (the index holds_plot_expires still serves them); they add no round trip.
 *
 * The places a slot's live holds hold are counted from the slot's `held` counter, less its counted
 * holds that have lapsed: `held` is the sum of its counted holds (every path that writes a hold
 * moves the counter in the same statement or transaction, capacity-guard.ts), and a hold stops
 * being counted only when it is reclaimed, after it lapsed. So a count reads the lapsed holds not
 * yet reclaimed — the few between a deadline and the next sweep or checkout on the slot — rather
 * than every live one (an on-sale slot keeps hundreds live, a busy day thousands), and a slot
 * holding nothing reads no hold at all.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The app's clock as a statement parameter: a Date, or a named placeholder (`sql.placeholder`) for
 * a statement built once and run with its values (db/named-statement.ts preparedStatement), which
 * the caller fills with the moment's ISO string.
 */
export type Moment = Date | Placeholder;

/** The moment as a statement parameter. */
const moment = (at: Moment): SQL => sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;

/**
 * A deadline (a hold's `expires_at`, or its checkout's) has lapsed at `at` when it is at or before
 * it. `deadline`: the column, qualified by the caller when the statement reads several tables.
 */
export function lapsed(deadline: SQL, at: Moment): SQL {
  return sql`${deadline} <= ${moment(at)}`;
}

/** A hold is live at `at` while its deadline has not lapsed: it still counts in the places taken. */
export function live(deadline: SQL, at: Moment): SQL {
  return sql`not (${lapsed(deadline, at)})`;
}

/**
 * Places taken on a slot at `at` (an integer): its sold places plus the places of its live holds.
 * `plot`: the alias (or table name) under which the statement reads `plots`. A slot with nothing in
 * `held` (most of them) is answered from its row alone; only a slot with counted holds probes for
 * those that lapsed (index holds_plot_expires), so a listing of 420 slots makes a handful of probes.
 * A statement that names the count twice (the availability's `least(capacity - taken, …)` and
 * `capacity - taken >= 1`) may run a slot's probe twice: only for the slots that hold something.
 */
export function placesTaken(plot: string, at: Moment): SQL<number> {
  const row = sql.identifier(plot);
  return sql<number>`(${row}."sold" + case when ${row}."held" = 0 then 0 else ${row}."held" - (select coalesce(sum("lapsed_hold"."quantity"), 0)
    from "holds" as "lapsed_hold" where "lapsed_hold"."plot_id" = ${row}."id" and "lapsed_hold"."counted" and ${lapsed(sql`"lapsed_hold"."expires_at"`, at)}) end)::int`;
}

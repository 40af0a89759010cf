/**
 * THE capacity guard: every path that takes, converts or gives back places on a time slot goes
 * through here — a checkout (held places, or sold at once for a reservation / nothing to pay), a
 * payment turning holds into sold places, a late payment taking its places again, and the release
 * of a failed, cancelled or expired checkout. Rebooking and reservation changes are next.
 *
 * A slot's places taken are `sold + held` on its row. Taking is ONE conditional UPDATE — the rules
 * `fits` and `acceptsOrders` of src/domain/order/slot-rules.ts, evaluated by PostgreSQL on the
 * locked row — so concurrent checkouts in any number of processes can never oversell, and the row
 * stays locked only until the checkout commits. A hold that lapsed unpaid keeps counting in `held`
 * until it is reclaimed: lazily, when the guard would refuse (then the domain rules decide on the
 * reclaimed, locked row), or when its checkout is settled or expired. So correctness never waits
 * for a sweeper, and nothing sums live holds while a slot is locked.
 */
import { sql, type SQL } from 'drizzle-orm';
import { acceptsOrders, fits, type SlotRefusal } from '#domain/order/slot-rules.ts';
import type { Executor } from '../../db/client.ts';
import { lapsed } from '../../db/hold-rules.ts';
import { commitWith, integerStatement } from '../../db/commit-with.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { AppError } from '../../errors.ts';

/** What a checkout asks of one slot. */
export interface PlotClaim {
  plotId: number;
  places: number;
  /** Counted orders (one per cart line on the slot), for the slot's order limit. */
  orders: number;
}

interface Change {
  held: number;
  sold: number;
  orders: number;
}

interface LockedSlot {
  capacity: number | null;
  sold: number;
  held: number;
  maxOrders: number | null;
  orderCount: number;
}

export interface CapacityGuardOptions {
  /** false only through the test switch CAPACITY_GUARD=off (NODE_ENV=test): shows the race is real. */
  enforce: boolean;
  /** Test switch: a pause before taking, to widen the race. */
  raceDelayMs: number;
}

const REFUSAL_MESSAGES: Record<SlotRefusal, string> = {
  PLOT_NOT_AVAILABLE: 'This time slot is not available',
  PLOT_SOLD_OUT: 'Not enough places are left in this time slot',
  ORDER_LIMIT_REACHED: 'This time slot takes no more orders',
};

const refusal = (code: SlotRefusal) => new AppError(code, 409, REFUSAL_MESSAGES[code]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const byPlot = <T extends { plotId: number }>(claims: readonly T[]) => [...claims].sort((a, b) => a.plotId - b.plotId);

class NotAllThere extends Error {}

/**
 * The release event of the waiting list (server/modules/waitlist): places came back on these slots,
 * and somebody waits for them. Written in the transaction that gives the places back, so the
 * waiting-list worker (which claims the rows with FOR UPDATE SKIP LOCKED) hears of every release
 * exactly once, and of none that was rolled back. Slots nobody waits for cost one cheap EXISTS.
 */
async function noteReleased(db: Executor, plotIds: readonly number[]): Promise<void> {
  if (plotIds.length === 0) return;
  await db.execute(sql`insert into place_releases (plot_id)
    select released.plot_id from unnest(${`{${plotIds.join(',')}}`}::int[]) as released(plot_id)
    where exists (select 1 from waitlist_entries w where w.plot_id = released.plot_id and w.state = 'WAITING')`);
}

/** A waiting-list entry that may be offered places (arrival order is the caller's). */
export interface WaitingEntry {
  id: number;
  quantity: number;
}

/** Holds deleted for `orderIds`, summed per slot: what still counted in `held`, and what had been reclaimed. */
async function deleteHolds(db: Executor, orderIds: readonly number[]): Promise<Map<number, { counted: number; reclaimed: number }>> {
  const perPlot = new Map<number, { counted: number; reclaimed: number }>();
  if (orderIds.length === 0) return perPlot;
  const deleted = await db.execute(sql`delete from holds where order_id = any(${`{${orderIds.join(',')}}`}::int[]) returning plot_id, quantity, counted`);
  for (const hold of rowsOf<{ plot_id: number; quantity: number; counted: boolean }>(deleted)) {
    const entry = perPlot.get(hold.plot_id) ?? { counted: 0, reclaimed: 0 };
    if (hold.counted) entry.counted += hold.quantity;
    else entry.reclaimed += hold.quantity;
    perPlot.set(hold.plot_id, entry);
  }
  return perPlot;
}

export function createCapacityGuard({ enforce, raceDelayMs }: CapacityGuardOptions) {
  /**
   * Locks the slot, marks its lapsed holds reclaimed and sets `held` to what its counted holds hold.
   * Counted afresh rather than adjusted, so the counter also heals from anything that changed holds
   * behind the guard's back. The count runs after the lock is taken: every checkout that added to
   * `held` before has committed its holds (visible), and every later one adds after this. Holds
   * locked by a settlement at this moment are skipped (it takes their places off `held` itself),
   * so two paths never wait on each other's holds. `ownOrderIds`: the taking checkout's own holds,
   * already written in its transaction and not yet in `held`.
   */
  async function reclaim(db: Executor, plotId: number, now: Date, ownOrderIds: readonly number[]): Promise<LockedSlot | null> {
    const locked = await db.execute(sql`select id from plots where id = ${plotId} for no key update`);
    if (rowsOf(locked).length === 0) return null;
    const result = await db.execute(sql`
      with lapsed as (
        update holds set counted = false
        where id in (select id from holds where plot_id = ${plotId} and counted and ${lapsed(sql`expires_at`, now)} for update skip locked)
        returning id
      )
      update plots set held = (
        select coalesce(sum(quantity), 0) from holds
        where plot_id = ${plotId} and counted and id not in (select id from lapsed) and coalesce(order_id, 0) <> all(${`{${ownOrderIds.join(',')}}`}::int[])
      )::int
      where id = ${plotId}
      returning capacity, sold, held, max_orders as "maxOrders", order_count as "orderCount"`);
    return rowsOf<LockedSlot>(result)[0] ?? null;
  }

  /**
   * THE guard: one conditional UPDATE of a slot, answering its id when `change` fits. `onlyIf`: a
   * further condition of the statement the guard runs in (a checkout's idempotency key still held).
   */
  function guardStatement(plotId: number, change: Change, onlyIf: SQL | null = null) {
    const places = change.held + change.sold;
    const condition =
      enforce && (places > 0 || change.orders > 0)
        ? sql`and (capacity is null or sold + held + ${places}::int <= capacity) and (max_orders is null or order_count + ${change.orders}::int <= max_orders)`
        : sql``;
    return sql`update plots set held = held + ${change.held}::int, sold = sold + ${change.sold}::int, order_count = order_count + ${change.orders}::int
      where id = ${plotId}::int ${condition}${onlyIf ? sql` and ${onlyIf}` : sql``} returning id`;
  }

  const changeOf = (claim: PlotClaim, sell: boolean): Change =>
    sell ? { held: 0, sold: claim.places, orders: claim.orders } : { held: claim.places, sold: 0, orders: claim.orders };

  /** The domain rules' refusal of `change` on `slot`, or null when it fits. */
  function refusalOn(slot: LockedSlot, change: Change): SlotRefusal | null {
    if (!acceptsOrders(slot, change.orders)) return 'ORDER_LIMIT_REACHED';
    if (!fits({ capacity: slot.capacity, taken: slot.sold + slot.held }, change.held + change.sold)) return 'PLOT_SOLD_OUT';
    return null;
  }

  /**
   * After the guard refused: the refusal that stands without locking the slot, or null when only the
   * locked reclaim can decide. One unlocked statement reads the slot's counters and whether anything
   * there is to reclaim: a lapsed hold still counted, or `held` not what its counted holds hold (the
   * reclaim heals that). Counters and holds are changed in the same transactions, so one statement
   * sees them agree unless something must be reclaimed. When nothing is and the domain rules refuse
   * on this read (at least as recent as the guard's), the refusal is the reclaim's too; so a sold-out
   * slot refuses a late checkout without queueing it behind every checkout that still holds the row.
   */
  async function refusalWithoutLock(db: Executor, plotId: number, change: Change, now: Date, ownOrderIds: readonly number[]): Promise<SlotRefusal | null> {
    if (ownOrderIds.length > 0) return null;
    const read = await db.execute(sql`
      select capacity, sold, held, max_orders as "maxOrders", order_count as "orderCount",
        exists (select 1 from holds where plot_id = plots.id and counted and ${lapsed(sql`expires_at`, now)})
          or held <> (select coalesce(sum(quantity), 0) from holds where plot_id = plots.id and counted) as "reclaimable"
      from plots where id = ${plotId}`);
    const slot = rowsOf<LockedSlot & { reclaimable: boolean }>(read)[0];
    if (!slot) return 'PLOT_NOT_AVAILABLE';
    return slot.reclaimable ? null : refusalOn(slot, change);
  }

  /** Applies `change` to a slot when it fits; the refusal otherwise. */
  async function apply(db: Executor, plotId: number, change: Change, now: Date, ownOrderIds: readonly number[] = []): Promise<SlotRefusal | null> {
    const taken = await db.execute(guardStatement(plotId, change));
    if (rowsOf(taken).length === 1) return null;
    if (!enforce) return 'PLOT_NOT_AVAILABLE';
    const standing = await refusalWithoutLock(db, plotId, change, now, ownOrderIds);
    if (standing) return standing;
    // Refused on the counters with something to reclaim: reclaim lapsed holds, then decide with the domain rules on the locked row.
    const slot = await reclaim(db, plotId, now, ownOrderIds);
    if (!slot) return 'PLOT_NOT_AVAILABLE';
    const refused = refusalOn(slot, change);
    if (refused) return refused;
    await db.execute(sql`
      update plots set held = held + ${change.held}, sold = sold + ${change.sold}, order_count = order_count + ${change.orders} where id = ${plotId}`);
    return null;
  }

  return {
    /**
     * The guard of a cart on ONE slot, for the checkout to run in the same statement as its rows
     * (checkout.repo.ts insertCheckout); when it refuses, the checkout calls `take`, which reclaims
     * lapsed holds and decides on the locked row. Null for other carts: they call `take`. `onlyIf`:
     * a further condition, with which the guard also refuses (and the statement writes nothing).
     */
    async fastGuard(claims: readonly PlotClaim[], sell: boolean, onlyIf: SQL | null = null) {
      const [only] = claims;
      if (claims.length !== 1 || !only) return null;
      if (raceDelayMs > 0) await sleep(raceDelayMs);
      return guardStatement(only.plotId, changeOf(only, sell), onlyIf);
    },

    /**
     * After `fastGuard`'s statement wrote nothing: the refusal of the slot that stands on a fresh,
     * unlocked read (full, or at its order limit, with nothing to reclaim), or null when the
     * checkout must decide in its transaction (`take`: the guard may have refused on its other
     * condition, or lapsed holds may give places back). A late checkout on a sold-out slot is then
     * told so in one more statement, without a transaction and without waiting for the slot's row.
     */
    async standingRefusal(db: Executor, claims: readonly PlotClaim[], sell: boolean, now: Date): Promise<AppError | null> {
      const [only] = claims;
      if (claims.length !== 1 || !only || !enforce) return null;
      const refused = await refusalWithoutLock(db, only.plotId, changeOf(only, sell), now, []);
      return refused ? refusal(refused) : null;
    },

    /**
     * A checkout takes its places: held until its payment's expiry, or `sell` (a reservation, an
     * order with nothing to pay) sold at once. Slots in id order, so checkouts sharing slots queue
     * instead of deadlocking. Throws PLOT_SOLD_OUT / ORDER_LIMIT_REACHED (409); the caller's
     * transaction then undoes everything.
     */
    async take(db: Executor, claims: readonly PlotClaim[], how: { sell: boolean; now: Date; orderIds: readonly number[] }): Promise<void> {
      if (raceDelayMs > 0) await sleep(raceDelayMs);
      for (const claim of byPlot(claims)) {
        const refused = await apply(db, claim.plotId, changeOf(claim, how.sell), how.now, how.orderIds);
        if (refused) throw refusal(refused);
      }
    },

    /**
     * A paid checkout's holds become sold places. A hold still counted keeps its places whatever the
     * clock says (nobody was given them); a reclaimed one takes them again only if they are still
     * free. Null, with nothing changed, when any is not.
     *
     * The common case (every hold still counted) only locks the holds here; the answer's `finish`
     * deletes them and moves the slot's counters in one statement, which the settlement runs LAST
     * in its transaction: the slot row, which every checkout of the slot updates, is then locked
     * only from there to the commit, not while the settlement writes the orders, tickets and mail;
     * and `finish` sends its statements with the COMMIT itself, so it must be the transaction's last call.
     * Only when a reclaimed hold must take its places again is everything done at once (the guard
     * decides on the counters there) and `finish` does nothing.
     */
    async convertHolds(db: Executor, orderIds: readonly number[], now: Date): Promise<{ finish(db: Executor): Promise<void> } | null> {
      if (orderIds.length === 0) return { finish: async () => undefined };
      const ids = `{${orderIds.join(',')}}`;
      // Locked now, so a reclaim (which skips locked holds) cannot uncount them before `finish`.
      const locked = rowsOf<{ plot_id: number; quantity: number; counted: boolean }>(
        await db.execute(sql`select plot_id, quantity, counted from holds where order_id = any(${ids}::int[]) for update`),
      );
      if (locked.every((hold) => hold.counted)) {
        const perPlot = new Map<number, number>();
        for (const hold of locked) perPlot.set(hold.plot_id, (perPlot.get(hold.plot_id) ?? 0) + hold.quantity);
        return {
          async finish(executor: Executor) {
            // Per slot in id order (as every path that locks several), each ONE statement: its holds deleted, its counters
            // moved; sent with the COMMIT, so the slot row is not locked across a round trip (db/commit-with.ts).
            await commitWith(
              executor,
              [...perPlot]
                .sort(([a], [b]) => a - b)
                .map(
                  ([plotId, counted]) => integerStatement`
                    with paid as (delete from holds where order_id = any(${orderIds}::int[]) and plot_id = ${plotId})
                    update plots set held = held - ${counted}, sold = sold + ${counted} where id = ${plotId}`,
                ),
            );
          },
        };
      }
      // A reclaimed hold takes its places again only if they are still free: decided now, undone together if not.
      return db
        .transaction(async (savepoint) => {
          const holds = await deleteHolds(savepoint, orderIds);
          for (const plotId of [...holds.keys()].sort((a, b) => a - b)) {
            const { counted, reclaimed } = holds.get(plotId) ?? { counted: 0, reclaimed: 0 };
            await savepoint.execute(sql`update plots set held = held - ${counted}, sold = sold + ${counted} where id = ${plotId}`);
            if (reclaimed > 0 && (await apply(savepoint, plotId, { held: 0, sold: reclaimed, orders: 0 }, now))) throw new NotAllThere();
          }
          return { finish: async () => undefined };
        })
        .catch((error: unknown) => {
          if (error instanceof NotAllThere) return null;
          throw error;
        });
    },

    /**
     * Gives back what a failed, cancelled or expired checkout took on its slots: its holds' places,
     * the places its reservations sold (`sold`), and its orders' count.
     */
    async release(db: Executor, orderIds: readonly number[], taken: { sold: readonly PlotClaim[]; counted: readonly PlotClaim[] }): Promise<void> {
      const holds = await deleteHolds(db, orderIds);
      const plotIds = new Set([...holds.keys(), ...taken.sold.map((claim) => claim.plotId), ...taken.counted.map((claim) => claim.plotId)]);
      const released: number[] = [];
      for (const plotId of [...plotIds].sort((a, b) => a - b)) {
        const held = holds.get(plotId)?.counted ?? 0;
        const sold = taken.sold.filter((claim) => claim.plotId === plotId).reduce((sum, claim) => sum + claim.places, 0);
        const orders = taken.counted.filter((claim) => claim.plotId === plotId).reduce((sum, claim) => sum + claim.orders, 0);
        if (held === 0 && sold === 0 && orders === 0) continue;
        await db.execute(sql`
          update plots set held = held - ${held}, sold = greatest(sold - ${sold}, 0), order_count = greatest(order_count - ${orders}, 0)
          where id = ${plotId}`);
        if (held > 0 || sold > 0 || (holds.get(plotId)?.reclaimed ?? 0) > 0) released.push(plotId);
      }
      await noteReleased(db, released);
    },

    /**
     * Places that came back on a slot, held for the first waiting entries that fit (in the order
     * given): the slot locked and its lapsed holds reclaimed, then one hold per chosen entry
     * (`holds.waitlist_entry_id`, counted in `held` like an unpaid order's) until `expiresAt`.
     * Answers the chosen entries. Two processes offering the same slot queue on its row, so each
     * free place is held for one entry only.
     */
    async holdForWaiting(db: Executor, plotId: number, waiting: readonly WaitingEntry[], now: Date, expiresAt: Date): Promise<WaitingEntry[]> {
      const slot = await reclaim(db, plotId, now, []);
      if (!slot || slot.capacity === null) return [];
      let free = slot.capacity - slot.sold - slot.held;
      const chosen: WaitingEntry[] = [];
      for (const entry of waiting) {
        if (free <= 0) break;
        if (entry.quantity > free) continue;
        chosen.push(entry);
        free -= entry.quantity;
      }
      if (chosen.length === 0) return [];
      await db.execute(sql`insert into holds (plot_id, waitlist_entry_id, quantity, expires_at)
        select ${plotId}::int, entry.id, entry.quantity, ${expiresAt.toISOString()}::timestamptz
        from unnest(${`{${chosen.map((entry) => entry.id).join(',')}}`}::int[], ${`{${chosen.map((entry) => entry.quantity).join(',')}}`}::int[]) as entry(id, quantity)`);
      await db.execute(sql`update plots set held = held + ${chosen.reduce((sum, entry) => sum + entry.quantity, 0)}::int where id = ${plotId}`);
      return chosen;
    },

    /**
     * A waiting-list hold given up: used by its entry's checkout (which then takes the places itself
     * in the same transaction), lapsed unused, or ended with its slot. Its places leave `held` (when
     * still counted); `announce` records the release for the next entries. Answers the slot, or null
     * when the entry held nothing.
     */
    async dropWaitingHold(db: Executor, entryId: number, announce: boolean): Promise<number | null> {
      const deleted = rowsOf<{ plot_id: number; quantity: number; counted: boolean }>(
        await db.execute(sql`delete from holds where waitlist_entry_id = ${entryId} returning plot_id, quantity, counted`),
      )[0];
      if (!deleted) return null;
      if (deleted.counted) await db.execute(sql`update plots set held = greatest(held - ${deleted.quantity}::int, 0) where id = ${deleted.plot_id}`);
      if (announce) await noteReleased(db, [deleted.plot_id]);
      return deleted.plot_id;
    },

    /**
     * A slot's capacity was raised (the back office's plot edit calls this in its transaction): the
     * new places are announced to the waiting list like any that came back.
     */
    async capacityRaised(db: Executor, plotId: number): Promise<void> {
      await noteReleased(db, [plotId]);
    },

    /** A released checkout paid late takes its places again, sold at once; false when any is gone (caller's savepoint undoes the rest). */
    async retake(db: Executor, claims: readonly PlotClaim[], now: Date): Promise<boolean> {
      for (const claim of byPlot(claims)) {
        if (await apply(db, claim.plotId, { held: 0, sold: claim.places, orders: claim.orders }, now)) return false;
      }
      return true;
    },
  };
}

export type CapacityGuard = ReturnType<typeof createCapacityGuard>;

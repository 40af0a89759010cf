/**
 * The waiting list of sold-out slots. A shopper joins a slot with no room for them (e-mail,
 * quantity, language; one entry per e-mail per slot, arrival order). Places that come back on that
 * slot go through the one checkout core (capacity-guard.ts `release`), which records a release event
 * (`place_releases`) in the same transaction; the worker (waitlist-worker.ts) then offers them.
 * Here: joining, reading a held offer for the storefront, and the checkout's redemption of a hold.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Language } from '#domain/languages.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { placesTaken } from '../../db/hold-rules.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { AppError } from '../../errors.ts';
import type { AbuseLimits } from '../../security/abuse-limits.ts';
import { shopInstant } from '../../shop-time.ts';

/** The stored form of a mailed hold token: only its SHA-256 is kept. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a slot starts (its entries end then): its start time, or the end of its day for a day slot. */
export function slotStart(slot: { date: string; startTime: string | null }, timezone: string): Date {
  return shopInstant(slot.date, slot.startTime ?? '23:59:59', timezone);
}

export interface JoinRequest {
  plotId: number;
  email: string;
  quantity: number;
  language: Language;
  clientId: number | null;
  address: string | null;
}

export interface HeldOffer {
  productId: number;
  plotId: number;
  date: string;
  startTime: string | null;
  quantity: number;
  expiresAt: string;
}

/** What a checkout asks of a waiting-list hold: the places it takes on each slot. */
export interface HoldClaim {
  plotId: number;
  places: number;
}

export interface WaitlistDeps {
  db: Database;
  clock: Clock;
  limits: Pick<AbuseLimits, 'shopperMail'>;
  /** The capacity guard's hook that gives a used hold's places back to the checkout taking them. */
  dropHold(db: Executor, entryId: number, announce: boolean): Promise<number | null>;
}

interface SlotRow {
  id: number;
  product_id: number;
  date: string;
  start_time: string | null;
  capacity: number | null;
  taken: number;
  timezone: string;
}

const invalid = () => new AppError('WAITLIST_HOLD_INVALID', 404, 'This link is not valid');

export function createWaitlistService(deps: WaitlistDeps) {
  const { db, clock } = deps;

  async function slotOf(executor: Executor, plotId: number, now: Date): Promise<SlotRow | null> {
    const result = await executor.execute(sql`
      select p.id, p.product_id, p.date::text as date, p.start_time::text as start_time, p.capacity, ${placesTaken('p', now)} as taken,
        (select timezone from organisations order by id limit 1) as timezone
      from plots p join products pr on pr.id = p.product_id
      where p.id = ${plotId} and pr.state = 'PUBLISHED'`);
    return rowsOf<SlotRow>(result)[0] ?? null;
  }

  return {
    /** Joins the slot's list: refused when the slot has room for the quantity, has started or is unknown, or the e-mail is already on it. */
    async join(request: JoinRequest): Promise<{ position: number }> {
      const now = clock.now();
      const email = request.email.trim().toLowerCase();
      const slot = await slotOf(db, request.plotId, now);
      if (!slot || slotStart({ date: slot.date, startTime: slot.start_time }, slot.timezone) <= now) {
        throw new AppError('PLOT_NOT_AVAILABLE', 409, 'This time slot is not available');
      }
      if (slot.capacity === null || slot.capacity - slot.taken >= request.quantity) {
        throw new AppError('WAITLIST_PLACES_FREE', 409, 'This time slot has places free: book them now');
      }
      // Like every mail to an address a shopper typed: per recipient and per sender address.
      await deps.limits.shopperMail(email, request.address);
      const inserted = await db.execute(sql`
        insert into waitlist_entries (plot_id, email, quantity, language, client_id)
        values (${slot.id}, ${email}, ${request.quantity}, ${request.language}, ${request.clientId})
        on conflict (plot_id, email) do nothing returning id`);
      const entry = rowsOf<{ id: number }>(inserted)[0];
      if (!entry) throw new AppError('WAITLIST_ALREADY_JOINED', 409, 'This e-mail address is already on the waiting list of this time slot');
      const ahead = await db.execute(
        sql`select count(*)::int as n from waitlist_entries where plot_id = ${slot.id} and state = 'WAITING' and id <= ${entry.id}`,
      );
      return { position: rowsOf<{ n: number }>(ahead)[0]?.n ?? 1 };
    },

    /** The offer a mailed link holds, for the storefront to open the product flow on it. */
    async offer(token: string): Promise<HeldOffer> {
      const now = clock.now();
      const result = await db.execute(sql`
        select w.state, w.quantity, w.hold_expires_at as "expiresAt", p.id as "plotId", p.product_id as "productId", p.date::text as date, p.start_time::text as "startTime"
        from waitlist_entries w join plots p on p.id = w.plot_id where w.hold_token_hash = ${tokenHash(token)}`);
      const row = rowsOf<{
        state: string;
        quantity: number;
        expiresAt: Date | string | null;
        plotId: number;
        productId: number;
        date: string;
        startTime: string | null;
      }>(result)[0];
      if (!row) throw invalid();
      if (row.state === 'USED') throw new AppError('WAITLIST_HOLD_USED', 410, 'This link was already used');
      const expiresAt = row.expiresAt ? new Date(row.expiresAt) : null;
      if (row.state !== 'OFFERED' || !expiresAt || expiresAt <= now)
        throw new AppError('WAITLIST_HOLD_EXPIRED', 410, 'The places held for this link were given to the next person waiting');
      return {
        productId: row.productId,
        plotId: row.plotId,
        date: row.date,
        startTime: row.startTime ? row.startTime.slice(0, 5) : null,
        quantity: row.quantity,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * A checkout that carries a hold token, in its transaction and before it takes its places: the
     * hold must be live and cover what the cart takes on its slot; its places leave `held` so the
     * checkout's own take (the capacity guard) finds them, and the entry is USED (single use). What
     * the cart leaves of the hold comes back to the list. A refusal rolls everything back.
     */
    async redeem(tx: Executor, token: string, claims: readonly HoldClaim[], now: Date): Promise<void> {
      const result = await tx.execute(sql`
        select id, plot_id as "plotId", quantity, state, hold_expires_at as "expiresAt" from waitlist_entries
        where hold_token_hash = ${tokenHash(token)} for update`);
      const entry = rowsOf<{ id: number; plotId: number; quantity: number; state: string; expiresAt: Date | string | null }>(result)[0];
      if (!entry) throw invalid();
      if (entry.state === 'USED') throw new AppError('WAITLIST_HOLD_USED', 410, 'This link was already used');
      if (entry.state !== 'OFFERED' || !entry.expiresAt || new Date(entry.expiresAt) <= now) {
        throw new AppError('WAITLIST_HOLD_EXPIRED', 410, 'The places held for this link were given to the next person waiting');
      }
      const places = claims.filter((claim) => claim.plotId === entry.plotId).reduce((sum, claim) => sum + claim.places, 0);
      if (places === 0 || places > entry.quantity)
        throw new AppError('WAITLIST_HOLD_INVALID', 409, 'The held places are for another time slot or fewer tickets');
      await deps.dropHold(tx, entry.id, places < entry.quantity);
      await tx.execute(sql`update waitlist_entries set state = 'USED' where id = ${entry.id}`);
    },

    /** The places a live hold token holds, for a price simulation; null for any other token. */
    async held(token: string, now: Date): Promise<{ plotId: number; quantity: number } | null> {
      const result = await db.execute(sql`
        select plot_id as "plotId", quantity from waitlist_entries
        where hold_token_hash = ${tokenHash(token)} and state = 'OFFERED' and hold_expires_at > ${now.toISOString()}::timestamptz`);
      return rowsOf<{ plotId: number; quantity: number }>(result)[0] ?? null;
    },

    /** The back office's view of one slot's list, in arrival order; 404 for a slot that is not the product's. */
    async staffList(productId: number, plotId: number) {
      const slots = await db.execute(sql`
        select id, product_id as "productId", date::text as date, start_time::text as "startTime" from plots where id = ${plotId} and product_id = ${productId}`);
      const slot = rowsOf<{ id: number; productId: number; date: string; startTime: string | null }>(slots)[0];
      if (!slot) throw new AppError('NOT_FOUND', 404, 'No such time slot');
      const result = await db.execute(sql`
        select email, quantity, language, state, hold_expires_at as "holdExpiresAt", created_at as "createdAt"
        from waitlist_entries where plot_id = ${plotId} order by id`);
      const entries = rowsOf<{
        email: string;
        quantity: number;
        language: Language;
        state: string;
        holdExpiresAt: Date | string | null;
        createdAt: Date | string;
      }>(result).map((row) => ({
        ...row,
        holdExpiresAt: row.holdExpiresAt === null ? null : new Date(row.holdExpiresAt),
        createdAt: new Date(row.createdAt),
      }));
      return { slot, entries };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;

/**
 * The waiting-list worker, safe to run in every API process at once. Each round:
 *   end     entries of slots that have started end (their holds go, announcing nothing);
 *   lapse   offers whose hold ran out unused: the hold goes and its places are announced again, so
 *           they pass to the next entries;
 *   offer   release events (`place_releases`, written by the checkout core when places come back)
 *           are claimed with FOR UPDATE SKIP LOCKED; per slot, the slot row locked, the first waiting
 *           entries that fit (arrival order) are held the free places (capacity-guard.ts
 *           `holdForWaiting`) for the organisation's `waitlist_hold_minutes`, each with a fresh
 *           single-use token mailed through the outbox in the entry's language.
 * Everything of one slot happens in one transaction under its row lock, so two processes releasing
 * and offering at once can never hold one free place for two entries.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Language } from '#domain/languages.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { enqueueWaitlistOffer } from '../mail/index.ts';
import { tokenHash } from './waitlist.service.ts';

const BATCH = 20;
const DEFAULT_INTERVAL_MS = 2_000;

export interface WaitlistWorkerDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  holdForWaiting(
    db: Executor,
    plotId: number,
    waiting: readonly { id: number; quantity: number }[],
    now: Date,
    expiresAt: Date,
  ): Promise<{ id: number; quantity: number }[]>;
  dropHold(db: Executor, entryId: number, announce: boolean): Promise<number | null>;
}

interface Logger {
  error(object: object, message?: string): void;
}

/** 32 random bytes, URL-safe: the mailed token (only its hash is stored). */
const newToken = () => randomBytes(32).toString('base64url');

export function createWaitlistWorker(deps: WaitlistWorkerDeps) {
  const { db } = deps;

  async function endStarted(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const ended = await tx.execute(sql`
        select w.id from waitlist_entries w join plots p on p.id = w.plot_id
        where w.state in ('WAITING', 'OFFERED')
          and (p.date + coalesce(p.start_time, time '23:59:59')) at time zone (select timezone from organisations order by id limit 1) <= ${now.toISOString()}::timestamptz
        order by w.id limit ${BATCH} for update of w skip locked`);
      const ids = rowsOf<{ id: number }>(ended).map((row) => row.id);
      for (const id of ids) await deps.dropHold(tx, id, false);
      if (ids.length > 0) await tx.execute(sql`update waitlist_entries set state = 'ENDED' where id = any(${`{${ids.join(',')}}`}::int[])`);
      return ids.length;
    });
  }

  async function lapseOffers(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const lapsed = await tx.execute(sql`
        select id from waitlist_entries where state = 'OFFERED' and hold_expires_at <= ${now.toISOString()}::timestamptz
        order by id limit ${BATCH} for update skip locked`);
      const ids = rowsOf<{ id: number }>(lapsed).map((row) => row.id);
      // Marked first, so the release it announces is not offered back to the same entry.
      if (ids.length > 0) await tx.execute(sql`update waitlist_entries set state = 'LAPSED' where id = any(${`{${ids.join(',')}}`}::int[])`);
      for (const id of ids) await deps.dropHold(tx, id, true);
      return ids.length;
    });
  }

  async function offerReleased(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        delete from place_releases where id in (select id from place_releases order by id limit ${BATCH} for update skip locked) returning plot_id`);
      const plotIds = [...new Set(rowsOf<{ plot_id: number }>(claimed).map((row) => row.plot_id))].sort((a, b) => a - b);
      let offered = 0;
      for (const plotId of plotIds) {
        // The slot row first: offers of one slot queue here, and the list read below sees every earlier offer.
        await tx.execute(sql`select id from plots where id = ${plotId} for no key update`);
        const shop = rowsOf<{ minutes: number; name: string; timezone: string }>(
          await tx.execute(
            sql`select waitlist_hold_minutes as minutes, coalesce(texts->default_language->>'name', '') as name, timezone from organisations order by id limit 1`,
          ),
        )[0] ?? { minutes: 30, name: '', timezone: 'UTC' };
        const waiting = rowsOf<{
          id: number;
          quantity: number;
          email: string;
          language: Language;
          product: string;
          date: string;
          start: string | null;
          end: string | null;
        }>(
          await tx.execute(sql`
            select w.id, w.quantity, w.email, w.language, p.date::text as date, p.start_time::text as start, p.end_time::text as "end",
              coalesce(pr.texts->w.language->>'title', pr.texts->(select default_language from organisations order by id limit 1)->>'title', '') as product
            from waitlist_entries w join plots p on p.id = w.plot_id join products pr on pr.id = p.product_id
            where w.plot_id = ${plotId} and w.state = 'WAITING' order by w.id limit 500`),
        );
        if (waiting.length === 0) continue;
        const expiresAt = new Date(now.getTime() + shop.minutes * 60_000);
        const chosen = await deps.holdForWaiting(tx, plotId, waiting, now, expiresAt);
        for (const { id } of chosen) {
          const entry = waiting.find((each) => each.id === id);
          if (!entry) continue;
          const token = newToken();
          await tx.execute(
            sql`update waitlist_entries set state = 'OFFERED', hold_token_hash = ${tokenHash(token)}, hold_expires_at = ${expiresAt.toISOString()}::timestamptz where id = ${id}`,
          );
          await enqueueWaitlistOffer(tx, {
            language: entry.language,
            recipient: entry.email,
            shopName: shop.name,
            productName: entry.product,
            date: entry.date,
            start: entry.start?.slice(0, 5) ?? null,
            end: entry.end?.slice(0, 5) ?? null,
            quantity: entry.quantity,
            holdEnds: expiresAt,
            timezone: shop.timezone,
            link: `${deps.publicUrl.replace(/\/$/, '')}/waitlist/${token}`,
          });
          offered += 1;
        }
      }
      return offered;
    });
  }

  return {
    /** One round; answers how many entries were offered places. */
    async round(now = deps.clock.now()): Promise<{ ended: number; lapsed: number; offered: number }> {
      const ended = await endStarted(now);
      const lapsed = await lapseOffers(now);
      let offered = 0;
      for (let batch = 0; batch < 10; batch += 1) {
        const more = await offerReleased(now);
        offered += more;
        const left = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from place_releases`))[0]?.n ?? 0;
        if (left === 0) break;
      }
      return { ended, lapsed, offered };
    },
  };
}

export type WaitlistWorker = ReturnType<typeof createWaitlistWorker>;

export function startWaitlistWorker(options: { worker: WaitlistWorker; logger: Logger; clock?: Clock; intervalMs?: number }): { stop(): Promise<void> } {
  const clock = options.clock ?? systemClock;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => options.worker.round(clock.now()))
      .catch((error: unknown) => options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'waiting-list round failed'));
  }, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

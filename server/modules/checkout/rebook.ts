/**
 * Rebooking (spec sections 2, 4, 6, 7): who may move which booking. The entry checks the shop's
 * secret (GET /api/rebook/secret/{secret}/{orderId}); validation (POST /api/rebook/validate) finds
 * the order by its number (random, 9 digits: orders.number) and e-mail — slowed per address, per
 * order number and per e-mail by the shared rate limiter — and answers what the product flow
 * preloads with a move token: good for MOVE_TOKEN_MINUTES, for moving that one booking and nothing
 * else. Never the order's hash, which opens its e-tickets and cancels it (decision record 0016).
 * The move itself is an order submission with `rebook` (the move token) and `rebook_secret`,
 * written by the checkout (checkout.service.ts) through order-move.ts: one transaction, the same
 * capacity guard.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { RebookValidateRequest, RebookValidateResponse } from '#domain/contracts/rebook.schema.ts';
import { toAmount } from '#domain/money.ts';
import { isUpcoming } from '#domain/order/slot-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { customerFields, orderLines, orders, organisations, plots, rebookTokens, type OrderRecord } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateRule } from '../../security/rate-limiter.ts';
import { shopMoment } from '../../shop-time.ts';

/** The text the storefront recognises (spec section 8) and translates. */
export const REBOOK_NOT_ALLOWED = 'Rebook is not allowed';

const VALIDATE_PER_ADDRESS: RateRule = { name: 'rebook-validate:address', limit: 20, windowSeconds: 15 * 60 };
const VALIDATE_PER_ORDER: RateRule = { name: 'rebook-validate:order', limit: 5, windowSeconds: 15 * 60 };
const VALIDATE_PER_EMAIL: RateRule = { name: 'rebook-validate:email', limit: 10, windowSeconds: 15 * 60 };

/** How long a validated rebooking may take to choose the new date and submit (the payment then has its own hold). */
export const MOVE_TOKEN_MINUTES = 60;

/** A move token is 32 random bytes; only its SHA-256 is stored. */
const hashMoveToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The booking a move token was given for, while the token lasts; locked (FOR UPDATE) when `lock`:
 * whoever moves it next waits and re-reads. Null for an unknown or expired token.
 */
export async function orderOfMoveToken(db: Executor, token: string, now: Date, lock: boolean): Promise<OrderRecord | null> {
  const [found] = await db
    .select({ orderId: rebookTokens.orderId })
    .from(rebookTokens)
    .where(and(eq(rebookTokens.tokenHash, hashMoveToken(token)), gt(rebookTokens.expiresAt, now)))
    .limit(1);
  if (!found) return null;
  const query = db.select().from(orders).where(eq(orders.id, found.orderId));
  const [order] = lock ? await query.for('update').limit(1) : await query.limit(1);
  return order ?? null;
}

const notAllowed = () => new AppError('REBOOK_NOT_ALLOWED', 409, REBOOK_NOT_ALLOWED, { errorInfo: REBOOK_NOT_ALLOWED });
const NO_SUCH_ORDER = 'No order with this number and e-mail address.';

function sameSecret(given: string, actual: string | null): boolean {
  if (!actual) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The organisation's switch and secret; null when rebooking is off or the secret is wrong. */
export async function rebookingOpen(db: Executor, secret: string | null | undefined): Promise<boolean> {
  const [organisation] = await db
    .select({ allowed: organisations.rebookingAllowed, secret: organisations.rebookingSecret, timezone: organisations.timezone })
    .from(organisations)
    .limit(1);
  return Boolean(organisation?.allowed && typeof secret === 'string' && sameSecret(secret, organisation.secret));
}

/**
 * Whether `order` may be moved now: a product order on a slot, paid or reserved, not already being
 * moved by another rebooking still waiting for its payment, and its slot not yet started.
 */
export async function assertRebookable(db: Executor, order: OrderRecord, now: Date): Promise<void> {
  if (order.kind !== 'PRODUCT' || (order.status !== 'PAID' && order.status !== 'RESERVED') || order.plotId === null) throw notAllowed();
  const [slot] = await db
    .select({ date: plots.date, startTime: plots.startTime, timezone: organisations.timezone })
    .from(plots)
    .leftJoin(organisations, sql`true`)
    .where(eq(plots.id, order.plotId))
    .limit(1);
  if (!slot || !isUpcoming(slot, shopMoment(now, slot.timezone ?? 'Europe/Amsterdam'))) throw notAllowed();
  const waiting = rowsOf(
    await db.execute(sql`
      select 1 from rebookings r join orders o on o.id = r.new_order_id
      where r.original_order_id = ${order.id} and r.status = 'PENDING' and o.status = 'PENDING' limit 1`),
  );
  if (waiting.length > 0) throw notAllowed();
}

export function createRebookService({ db, clock, rateLimiter }: { db: Database; clock: Clock; rateLimiter: Pick<RateLimiter, 'take'> }) {
  return {
    async checkSecret(secret: string): Promise<void> {
      if (!(await rebookingOpen(db, secret))) throw new AppError('NOT_FOUND', 404, 'No such rebooking link');
    },

    async validate(request: RebookValidateRequest, address: string | null): Promise<RebookValidateResponse> {
      const email = request.order.email.trim().toLowerCase();
      await rateLimiter.take(
        { rule: VALIDATE_PER_ADDRESS, subject: address ?? 'unknown' },
        { rule: VALIDATE_PER_ORDER, subject: String(request.order.id) },
        { rule: VALIDATE_PER_EMAIL, subject: email },
      );
      if (!(await rebookingOpen(db, request.secret))) throw notAllowed();
      // `order.id` of the spec's request is the order number people were given.
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.number, request.order.id), inArray(orders.status, ['PAID', 'RESERVED'])))
        .limit(1);
      // One answer for an unknown number and a wrong e-mail: nothing tells which orders exist.
      if (!order || order.customer.email.trim().toLowerCase() !== email) throw new AppError('NOT_FOUND', 404, NO_SUCH_ORDER, { errorInfo: NO_SUCH_ORDER });
      const now = clock.now();
      await assertRebookable(db, order, now);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + MOVE_TOKEN_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        await tx.delete(rebookTokens).where(lte(rebookTokens.expiresAt, now));
        await tx.insert(rebookTokens).values({ tokenHash: hashMoveToken(token), orderId: order.id, expiresAt, createdAt: now });
      });
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      // The e-mail's confirmation fields stay locked with it in the flow (checkout.service.ts lockedEmail): preloaded too.
      const emailConfirmations = await db.select({ name: customerFields.name }).from(customerFields).where(eq(customerFields.type, 'EMAIL_CONFIRM'));
      const audiences = lines.filter((line) => line.kind === 'AUDIENCE' && line.audienceId !== null);
      const upsells = lines.filter((line) => line.kind === 'UPSELL' && line.upsellId !== null);
      return {
        ok: true,
        response: {
          token,
          expires_at: expiresAt.toISOString(),
          product: order.productId as number,
          plot: order.plotId as number,
          status: order.status as 'PAID' | 'RESERVED',
          quantity: {
            product: audiences.length > 0 ? Object.fromEntries(audiences.map((line) => [String(line.audienceId), line.quantity])) : order.quantity,
            upsell: Object.fromEntries(upsells.map((line) => [String(line.upsellId), line.quantity])),
          },
          amount: toAmount(order.totalCents),
          // What the flow preloads: the name and the (locked) e-mail, with its confirmation fields. Nothing else stored
          // about the customer (address, VAT number, fields such as a date of birth) goes to whoever has number and e-mail.
          customer: {
            first_name: order.customer.first_name,
            last_name: order.customer.last_name,
            email: order.customer.email,
            company: null,
            vat_id: null,
            address: null,
            zipcode: null,
            city: null,
            fields: Object.fromEntries(emailConfirmations.map((field) => [field.name, order.customer.email])),
          },
        },
      };
    },
  };
}

export type RebookService = ReturnType<typeof createRebookService>;

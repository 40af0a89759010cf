/**
 * The back office's refund-request inbox: the FAQ form's requests, newest first, each with its order
 * when the number it gives is an order's. Accept and decline are the one order change's
 * (checkout/order-change.ts): the order refunded (accept), the entry on its history, the request
 * marked in that transaction, and its sender mailed in the language they wrote in. A request whose
 * number is no order is declined here with the same mail. A request is decided once (409
 * REFUND_REQUEST_DECIDED).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { refundRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { OrderChanges, StaffAudit } from '../checkout/index.ts';
import { enqueueRequestDeclinedMail } from '../mail/index.ts';

export type RefundRequestStatus = 'OPEN' | 'ACCEPTED' | 'DECLINED';

export interface InboxRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  order_number: string;
  comment: string | null;
  language: string;
  status: RefundRequestStatus;
  created_at: Date | string;
  decided_at: Date | string | null;
  order_id: number | null;
  order_hash: string | null;
  order_status: string | null;
  order_total_cents: number | null;
  order_currency: string | null;
  order_email: string | null;
}

const decided = () => new AppError('REFUND_REQUEST_DECIDED', 409, 'This request was decided already');

/** OPEN → `status`, once; false when it was not open. */
async function decide(tx: Executor, id: number, status: RefundRequestStatus, staffId: number, now: Date): Promise<boolean> {
  const changed = await tx
    .update(refundRequests)
    .set({ status, decidedAt: now, decidedBy: staffId })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'OPEN')))
    .returning({ id: refundRequests.id });
  return changed.length === 1;
}

/** Who wrote in, to be answered in the language they wrote in. */
const senderOf = (request: InboxRow) => ({ email: request.email, language: request.language, name: `${request.first_name} ${request.last_name}`.trim() });

export function createRefundRequestInbox({
  db,
  clock,
  changes,
  audit,
}: {
  db: Database;
  clock: Clock;
  changes: Pick<OrderChanges, 'acceptRefundRequest' | 'declineRefundRequest'>;
  audit: StaffAudit;
}) {
  async function list(filter: { status?: RefundRequestStatus | null; before?: number | null; limit: number; id?: number }, executor: Executor = db) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
    if (filter.before) conditions.push(sql`r.id < ${filter.before}`);
    if (filter.id) conditions.push(sql`r.id = ${filter.id}`);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    // The order when the number given is one (digits only; the form checks that too).
    const result = await executor.execute(sql`
      select r.id, r.first_name, r.last_name, r.email, r.order_number, r.comment, r.language, r.status, r.created_at, r.decided_at,
        o.id as order_id, o.hash as order_hash, o.status as order_status, o.total_cents as order_total_cents, o.currency as order_currency,
        o.customer->>'email' as order_email
      from refund_requests r
      left join orders o on r.order_number ~ '^[0-9]{1,9}$' and o.number = r.order_number::int
      ${where}
      order by r.id desc
      limit ${filter.limit + 1}`);
    const rows = rowsOf<InboxRow>(result);
    return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
  }

  /** The request OPEN → `status` (once: a second decision is 409) with its audit row, in the deciding transaction. */
  async function mark(tx: Executor, staffId: number, request: InboxRow, status: 'ACCEPTED' | 'DECLINED', reply: string): Promise<void> {
    if (!(await decide(tx, request.id, status, staffId, clock.now()))) throw decided();
    await audit(tx, {
      staffId,
      action: status === 'ACCEPTED' ? 'refund_request.accept' : 'refund_request.decline',
      entity: 'refund_request',
      entityId: String(request.id),
      before: { status: 'OPEN' },
      after: status === 'ACCEPTED' ? { status } : { status, reply },
    });
  }

  async function one(id: number, executor: Executor = db): Promise<InboxRow> {
    const [row] = (await list({ id, limit: 1 }, executor)).rows;
    if (!row) throw notFound('No such refund request');
    return row;
  }

  return {
    list: (filter: { status?: RefundRequestStatus | null; before?: number | null; limit: number }) => list(filter),
    one: (id: number) => one(id),

    /** Refunds the request's order through the one order change; the request is ACCEPTED and its sender told in that transaction. */
    async accept(staffId: number, id: number, refund: { amountCents: number; tickets: readonly number[]; cancel: boolean; key: string }) {
      const request = await one(id);
      if (request.status !== 'OPEN') throw decided();
      if (!request.order_hash) throw notFound('No order has the number this request gives');
      return changes.acceptRefundRequest(
        { kind: 'staff', staffId },
        { orderHash: request.order_hash },
        { ...refund, reason: `refund request ${id}` },
        { to: senderOf(request), within: (tx) => mark(tx, staffId, request, 'ACCEPTED', '') },
      );
    },

    /**
     * Declines it: DECLINED, and the sender told in the language they wrote in (with the desk's reply, when given) —
     * through the one order change when the request names an order of this shop, so its history shows it too.
     */
    async decline(staffId: number, id: number, reply: string): Promise<void> {
      const request = await one(id);
      const answer = reply.trim();
      if (request.order_hash) {
        await changes.declineRefundRequest(
          { kind: 'staff', staffId },
          { orderHash: request.order_hash },
          { to: senderOf(request), reply: answer, within: (tx) => mark(tx, staffId, request, 'DECLINED', answer) },
        );
        return;
      }
      await db.transaction(async (tx) => {
        await mark(tx, staffId, request, 'DECLINED', answer);
        await enqueueRequestDeclinedMail(tx, { ...senderOf(request), orderNumber: request.order_number, reply: answer });
      });
    },
  };
}

export type RefundRequestInbox = ReturnType<typeof createRefundRequestInbox>;

/**
 * The back office's refund-request inbox (issue 21 item 2): the FAQ form's requests, newest first,
 * each with its order when the number it gives is an order's; accept refunds through the orders desk
 * (the checkout core's staff refund, server/modules/checkout/staff-desk.ts) and marks the request
 * ACCEPTED in that refund's transaction; decline marks it DECLINED and mails the visitor in the
 * language they wrote in, in one transaction. A request is decided once (409 REFUND_REQUEST_DECIDED).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { refundRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StaffAudit, StaffDesk } from '../checkout/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { DECLINE_TEXTS } from './refund-request-decline.texts.ts';
import { escapeHtml } from './refund-request-mail.ts';

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

export function createRefundRequestInbox({ db, clock, desk, audit }: { db: Database; clock: Clock; desk: Pick<StaffDesk, 'refund'>; audit: StaffAudit }) {
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

  async function one(id: number, executor: Executor = db): Promise<InboxRow> {
    const [row] = (await list({ id, limit: 1 }, executor)).rows;
    if (!row) throw notFound('No such refund request');
    return row;
  }

  return {
    list: (filter: { status?: RefundRequestStatus | null; before?: number | null; limit: number }) => list(filter),
    one: (id: number) => one(id),

    /** Refunds the request's order through the desk; the request is ACCEPTED in the refund's transaction. */
    async accept(staffId: number, id: number, refund: { amountCents: number; tickets: readonly number[]; cancel: boolean; key: string }) {
      const request = await one(id);
      if (request.status !== 'OPEN') throw decided();
      if (!request.order_hash) throw notFound('No order has the number this request gives');
      return desk.refund({
        staffId,
        orderHash: request.order_hash,
        ...refund,
        reason: `refund request ${id}`,
        within: async (tx) => {
          if (!(await decide(tx, id, 'ACCEPTED', staffId, clock.now()))) throw decided();
          await audit(tx, {
            staffId,
            action: 'refund_request.accept',
            entity: 'refund_request',
            entityId: String(id),
            before: { status: 'OPEN' },
            after: { status: 'ACCEPTED' },
          });
        },
      });
    },

    /** Declines it: DECLINED, and a mail to the visitor in their language (with the desk's reply, when given). */
    async decline(staffId: number, id: number, reply: string): Promise<void> {
      await db.transaction(async (tx) => {
        const request = await one(id, tx);
        if (!(await decide(tx, id, 'DECLINED', staffId, clock.now()))) throw decided();
        const texts = DECLINE_TEXTS[request.language as keyof typeof DECLINE_TEXTS] ?? DECLINE_TEXTS.en;
        const answer = reply.trim();
        const paragraphs = [
          texts.greeting(request.first_name),
          texts.body(request.order_number),
          ...(answer ? [`${texts.reasonLabel}\n${answer}`] : []),
          texts.closing,
        ];
        await enqueueMail(tx, {
          kind: 'refund-request-declined',
          recipient: request.email,
          subject: texts.subject(request.order_number),
          text: `${paragraphs.join('\n\n')}\n`,
          html: paragraphs.map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`).join('\n'),
        });
        await audit(tx, {
          staffId,
          action: 'refund_request.decline',
          entity: 'refund_request',
          entityId: String(id),
          before: { status: 'OPEN' },
          after: { status: 'DECLINED', reply: answer },
        });
      });
    },
  };
}

export type RefundRequestInbox = ReturnType<typeof createRefundRequestInbox>;

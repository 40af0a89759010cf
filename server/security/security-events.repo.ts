/** Queries of the captcha escalation: submissions in `security_events`, payment failures in `payments`. */
import { and, countDistinct, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders, payments, securityEvents } from '../db/schema/index.ts';

export interface SubmissionEvent {
  kind: string;
  address: string | null;
  email: string | null;
  at: Date;
}

/** Records one submission; answers its row id (so a refused submission can be taken back). */
export async function recordSubmission(db: Executor, event: SubmissionEvent): Promise<number> {
  const [row] = await db
    .insert(securityEvents)
    .values({ kind: event.kind, address: event.address, email: event.email, createdAt: event.at })
    .returning({ id: securityEvents.id });
  if (!row) throw new Error('security event not recorded');
  return row.id;
}

export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.delete(securityEvents).where(eq(securityEvents.id, id));
}

/** Housekeeping: rows older than the longest window count for nothing. */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(securityEvents).where(lt(securityEvents.createdAt, before));
}

/** Submissions of the given kinds since `since`, from one address and from one e-mail address. */
export async function countSubmissions(
  db: Executor,
  kinds: readonly string[],
  who: { address: string | null; email: string | null },
  since: Date,
): Promise<{ fromAddress: number; fromEmail: number }> {
  const count = async (column: typeof securityEvents.address | typeof securityEvents.email, value: string | null) => {
    if (value === null) return 0;
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(securityEvents)
      .where(and(inArray(securityEvents.kind, [...kinds]), eq(column, value), gt(securityEvents.createdAt, since)));
    return Number(rows[0]?.n ?? 0);
  };
  const [fromAddress, fromEmail] = await Promise.all([count(securityEvents.address, who.address), count(securityEvents.email, who.email)]);
  return { fromAddress, fromEmail };
}

const customerEmail = sql<string>`lower(${orders.customer}->>'email')`;

/**
 * Checkouts (payments) that failed or were cancelled since `since`: those of the e-mail address,
 * and those of every e-mail address that submitted from the client address since then (orders do
 * not keep the client address, the recorded submissions do).
 */
export async function countPaymentFailures(
  db: Executor,
  submissionKinds: readonly string[],
  who: { address: string | null; email: string | null },
  since: Date,
): Promise<{ ofAddress: number; ofEmail: number }> {
  const failedSince = and(inArray(payments.status, ['failed', 'cancelled']), gt(payments.updatedAt, since));
  const count = async (matchesCustomer: SQL) => {
    const rows = await db
      .select({ n: countDistinct(payments.id) })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(and(failedSince, matchesCustomer));
    return Number(rows[0]?.n ?? 0);
  };
  const emailsFromAddress = (address: string) =>
    db
      .selectDistinct({ email: securityEvents.email })
      .from(securityEvents)
      .where(
        and(
          inArray(securityEvents.kind, [...submissionKinds]),
          eq(securityEvents.address, address),
          isNotNull(securityEvents.email),
          gt(securityEvents.createdAt, since),
        ),
      );
  const [ofAddress, ofEmail] = await Promise.all([
    who.address === null ? 0 : count(inArray(customerEmail, emailsFromAddress(who.address))),
    who.email === null ? 0 : count(eq(customerEmail, who.email)),
  ]);
  return { ofAddress, ofEmail };
}

/**
 * The transactional outbox: a mail is written in the same transaction as what caused it (so it
 * exists exactly when that did), and delivered later by the mail worker of any API process.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { documentAttachment, type MailAttachmentRef } from './mail-attachments.ts';

export interface OutgoingMail {
  /** What caused the mail, for the outbox listing (e.g. 'refund-request'). */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Where an answer to the mail should go (e.g. the customer who wrote in). */
  replyTo?: string | null;
  /** Signed e-ticket codes, sent as inline QR images (cid `ticket-<n>@shop`, see mailer.ts). */
  tickets?: readonly string[];
  /** Documents rendered and attached when the mail is sent (mail-attachments.ts): a reference each, never bytes. */
  attachments?: readonly MailAttachmentRef[];
  /**
   * Receipts, invoices and credit notes (the documents module's ids) attached as PDFs: queued as
   * attachments of kind DOCUMENT_ATTACHMENT, rendered when the mail is sent like any other.
   */
  documents?: readonly number[];
}

/** Callable with a transaction handle, so the mail commits or rolls back with its cause. */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<number> {
  const attachments = [...(mail.attachments ?? []).map(({ kind, ref }) => ({ kind, ref: { ...ref } })), ...(mail.documents ?? []).map(documentAttachment)];
  const [row] = await executor
    .insert(outbox)
    .values({
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      payload:
        mail.replyTo || mail.tickets?.length || attachments.length
          ? {
              ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
              ...(mail.tickets?.length ? { tickets: [...mail.tickets] } : {}),
              ...(attachments.length ? { attachments } : {}),
            }
          : null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('enqueueMail: the insert returned no row');
  return row.id;
}

export interface ClaimOptions {
  now: Date;
  /** Until when the claimed mails belong to this worker. */
  lockUntil: Date;
  batchSize: number;
  /** Mails tried this often are given up on (they stay in the outbox with their last error). */
  maxAttempts: number;
}

/**
 * Claims due mails for one worker. `FOR UPDATE SKIP LOCKED` makes concurrent workers (in other
 * processes) pass over rows another worker is claiming, and the re-checked WHERE after a
 * committed claim (`locked_until` now in the future) leaves them out: each mail goes to one worker.
 */
export async function claimDueMails(db: Executor, options: ClaimOptions) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, options.now)), lt(outbox.attempts, options.maxAttempts)))
    .orderBy(asc(outbox.id))
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: options.lockUntil, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      recipient: outbox.recipient,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      payload: outbox.payload,
      attempts: outbox.attempts,
    });
}

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMails>>[number];

export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(outbox).set({ sentAt: at, lockedUntil: null, lastError: null }).where(eq(outbox.id, id));
}

/** Keeps the mail pending, locked until `retryAt` so that it is retried later rather than at once. */
export async function markFailed(db: Executor, id: number, error: string, retryAt: Date): Promise<void> {
  await db.update(outbox).set({ lastError: error, lockedUntil: retryAt }).where(eq(outbox.id, id));
}

/** Newest first, for the outbox script. */
export function listOutbox(db: Executor, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

/** Refund requests and the mail outbox. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '#domain/languages.ts';
import { createdAt, id } from './columns.ts';

export const refundRequests = pgTable('refund_requests', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  address: text('address'),
  orderNumber: text('order_number').notNull(),
  comment: text('comment'),
  language: text('language').$type<Language>().notNull(),
  /** The back office's answer: OPEN until a staff member accepts (refunded through the desk) or declines it (mailed). */
  status: text('status').$type<'OPEN' | 'ACCEPTED' | 'DECLINED'>().notNull().default('OPEN'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** staff_accounts.id of who decided. */
  decidedBy: integer('decided_by'),
  createdAt: createdAt(),
});

/**
 * Transactional outbox: a mail is written in the same transaction as what caused it and
 * delivered later by a worker; `locked_until` lets several API processes share the work.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The worker's claim (unsent, oldest first) reads only the unsent rows, however many were sent; no
  // index holds locked_until or attempts, so a claim's update stays on its page (HOT).
  (t) => [
    index('outbox_unsent')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * What the captcha escalation counts (server/security): submissions and payment failures per
 * address and per e-mail, in a sliding window. Kept in the database so every API process sees the
 * same counts; rows older than the longest window are deleted as new ones arrive.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    /** e.g. 'order-submit', 'payment-failed', 'captcha-failed'. */
    kind: text('kind').notNull(),
    /** The client address (request.ip), when known. */
    address: text('address'),
    /** The e-mail address in lower case, when known. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_address').on(t.kind, t.address, t.createdAt), index('security_events_email').on(t.kind, t.email, t.createdAt)],
);

/**
 * Shared rate limits (server/security/rate-limiter.ts): units used per key in fixed windows.
 * One upsert per take; rows whose window has passed are swept away.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** The rule's name and the hashed subject: 'voucher-check:address:<hash>'. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_windows_expiry').on(t.expiresAt)],
);

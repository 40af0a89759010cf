/** Refund requests and the mail outbox. */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '../../../src/domain/languages.ts';
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
  (t) => [index('outbox_pending').on(t.sentAt, t.lockedUntil)],
);

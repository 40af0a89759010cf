/**
 * Idempotency keys of submissions (server/plugins/idempotency.ts): the first answer to a key, kept so
 * that a retry with the same key gets that answer again instead of a second booking, in any process.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The client's Idempotency-Key header. */
    key: text('key').primaryKey(),
    /** sha256 of method, path, body and signed-in client: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Which attempt holds the key while it is in flight (a random token per claim). */
    claim: text('claim'),
    /** While in flight: until when the claim is the running attempt's; a later retry may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The first answer, once there is one (null: in flight). */
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    /**
     * The checkout the attempt wrote, bound in that checkout's own transaction: once set, the key is
     * never run again (a retry whose stored answer is missing gets it rebuilt from this payment).
     */
    paymentHash: text('payment_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_expiry').on(t.expiresAt)],
);

/**
 * The waiting list of sold-out slots (server/modules/waitlist). An entry waits in arrival order
 * until places come back on its slot; then it is offered them: a hold (`holds.waitlist_entry_id`,
 * counted like an unpaid order's) and a mailed single-use link whose token is stored only as a
 * SHA-256 hash. `place_releases` is the release event the checkout core writes whenever places come
 * back on a slot somebody waits for; the waiting-list worker claims it (FOR UPDATE SKIP LOCKED).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language } from '#domain/languages.ts';
import { plots } from './catalogue.ts';
import { clients } from './clients.ts';
import { createdAt, id } from './columns.ts';

export const WAITLIST_STATES = ['WAITING', 'OFFERED', 'USED', 'LAPSED', 'ENDED'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed: one entry per e-mail per slot. */
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    language: text('language').$type<Language>().notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    state: text('state').$type<WaitlistState>().notNull().default('WAITING'),
    /** SHA-256 (hex) of the mailed hold token, while OFFERED (and after, so a reused link is told so). */
    holdTokenHash: text('hold_token_hash'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_plot_email').on(t.plotId, t.email),
    uniqueIndex('waitlist_entries_token').on(t.holdTokenHash),
    index('waitlist_entries_plot_state').on(t.plotId, t.state, t.id),
    check('waitlist_entries_state', sql`${t.state} in ('WAITING','OFFERED','USED','LAPSED','ENDED')`),
    check('waitlist_entries_quantity', sql`${t.quantity} between 1 and 50`),
  ],
);

/** Places came back on a slot with entries waiting: one row per release, consumed by the worker. */
export const placeReleases = pgTable('place_releases', {
  id: id(),
  plotId: integer('plot_id')
    .notNull()
    .references(() => plots.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Scheduled backups (server/modules/backup): one row per slot of BACKUP_SCHEDULE, inserted by the
 * process that makes that slot's backup. The insert is the claim: several API processes on one
 * PostgreSQL each try it, one wins, so a slot is backed up once.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const backupSlots = pgTable('backup_slots', {
  /** The scheduled time (UTC) this backup is for. */
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Which process claimed it (host and pid), for the logs. */
  claimedBy: text('claimed_by').notNull(),
});

/**
 * The back office's people (staff accounts, apart from shop clients), their sessions and the audit
 * log of every change they make (docs/backoffice.md).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';
import { createdAt, id } from './columns.ts';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: id(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** argon2id (PHC string); null until the person sets one through their set-password link. */
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret once enrolled (owners and managers may enrol); null: no second factor. */
    totpSecret: text('totp_secret'),
    /** A secret offered at enrolment, kept until the first code proves it (then moved to totp_secret). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The RFC 6238 time step of the last code accepted: a code of that step or earlier is refused (used once). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_accounts_email').on(t.email), check('staff_accounts_role', sql`${t.role} in ('owner', 'manager', 'box_office', 'gate')`)],
);

/** Sessions by the SHA-256 of the cookie's token; deleting a row revokes it. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The session as the back office names it (listing, ending one); the token's hash never leaves the server. */
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** The CSRF token this session's state-changing calls must echo in `x-csrf-token`. */
    csrfToken: text('csrf_token').notNull(),
    /** The absolute end (STAFF_SESSION_HOURS after sign-in). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request (written at most once a minute); idle longer than STAFF_SESSION_IDLE_MINUTES: ended. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 300 characters) and its address, to tell devices apart. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId), index('staff_sessions_expiry').on(t.expiresAt), uniqueIndex('staff_sessions_id').on(t.id)],
);

/** Recovery codes issued when the authenticator is switched on: each signs in (or changes the factor) once; stored by SHA-256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff').on(t.staffId), uniqueIndex('staff_recovery_codes_hash').on(t.codeHash)],
);

/** One-time set-password links (an invitation, the first owner, a reset by an owner). */
export const staffPasswordTokens = pgTable(
  'staff_password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_tokens_staff').on(t.staffId)],
);

export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: id(),
    /** Null only for changes made by the command line (`npm run staff`). */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'restrict' }),
    /** dotted verb, e.g. `staff.invite`, `product.update`. */
    action: text('action').notNull(),
    /** the table-ish name of what changed, e.g. `staff`, `product`. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_log_at').on(t.at),
    index('staff_audit_log_staff_at').on(t.staffId, t.at),
    index('staff_audit_log_entity_at').on(t.entity, t.entityId, t.at),
  ],
);

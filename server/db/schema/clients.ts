/** Client accounts, their saved details and subscriptions, and sign-in state (sessions, tokens, attempts). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SubscriptionType } from '#domain/contracts/catalogue.ts';
import { audiences } from './catalogue.ts';
import { createdAt, id, texts } from './columns.ts';
import { customerFields } from './organisation.ts';
import { subscriptions } from './subscriptions.ts';

export const clients = pgTable(
  'clients',
  {
    id: id(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    address: text('address'),
    zipcode: text('zipcode'),
    city: text('city'),
    vatId: text('vat_id'),
    /** Public identifier sent along with a client's orders (spec section 6). */
    token: text('token').notNull(),
    /**
     * When the owner of the e-mail address proved it (followed a link mailed to it). An account made
     * with a purchase has none, and no usable password, until then.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_email').on(t.email), uniqueIndex('clients_token').on(t.token)],
);

export const clientFieldValues = pgTable(
  'client_field_values',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customerFields.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | number | boolean | null>(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.fieldId] })],
);

export const clientSubscriptions = pgTable(
  'client_subscriptions',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    /** Sent with an order to redeem it. */
    token: text('token').notNull(),
    /** Renewal link: /renew/{hash}. */
    hash: text('hash').notNull(),
    type: text('type').$type<SubscriptionType>().notNull(),
    /** Redemptions left; -1 means unlimited. */
    availableRedemptions: integer('available_redemptions').notNull(),
    renewable: boolean('renewable').notNull().default(true),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** When the expiry reminder was written to the outbox (written once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_subscriptions_token').on(t.token),
    uniqueIndex('client_subscriptions_hash').on(t.hash),
    index('client_subscriptions_client').on(t.clientId),
    // The expiry reminder's pass: renewable cards not yet reminded, by expiry day.
    index('client_subscriptions_reminder_due')
      .on(t.expiresOn)
      .where(sql`${t.renewable} and ${t.reminderSentAt} is null`),
    check('client_subscriptions_redemptions', sql`${t.availableRedemptions} >= -1`),
  ],
);

/** A pass of a PHYSICAL subscription: one holder of one audience. */
export const passes = pgTable(
  'passes',
  {
    id: id(),
    clientSubscriptionId: integer('client_subscription_id')
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: 'cascade' }),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'restrict' }),
    holderName: text('holder_name').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    avatar: text('avatar'),
  },
  (t) => [index('passes_client_subscription').on(t.clientSubscriptionId)],
);

/**
 * Redemptions of a client subscription taken by one order (POST /api/orders with a subscription
 * token): taken in the checkout's transaction, given back once (`releasedAt`) when it is released.
 */
export const subscriptionRedemptions = pgTable(
  'subscription_redemptions',
  {
    id: id(),
    clientSubscriptionId: integer('client_subscription_id')
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_redemptions_order').on(t.orderId, t.clientSubscriptionId),
    check('subscription_redemptions_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Customer groups (GET /api/groups/{clientId}); a paid subscription may make its client a member. */
export const customerGroups = pgTable('customer_groups', {
  id: id(),
  texts: texts<{ name: string }>(),
});

export const clientGroups = pgTable(
  'client_groups',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.groupId] })],
);

/** A signed-in browser. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_client').on(t.clientId), index('sessions_expires').on(t.expiresAt)],
);

/** One-time sign-in tokens (as sent in a sign-in link), exchanged through POST /api/client. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The confirmation link of an account made with a purchase: the password chosen then, which the link makes the account's. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_tokens_expires').on(t.expiresAt)],
);

/** Failed sign-in attempts, counted per key (e-mail or address) in a window, shared by every API process. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_time').on(t.key, t.attemptedAt), index('login_attempts_time').on(t.attemptedAt)],
);

/**
 * The per-account brake on sign-in (server/modules/client/login-throttle.ts), for shop and staff
 * accounts alike (`client:<e-mail>`, `staff:<e-mail>`): failures of the account from any address
 * in a row, and until when the next attempt is refused. It outlives the attempt window, and every
 * API process sees the same row.
 */
export const signInBrakes = pgTable(
  'sign_in_brakes',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_brakes_last_failure').on(t.lastFailureAt)],
);

/**
 * Known devices (OWASP "device cookies"): a browser that signed an account in gets a random token
 * (stored here by its SHA-256) that lets it past that account's brake; a few wrong passwords with
 * it and it is spent.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountKey: text('account_key').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_devices_expires').on(t.expiresAt)],
);

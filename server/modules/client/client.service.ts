/**
 * Client accounts: signing in (password or one-time token), signing out, and the Client view.
 * Sessions are rows keyed by the SHA-256 of a random cookie token, so any API process can
 * resolve any session.
 */
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { randomBytes } from 'node:crypto';
import type { Customer } from '#domain/customer.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Client } from '#domain/contracts/client.ts';
import type { Language } from '#domain/languages.ts';
import { toClient, type SubscriptionDetails } from './client-view.ts';
import {
  findClient,
  findClientSubscriptions,
  findCredentialsByEmail,
  findDefaultLanguage,
  findFieldValues,
  findPasswordHash,
  findSubscriptionAudiences,
  findSubscriptionProducts,
  findSubscriptionUpsells,
  insertClientIfNew,
  confirmEmail,
  updatePasswordHash,
} from './client.repo.ts';
import { createLoginThrottle, type LoginThrottleDeps } from './login-throttle.ts';
import { hashPassword, preparePasswordChecks, verifyPassword } from './password.ts';
import { hashToken, newToken } from './session-token.ts';
import {
  consumeSignInToken,
  deleteExpiredSessions,
  revokeSignInTokensOf,
  deleteSession,
  deleteSessionsOfClient,
  insertSession,
  insertSignInToken,
  pruneExpiredSessions,
} from './session.repo.ts';
import { pruneAttemptsBefore } from './login-attempts.repo.ts';
import { pruneBrakes } from './sign-in-brakes.repo.ts';
import { assertStrongPassword } from '../../security/password-strength.ts';
import { enqueueAccountMail } from '../mail/index.ts';

const DAY_MS = 86_400_000;

export interface ClientServiceDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'sessionDays' | 'loginMaxAttempts' | 'loginWindowMinutes' | 'loginAccountMaxDelayMinutes'>;
  /** The captcha asked of sign-ins to an account strangers keep guessing (login-throttle.ts). */
  challenge?: LoginThrottleDeps['challenge'];
}

/** A new session: the raw token goes into the cookie and nowhere else. */
export interface StartedSession {
  clientId: number;
  token: string;
  expiresAt: Date;
}

export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or the password is wrong');
export const invalidToken = () => new AppError('INVALID_TOKEN', 400, 'This sign-in link is not valid (any more)');

/** How long a link mailed to confirm an address or to sign in works (once). */
export const ACCOUNT_LINK_HOURS = 72;

/**
 * The password of an account made with a purchase, until its e-mail address is confirmed: no
 * argon2 hash, so nothing verifies against it. The password chosen at the purchase waits with the
 * confirmation link (sign_in_tokens.password_hash) and becomes the account's when it is followed.
 */
const UNCONFIRMED_PASSWORD = '!unconfirmed';

export interface PurchaseAccount {
  customer: Customer;
  /** The password chosen at the purchase, hashed by the caller before the transaction (argon2 takes tens of milliseconds that no row lock should wait for). */
  passwordHash: string;
  language: Language;
  /** Where the storefront is: the link is `${publicUrl}/client/login?token=…`. */
  publicUrl: string;
  now: Date;
}

/**
 * The account a purchase by an anonymous customer goes on (a subscription's passes live on an
 * account), found or made in the checkout's transaction so that a refused checkout leaves nothing
 * behind, and a mail to its address with a one-time link:
 * - no account yet: one is made, unusable (no password, no session) until the link is followed,
 *   which confirms the address and makes the password chosen here the account's;
 * - an account already: the purchase goes on it, its password stays, the mail says so and signs in.
 * The purchaser is answered the same either way (no session, no refusal), so strangers learn
 * nothing about which addresses have accounts. The account's id.
 */
export async function accountForPurchase(executor: Executor, purchase: PurchaseAccount): Promise<number> {
  const { customer, now } = purchase;
  const email = customer.email.trim().toLowerCase();
  const account = await claimAccount(executor, {
    details: {
      email,
      firstName: customer.first_name,
      lastName: customer.last_name,
      company: customer.company,
      address: customer.address,
      zipcode: customer.zipcode,
      city: customer.city,
      vatId: customer.vat_id,
    },
    passwordHash: purchase.passwordHash,
    now,
  });
  await enqueueAccountMail(executor, {
    kind: account.confirmed ? 'existing' : 'confirm',
    language: purchase.language,
    recipient: email,
    firstName: customer.first_name,
    lastName: customer.last_name,
    link: `${purchase.publicUrl}/client/login?token=${encodeURIComponent(account.token)}`,
    validHours: ACCOUNT_LINK_HOURS,
  });
  return account.id;
}

/** What an account is made with (sign-up, a purchase). */
export type NewAccountDetails = Pick<
  Parameters<typeof insertClientIfNew>[1],
  'email' | 'firstName' | 'lastName' | 'company' | 'address' | 'zipcode' | 'city' | 'vatId'
>;

/**
 * The one confirmation mechanism of the e-mail address, for a purchase's account and a sign-up
 * alike: the address's account is found, or made unusable (no password hash, not confirmed), and a
 * one-time link's token is issued for it. An unconfirmed account's link carries the password chosen
 * now, which the link makes the account's when it is followed (signInWithToken → confirmEmail); a
 * confirmed account's link only signs in (its password stays). The caller mails the link.
 */
export async function claimAccount(
  executor: Executor,
  input: { details: NewAccountDetails; passwordHash: string; now: Date },
): Promise<{ id: number; created: boolean; confirmed: boolean; token: string }> {
  const { details, now } = input;
  const created = await insertClientIfNew(executor, {
    ...details,
    passwordHash: UNCONFIRMED_PASSWORD,
    emailConfirmedAt: null,
    token: randomBytes(24).toString('base64url'),
  });
  const account = created !== null ? { id: created, emailConfirmedAt: null } : await findCredentialsByEmail(executor, details.email);
  if (!account) throw new Error('claimAccount: the account was neither made nor found');
  const confirmed = account.emailConfirmedAt !== null;
  const token = newToken();
  await insertSignInToken(executor, {
    tokenHash: hashToken(token),
    clientId: account.id,
    expiresAt: new Date(now.getTime() + ACCOUNT_LINK_HOURS * 3_600_000),
    now,
    passwordHash: confirmed ? null : input.passwordHash,
  });
  return { id: account.id, created: created !== null, confirmed, token };
}

export type AccountForPurchase = typeof accountForPurchase;

/** How often one process prunes expired sessions, tokens and attempts, and how many rows of each at most. */
const PRUNE_EVERY_MS = 60_000;
/** A brake quiet for two days, or a device unknown since as long, is forgotten. */
const BRAKE_KEPT_MS = 2 * DAY_MS;
const PRUNE_BATCH = 1000;

export function createClientService({ db, clock, config, challenge }: ClientServiceDeps) {
  const throttle = createLoginThrottle({ db, clock, config, ...(challenge ? { challenge } : {}) });
  preparePasswordChecks();

  let lastPrune = 0;
  /**
   * Expired sessions and sign-in tokens, and sign-in attempts older than the window, of every
   * client: at most a batch once a minute per process, at a sign-in, so none of these tables grows
   * with the shop's history (their lookups are on indexes either way).
   */
  async function prune(now: Date): Promise<void> {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await pruneExpiredSessions(db, now, PRUNE_BATCH);
    await pruneAttemptsBefore(db, new Date(now.getTime() - config.loginWindowMinutes * 60_000), PRUNE_BATCH);
    await pruneBrakes(db, new Date(now.getTime() - BRAKE_KEPT_MS));
  }

  async function startSession(clientId: number): Promise<StartedSession> {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + config.sessionDays * DAY_MS);
    await prune(now);
    await deleteExpiredSessions(db, clientId, now);
    await insertSession(db, { tokenHash: hashToken(token), clientId, expiresAt, now });
    return { clientId, token, expiresAt };
  }

  /** The signed-in client as the storefront sees it; null when the account no longer exists. */
  async function getClient(clientId: number, requestedLanguage: Language | null): Promise<Client | null> {
    const client = await findClient(db, clientId);
    if (!client) return null;
    const [fields, subscriptions, fallback] = await Promise.all([
      findFieldValues(db, clientId),
      findClientSubscriptions(db, clientId),
      findDefaultLanguage(db),
    ]);
    const details = await loadSubscriptionDetails([...new Set(subscriptions.map((row) => row.subscriptionId))]);
    return toClient({ client, fields, subscriptions, details }, { language: requestedLanguage ?? fallback, fallback });
  }

  async function loadSubscriptionDetails(ids: number[]): Promise<SubscriptionDetails> {
    if (ids.length === 0) return { audiences: [], products: [], upsells: [] };
    const [audiences, products, upsells] = await Promise.all([
      findSubscriptionAudiences(db, ids),
      findSubscriptionProducts(db, ids),
      findSubscriptionUpsells(db, ids),
    ]);
    return { audiences, products, upsells };
  }

  /**
   * E-mail and password → a session. Unknown e-mail and wrong password get the same refusal. `device`
   * is the browser's device cookie: a known one passes the account's brake (login-throttle.ts).
   */
  async function login(input: {
    email: string;
    password: string;
    ip: string;
    captcha?: string | undefined;
    device?: string | undefined;
  }): Promise<StartedSession & { deviceToken: string }> {
    const attempt = await throttle.begin(input.email, input.ip, input.captcha, input.device ?? null);
    const credentials = await findCredentialsByEmail(db, input.email);
    // An account whose address is not confirmed yet is checked like an unknown one: same answer, same time.
    const usable = credentials && credentials.emailConfirmedAt !== null ? credentials : null;
    const valid = await verifyPassword(usable?.passwordHash ?? null, input.password);
    if (!usable || !valid) {
      await attempt.failed();
      throw invalidCredentials();
    }
    const { deviceToken } = await attempt.succeeded();
    return { ...(await startSession(usable.id)), deviceToken };
  }

  /**
   * A one-time sign-in token (from a sign-in link) → a session; each token works once. Following
   * a link proves the e-mail address: the account is confirmed, and the link mailed with a
   * purchase's new account makes the password chosen then the account's (and the other such links
   * of the account stop working, so an older one cannot set another password later).
   */
  async function signInWithToken(token: string): Promise<StartedSession> {
    const now = clock.now();
    const clientId = await db.transaction(async (tx) => {
      const used = await consumeSignInToken(tx, hashToken(token), now);
      if (used === null) return null;
      await confirmEmail(tx, used.clientId, used.passwordHash, now);
      return used.clientId;
    });
    if (clientId === null) throw invalidToken();
    return startSession(clientId);
  }

  async function logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await deleteSession(db, hashToken(sessionToken));
  }

  /** Ends every session of the client, on every device (and every API process: they are rows), and every link mailed to it. */
  async function logoutEverywhere(clientId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await deleteSessionsOfClient(tx, clientId);
      await revokeSignInTokensOf(tx, clientId, clock.now());
    });
  }

  /**
   * The signed-in client's password asked again before something that cannot be undone (a new
   * password, erasing the account). A wrong one counts as a failed sign-in of the account from this
   * address: INVALID_CREDENTIALS, and past the limit TOO_MANY_ATTEMPTS.
   */
  async function checkPassword(clientId: number, password: string, ip: string, device?: string): Promise<void> {
    const client = await findClient(db, clientId);
    if (!client) throw invalidCredentials();
    const attempt = await throttle.begin(client.email.trim().toLowerCase(), ip, null, device ?? null);
    if (!(await verifyPassword(await findPasswordHash(db, clientId), password))) {
      await attempt.failed();
      throw invalidCredentials();
    }
    await attempt.succeeded();
  }

  /**
   * A new password, given the current one: every session of the client ends (a thief signed in
   * elsewhere is signed out) and this browser gets a fresh one. A wrong current password counts as a
   * failed sign-in of the account from this address.
   */
  async function changePassword(
    clientId: number,
    input: { currentPassword: string; password: string; ip: string; device?: string | undefined },
  ): Promise<StartedSession> {
    await checkPassword(clientId, input.currentPassword, input.ip, input.device);
    const client = await findClient(db, clientId);
    assertStrongPassword(input.password, { audience: 'shopper', userInputs: client ? [client.email, client.firstName, client.lastName] : [] });
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, clientId, passwordHash);
      await deleteSessionsOfClient(tx, clientId);
      // The links mailed before (sign-in, reset) stop working with the old password.
      await revokeSignInTokensOf(tx, clientId, clock.now());
    });
    return startSession(clientId);
  }

  /** A fresh raw sign-in token for a link; only its hash is stored. */
  async function issueSignInToken(clientId: number, ttlMinutes: number): Promise<string> {
    const now = clock.now();
    const token = newToken();
    await insertSignInToken(db, { tokenHash: hashToken(token), clientId, expiresAt: new Date(now.getTime() + ttlMinutes * 60_000), now });
    return token;
  }

  return { getClient, login, signInWithToken, logout, logoutEverywhere, checkPassword, changePassword, issueSignInToken, startSession };
}

export type ClientService = ReturnType<typeof createClientService>;

/**
 * Client accounts: signing in (password or one-time token), signing out, and the Client view.
 * Sessions are rows keyed by the SHA-256 of a random cookie token, so any API process can
 * resolve any session.
 */
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { randomBytes } from 'node:crypto';
import type { Customer } from '../../../src/domain/customer.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Client } from '../../../src/domain/contracts/client.ts';
import type { Language } from '../../../src/domain/languages.ts';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../../src/domain/subscription/password.ts';
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
  updatePasswordHash,
} from './client.repo.ts';
import { createLoginThrottle, type LoginThrottleDeps } from './login-throttle.ts';
import { hashPassword, preparePasswordChecks, verifyPassword } from './password.ts';
import { hashToken, newToken } from './session-token.ts';
import {
  consumeSignInToken,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfClient,
  insertSession,
  insertSignInToken,
  pruneExpiredSessions,
} from './session.repo.ts';
import { pruneAttemptsBefore } from './login-attempts.repo.ts';

const DAY_MS = 86_400_000;

export interface ClientServiceDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'sessionDays' | 'loginMaxAttempts' | 'loginWindowMinutes'>;
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

const ACCOUNT_EXISTS = 'An account with this e-mail address already exists. Please sign in first.';

/**
 * An account made with a checkout: a subscription bought by a customer without one gets an account
 * (the passes live on it), made in the checkout's transaction so that a refused checkout leaves no
 * account behind. The password is hashed by the caller before the transaction (argon2 takes tens of
 * milliseconds that no row lock should wait for).
 * The new account's id; ACCOUNT_EXISTS 409 when the e-mail address already has one.
 */
export async function createAccountInCheckout(executor: Executor, account: { customer: Customer; passwordHash: string }): Promise<number> {
  const { customer } = account;
  const id = await insertClientIfNew(executor, {
    email: customer.email.trim().toLowerCase(),
    passwordHash: account.passwordHash,
    firstName: customer.first_name,
    lastName: customer.last_name,
    company: customer.company,
    address: customer.address,
    zipcode: customer.zipcode,
    city: customer.city,
    vatId: customer.vat_id,
    token: randomBytes(24).toString('base64url'),
  });
  if (id === null) throw new AppError('ACCOUNT_EXISTS', 409, ACCOUNT_EXISTS, { errorInfo: ACCOUNT_EXISTS });
  return id;
}

export type CreateAccountInCheckout = typeof createAccountInCheckout;

/** How often one process prunes expired sessions, tokens and attempts, and how many rows of each at most. */
const PRUNE_EVERY_MS = 60_000;
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

  /** E-mail and password → a session. Unknown e-mail and wrong password get the same refusal. */
  async function login(input: { email: string; password: string; ip: string; captcha?: string | undefined }): Promise<StartedSession> {
    const attempt = await throttle.begin(input.email, input.ip, input.captcha);
    const credentials = await findCredentialsByEmail(db, input.email);
    const valid = await verifyPassword(credentials?.passwordHash ?? null, input.password);
    if (!credentials || !valid) {
      await attempt.failed();
      throw invalidCredentials();
    }
    await attempt.succeeded();
    return startSession(credentials.id);
  }

  /** A one-time sign-in token (from a sign-in link) → a session; each token works once. */
  async function signInWithToken(token: string): Promise<StartedSession> {
    const clientId = await consumeSignInToken(db, hashToken(token), clock.now());
    if (clientId === null) throw invalidToken();
    return startSession(clientId);
  }

  async function logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await deleteSession(db, hashToken(sessionToken));
  }

  /** Ends every session of the client, on every device (and every API process: they are rows). */
  async function logoutEverywhere(clientId: number): Promise<void> {
    await deleteSessionsOfClient(db, clientId);
  }

  /**
   * A new password, given the current one: every session of the client ends (a thief signed in
   * elsewhere is signed out) and this browser gets a fresh one. A wrong current password counts as a
   * failed sign-in of the account from this address.
   */
  async function changePassword(clientId: number, input: { currentPassword: string; password: string; ip: string }): Promise<StartedSession> {
    const client = await findClient(db, clientId);
    if (!client) throw invalidCredentials();
    const attempt = await throttle.begin(client.email.trim().toLowerCase(), input.ip);
    if (!(await verifyPassword(await findPasswordHash(db, clientId), input.currentPassword))) {
      await attempt.failed();
      throw invalidCredentials();
    }
    await attempt.succeeded();
    if (newPasswordProblem(input.password) !== null) {
      throw new AppError('PASSWORD_INVALID', 400, `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters that is not one of the commonest.`);
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, clientId, passwordHash);
      await deleteSessionsOfClient(tx, clientId);
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

  return { getClient, login, signInWithToken, logout, logoutEverywhere, changePassword, issueSignInToken, startSession };
}

export type ClientService = ReturnType<typeof createClientService>;

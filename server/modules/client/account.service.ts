/**
 * A shopper's own account beyond signing in (issue 19, item 13):
 * - sign up: an account that works once the link mailed to its address is followed (the one
 *   confirmation an account made with a purchase has too: client.service.ts claimAccount);
 * - "forgot password": a one-time link that signs in and sets a new password;
 * - the account page's reads (orders, reservations, passes with their renewal, gift cards);
 * - the personal data as a download, and erasing the account (orders kept, anonymised).
 * Sign-up and the link are answered the same whether the address has an account or not: what
 * differs is only the mail, which goes to the owner of the address. Both are anonymous actions that
 * send mail, so they count against the shared shopper-mail limits (security/abuse-limits.ts).
 */
import type { Account, AccountExport } from '#domain/contracts/client.ts';
import { translate, type Language, type Translations } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { AbuseLimits } from '../../security/abuse-limits.ts';
import { assertStrongPassword } from '../../security/password-strength.ts';
import { eraseCustomerFromOrders } from '../checkout/index.ts';
import { enqueueClientAccountMail } from '../mail/index.ts';
import { answerLanguage, loadShopLocale } from '../organisation/index.ts';
import { eraseClient, findGiftCardsOfClient, findOrdersOfClient, findPassesOfClient } from './account.repo.ts';
import { confirmEmail, findClient, findCredentialsByEmail, findDefaultLanguage, updatePasswordHash } from './client.repo.ts';
import { ACCOUNT_LINK_HOURS, claimAccount, invalidToken, type ClientService, type StartedSession } from './client.service.ts';
import { hashPassword } from './password.ts';
import { hashToken, newToken } from './session-token.ts';
import { consumeSignInToken, deleteSessionsOfClient, findSignInTokenClient, insertSignInToken, revokeSignInTokensOf } from './session.repo.ts';

export interface AccountServiceDeps {
  db: Database;
  clock: Clock;
  limits: Pick<AbuseLimits, 'shopperMail' | 'resetRequest' | 'resetMailAllowed'>;
  /** Where the storefront is: the links are `${publicUrl}/client/login?token=…` and `/client/reset?token=…`. */
  publicUrl: string;
  sessions: Pick<ClientService, 'getClient' | 'checkPassword' | 'startSession'>;
}

export function createAccountService({ db, clock, limits, publicUrl, sessions }: AccountServiceDeps) {
  const hoursFrom = (now: Date) => new Date(now.getTime() + ACCOUNT_LINK_HOURS * 3_600_000);

  async function mailLanguage(requested: Language | null): Promise<Language> {
    return answerLanguage(requested, await loadShopLocale(db));
  }

  /**
   * A new account, unusable until its mailed link is followed. An address with an account already
   * is mailed that (with a link to choose a new password); one whose account waits for its
   * confirmation is mailed a fresh confirmation with the password chosen now. The caller is
   * answered the same in every case.
   */
  async function signUp(input: { email: string; password: string; firstName: string; lastName: string; language: Language | null; ip: string }): Promise<void> {
    assertStrongPassword(input.password, { audience: 'shopper', userInputs: [input.email, input.firstName, input.lastName] });
    await limits.shopperMail(input.email, input.ip);
    // Hashed before the transaction: argon2 takes tens of milliseconds that no row lock should wait for.
    const passwordHash = await hashPassword(input.password);
    const language = await mailLanguage(input.language);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const details = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        company: null,
        address: null,
        zipcode: null,
        city: null,
        vatId: null,
      };
      const { id, created, confirmed, token } = await claimAccount(tx, { details, passwordHash, now });
      const owner = created ? { firstName: input.firstName, lastName: input.lastName } : await findClient(tx, id);
      await enqueueClientAccountMail(tx, {
        kind: confirmed ? 'existing' : 'signUp',
        language,
        recipient: input.email,
        firstName: owner?.firstName ?? '',
        lastName: owner?.lastName ?? '',
        link: confirmed
          ? `${publicUrl}/client/reset?token=${encodeURIComponent(token)}`
          : `${publicUrl}/client/login?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent('/client/account')}`,
        validHours: ACCOUNT_LINK_HOURS,
      });
    });
  }

  /**
   * "Forgot password": the requester's address is limited here; what follows (the account looked up,
   * the link mailed) is answered as the work to do AFTER the answer, so that an address with an
   * account and one without are answered alike and as fast. The account's mails are capped an hour
   * without refusing anyone (abuse-limits.ts `resetMailAllowed`).
   */
  async function requestSignInLink(input: { email: string; language: Language | null; ip: string }): Promise<() => Promise<void>> {
    await limits.resetRequest(input.ip);
    return () => mailResetLink(input);
  }

  async function mailResetLink(input: { email: string; language: Language | null }): Promise<void> {
    const account = await findCredentialsByEmail(db, input.email);
    if (!account || !(await limits.resetMailAllowed(input.email))) return;
    const client = await findClient(db, account.id);
    const language = await mailLanguage(input.language);
    const now = clock.now();
    const token = newToken();
    await db.transaction(async (tx) => {
      await insertSignInToken(tx, { tokenHash: hashToken(token), clientId: account.id, expiresAt: hoursFrom(now), now });
      await enqueueClientAccountMail(tx, {
        kind: 'reset',
        language,
        recipient: input.email,
        firstName: client?.firstName ?? '',
        lastName: client?.lastName ?? '',
        link: `${publicUrl}/client/reset?token=${encodeURIComponent(token)}`,
        validHours: ACCOUNT_LINK_HOURS,
      });
    });
  }

  /**
   * A mailed link's token and a new password → the password is set, the address confirmed, every
   * other session ended, and this browser signed in. The password is checked before the token is
   * spent, so a refused password leaves the link working.
   */
  async function resetPassword(input: { token: string; password: string }): Promise<StartedSession> {
    const tokenHash = hashToken(input.token);
    const holderId = await findSignInTokenClient(db, tokenHash, clock.now());
    const holder = holderId === null ? null : await findClient(db, holderId);
    assertStrongPassword(input.password, { audience: 'shopper', userInputs: holder ? [holder.email, holder.firstName, holder.lastName] : [] });
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const clientId = await db.transaction(async (tx) => {
      const used = await consumeSignInToken(tx, tokenHash, now);
      if (used === null) return null;
      await confirmEmail(tx, used.clientId, null, now);
      await updatePasswordHash(tx, used.clientId, passwordHash);
      await deleteSessionsOfClient(tx, used.clientId);
      // Every other link mailed before (sign-in, reset) dies with the old password.
      await revokeSignInTokensOf(tx, used.clientId, now);
      return used.clientId;
    });
    if (clientId === null) throw invalidToken();
    return sessions.startSession(clientId);
  }

  async function account(clientId: number, requested: Language | null): Promise<Account> {
    const fallback = await findDefaultLanguage(db);
    const language = requested ?? fallback;
    const title = (texts: Translations<{ title: string }> | null) => (texts ? (translate(texts, language, fallback).title ?? '') : '');
    const [orders, passes, cards] = await Promise.all([
      findOrdersOfClient(db, clientId),
      findPassesOfClient(db, clientId),
      findGiftCardsOfClient(db, clientId),
    ]);
    return {
      orders: orders.map((order) => ({
        // The order's public number (random, 9 digits), never its row id.
        number: order.number,
        hash: order.hash,
        kind: order.kind,
        status: order.status,
        title: title(order.productTexts ?? order.subscriptionTexts ?? order.voucherTexts),
        date: order.date,
        start_time: order.startTime ? order.startTime.slice(0, 5) : null,
        quantity: order.quantity,
        total: toAmount(order.totalCents),
        currency: order.currency,
        created_at: order.createdAt.toISOString(),
      })),
      passes: passes.map((pass) => {
        // The same flag GET /api/client/subscription/{hash} answers for the renewal page.
        const renewable = pass.renewable;
        return {
          id: pass.id,
          title: title(pass.texts),
          type: pass.type,
          expiration: pass.expiresOn,
          available_redemptions: pass.availableRedemptions,
          renewable,
          renewal_hash: renewable ? pass.hash : null,
        };
      }),
      gift_cards: cards.map((card) => ({
        code: card.code,
        balance: toAmount(card.creditCents),
        value: card.valueCents === null ? null : toAmount(card.valueCents),
        expiration: card.expiresOn,
      })),
    };
  }

  async function exportData(clientId: number, requested: Language | null): Promise<AccountExport | null> {
    const client = await sessions.getClient(clientId, requested);
    if (!client) return null;
    return { exported_at: clock.now().toISOString(), client, account: await account(clientId, requested) };
  }

  /** Erases the account (its password asked again); its orders stay for the accounting, anonymised. */
  async function erase(clientId: number, input: { password: string; ip: string }): Promise<void> {
    await sessions.checkPassword(clientId, input.password, input.ip);
    await db.transaction(async (tx) => {
      await eraseCustomerFromOrders(tx, clientId);
      await eraseClient(tx, clientId);
    });
  }

  return { signUp, requestSignInLink, resetPassword, account, exportData, erase };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Failed sign-ins, counted in the database so that every API process sees the same numbers (spec:
 * nothing shared lives in process memory), under three keys:
 *
 * - `pair:<e-mail>|<address>`: LOGIN_MAX_ATTEMPTS failures of one account from one address lock
 *   that pair for the window (429 TOO_MANY_ATTEMPTS). Strangers elsewhere lock only themselves
 *   out: the owner, from their own address, is never refused because of them.
 * - `ip:<address>`: IP_ATTEMPTS_FACTOR × as many failures from one address, whatever the accounts,
 *   lock that address (one machine guessing many accounts).
 * - `email:<e-mail>`: past LOGIN_MAX_ATTEMPTS failures of an account from anywhere (guesses spread
 *   over many addresses), every sign-in of it must carry a verified captcha (when the shop has one),
 *   which slows the guessers and never locks out the owner.
 *
 * An attempt is written down BEFORE the password is checked, and a success takes its rows back.
 * That way parallel guesses count against each other: checking first and recording afterwards
 * would let a burst of simultaneous requests all pass the check before any was recorded.
 */
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { deleteAttemptsBefore, deleteAttemptsByIds, deleteAttemptsOfKey, recordAttempts, recentAttemptTimes } from './login-attempts.repo.ts';

/** How many more failures one address may have than one (account, address) pair. */
export const IP_ATTEMPTS_FACTOR = 4;

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS', 429, 'Too many failed sign-ins; try again later');
  }
}

export interface LoginAttempt {
  /** The password was right: forget this account's failures and this attempt. */
  succeeded(): Promise<void>;
  /** The attempt stays counted; attempts outside the window are cleared away. */
  failed(): Promise<void>;
}

export interface LoginThrottleDeps {
  db: Executor;
  clock: Clock;
  config: Pick<Config, 'loginMaxAttempts' | 'loginWindowMinutes'>;
  /** Asks for a captcha (server/security/security.service.ts `challenge`); absent: no account-wide check. */
  challenge?: (captcha: string | null | undefined, address: string) => Promise<void>;
}

export function createLoginThrottle({ db, clock, config, challenge }: LoginThrottleDeps) {
  const windowMs = config.loginWindowMinutes * 60_000;
  const max = config.loginMaxAttempts;

  /** Registers an attempt for `email` from `ip`, or throws TooManyAttemptsError / a SECURITY_ error. */
  async function begin(email: string, ip: string, captcha?: string | null): Promise<LoginAttempt> {
    const pairKey = `pair:${email}|${ip}`;
    const emailKey = `email:${email}`;
    const hardLimits = new Map([
      [pairKey, max],
      [`ip:${ip}`, max * IP_ATTEMPTS_FACTOR],
    ]);
    const keys = [...hardLimits.keys(), emailKey];
    const now = clock.now();
    const since = new Date(now.getTime() - windowMs);
    const ownIds = await recordAttempts(db, keys, now);

    let retryAt: number | null = null;
    for (const [key, limit] of hardLimits) {
      // Own rows share `now` with others in the same instant, so they are told apart by count: +1 per key.
      const times = await recentAttemptTimes(db, key, since, limit + 1);
      if (times.length > limit) {
        // The count drops below the limit when the limit-th newest earlier attempt leaves the window.
        const freedAt = (times[limit] ?? times[times.length - 1] ?? now).getTime() + windowMs;
        retryAt = Math.max(retryAt ?? 0, freedAt);
      }
    }
    if (retryAt !== null) {
      // A refused attempt was never checked, so it does not extend the lock-out.
      await deleteAttemptsByIds(db, ownIds);
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
    }
    if (challenge && (await recentAttemptTimes(db, emailKey, since, max + 1)).length > max) {
      await challenge(captcha, ip).catch(async (error: unknown) => {
        await deleteAttemptsByIds(db, ownIds);
        throw error;
      });
    }

    return {
      async succeeded() {
        await deleteAttemptsOfKey(db, pairKey);
        await deleteAttemptsOfKey(db, emailKey);
        await deleteAttemptsByIds(db, ownIds);
      },
      async failed() {
        await deleteAttemptsBefore(db, keys, since);
      },
    };
  }

  return { begin };
}

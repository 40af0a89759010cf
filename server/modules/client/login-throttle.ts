/**
 * Failed sign-ins are limited per e-mail address and per client address within a window, counted
 * in the database so that every API process sees the same numbers (spec: nothing shared lives in
 * process memory).
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

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS', 429, 'Too many failed sign-ins; try again later');
  }
}

export interface LoginAttempt {
  /** The password was right: forget this e-mail's failures and this attempt. */
  succeeded(): Promise<void>;
  /** The attempt stays counted; attempts outside the window are cleared away. */
  failed(): Promise<void>;
}

export interface LoginThrottleDeps {
  db: Executor;
  clock: Clock;
  config: Pick<Config, 'loginMaxAttempts' | 'loginWindowMinutes'>;
}

export function createLoginThrottle({ db, clock, config }: LoginThrottleDeps) {
  const windowMs = config.loginWindowMinutes * 60_000;
  const max = config.loginMaxAttempts;

  /** Registers an attempt for `email` from `ip`, or throws TooManyAttemptsError. */
  async function begin(email: string, ip: string): Promise<LoginAttempt> {
    const emailKey = `email:${email}`;
    const keys = [emailKey, `ip:${ip}`];
    const now = clock.now();
    const since = new Date(now.getTime() - windowMs);
    const ownIds = await recordAttempts(db, keys, now);

    let retryAt: number | null = null;
    for (const key of keys) {
      // Own rows share `now` with others in the same instant, so they are told apart by count: +1 per key.
      const times = await recentAttemptTimes(db, key, since, max + 1);
      if (times.length > max) {
        // The count drops below the limit when the max-th newest earlier attempt leaves the window.
        const freedAt = (times[max] ?? times[times.length - 1] ?? now).getTime() + windowMs;
        retryAt = Math.max(retryAt ?? 0, freedAt);
      }
    }
    if (retryAt !== null) {
      // A refused attempt was never checked, so it does not extend the lock-out.
      await deleteAttemptsByIds(db, ownIds);
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
    }

    return {
      async succeeded() {
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

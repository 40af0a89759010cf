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
 * - the account's brake (`sign_in_brakes`, sign-in-brakes.repo.ts): past LOGIN_MAX_ATTEMPTS failures
 *   of an account in a row, from anywhere, each further attempt waits twice as long as the one
 *   before (2 s, 4 s, … at most LOGIN_ACCOUNT_MAX_DELAY_MINUTES): guesses spread over many addresses
 *   stop. The owner is not locked out with them: a browser that signed the account in before
 *   carries a device cookie (OWASP "device cookies", `sign_in_devices`) that passes the brake, and
 *   loses that after DEVICE_MAX_FAILURES wrong passwords of its own.
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
import { hashToken, newToken } from './session-token.ts';
import { countDeviceFailure, findKnownDevice, releaseBrake, rememberDevice, takeBrakeAttempt } from './sign-in-brakes.repo.ts';

/** How many more failures one address may have than one (account, address) pair. */
export const IP_ATTEMPTS_FACTOR = 4;
/** Wrong passwords a known device may send before its cookie stops passing the brake. */
export const DEVICE_MAX_FAILURES = 5;
/** How long a device stays known after its last successful sign-in. */
export const DEVICE_DAYS = 90;
/** An account's brake quiet this long starts again from zero. */
const BRAKE_QUIET_HOURS = 24;

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS', 429, 'Too many failed sign-ins; try again later');
  }
}

export interface LoginAttempt {
  /**
   * The password was right: forget this account's failures and this attempt. Answers the device
   * token to set in the browser's device cookie (the one it sent, or a new one).
   */
  succeeded(): Promise<{ deviceToken: string }>;
  /** The attempt stays counted; attempts outside the window are cleared away. */
  failed(): Promise<void>;
}

export interface LoginThrottleDeps {
  db: Executor;
  clock: Clock;
  config: Pick<Config, 'loginMaxAttempts' | 'loginWindowMinutes' | 'loginAccountMaxDelayMinutes'>;
  /**
   * Asks for a captcha (server/security/security.service.ts `challenge`): true when one was verified,
   * false when the shop has none; absent: no account-wide check.
   */
  challenge?: (captcha: string | null | undefined, address: string) => Promise<boolean>;
}

export function createLoginThrottle({ db, clock, config, challenge }: LoginThrottleDeps) {
  const windowMs = config.loginWindowMinutes * 60_000;
  const max = config.loginMaxAttempts;

  /**
   * Registers an attempt for `email` from `ip` (with the browser's device cookie, if any), or throws
   * TooManyAttemptsError / a SECURITY_ error.
   */
  async function begin(email: string, ip: string, captcha?: string | null, device?: string | null): Promise<LoginAttempt> {
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
    const refuse = async (until: number) => {
      // A refused attempt was never checked, so it does not extend the lock-out.
      await deleteAttemptsByIds(db, ownIds);
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
    };
    if (retryAt !== null) await refuse(retryAt);

    const deviceHash = device ? hashToken(device) : null;
    const knownDevice = deviceHash !== null && (await findKnownDevice(db, deviceHash, email, now, DEVICE_MAX_FAILURES));
    // Past the free failures of the account, a shop with a captcha asks for one: a person who solves it
    // is let past the brake (the captcha is what slows a machine down); a shop without one brakes.
    let solvedCaptcha = false;
    if (!knownDevice && challenge && (await recentAttemptTimes(db, emailKey, since, max + 1)).length > max) {
      solvedCaptcha = await challenge(captcha, ip).catch(async (error: unknown) => {
        await deleteAttemptsByIds(db, ownIds);
        throw error;
      });
    }
    const brakeKey = `account:${email}`;
    if (!knownDevice && !solvedCaptcha) {
      const brake = await takeBrakeAttempt(db, brakeKey, now, {
        free: max,
        maxDelaySeconds: config.loginAccountMaxDelayMinutes * 60,
        quietSince: new Date(now.getTime() - BRAKE_QUIET_HOURS * 3_600_000),
      });
      if (brake.blockedUntil !== null) await refuse(brake.blockedUntil.getTime());
    }

    return {
      async succeeded() {
        await deleteAttemptsOfKey(db, pairKey);
        await deleteAttemptsOfKey(db, emailKey);
        await deleteAttemptsByIds(db, ownIds);
        // A known device's success leaves the brake on strangers as it is; any other success releases it.
        if (!knownDevice) await releaseBrake(db, brakeKey);
        const deviceToken = knownDevice && device ? device : newToken();
        const expiresAt = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
        await rememberDevice(db, { tokenHash: hashToken(deviceToken), accountKey: email, expiresAt, now });
        return { deviceToken };
      },
      async failed() {
        // A known device's wrong passwords are counted on the device: a stolen cookie is not a free pass.
        if (knownDevice && deviceHash !== null) await countDeviceFailure(db, deviceHash);
        await deleteAttemptsBefore(db, keys, since);
      },
    };
  }

  return { begin };
}

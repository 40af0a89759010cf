/**
 * The captcha escalation (spec section 4 "Captcha", rules in security-rules.ts). Every order,
 * subscription or voucher submission calls `assess` before it writes anything; it answers nothing
 * when the submission may go ahead and throws SECURITY_CAPTCHA_REQUIRED (no token) or
 * SECURITY_CAPTCHA_INVALID (token refused, or the provider unreachable), both 403, otherwise.
 *
 * Counts live in the database, so every API process sees the same numbers. As with sign-ins
 * (modules/client/login-throttle.ts) a submission is written down BEFORE it is counted: a burst
 * of simultaneous submissions then counts against itself instead of all passing an empty count.
 * A refused submission takes its row back, so a refusal writes nothing and does not extend the
 * window; a verified one stays counted (the next one needs a new token while the count is high).
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createCaptchaVerifier, type CaptchaVerifierLogger } from './captcha-verifier.ts';
import { countPaymentFailures, countSubmissions, deleteEvent, deleteEventsBefore, recordSubmission } from './security-events.repo.ts';
import {
  captchaChallengeActive,
  LONGEST_WINDOW_MINUTES,
  needsCaptcha,
  normaliseEmail,
  PAYMENT_FAILURE_WINDOW_MINUTES,
  SUBMISSION_EVENT_KINDS,
  SUBMISSION_WINDOW_MINUTES,
  submissionEventKind,
  type SubmissionKind,
} from './security-rules.ts';

export interface SecurityDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'security'>;
  /** Where an unreachable or refusing verify endpoint is reported (the app's logger). */
  logger?: CaptchaVerifierLogger;
  /** The shop's own security switches (its organisation row; the composition root gives the reader). */
  shopSettings: (db: Database) => Promise<ShopSecuritySettings | undefined>;
}

/** The organisation's part of captchaChallengeActive. */
export type ShopSecuritySettings = Parameters<typeof captchaChallengeActive>[0];

export interface Submission {
  kind: SubmissionKind;
  /** The client address (request.ip; trustProxy decides whether X-Forwarded-For is believed). */
  address: string | null;
  /** The customer's e-mail address as submitted. */
  email: string | null | undefined;
  /** The captcha token the storefront retried with, if any. */
  captcha: string | null | undefined;
}

const minutesBefore = (at: Date, minutes: number) => new Date(at.getTime() - minutes * 60_000);

export function createSecurity({ db, clock, config, logger, shopSettings }: SecurityDeps) {
  const secret = config.security.captchaSecret;
  const verifier = secret ? createCaptchaVerifier({ verifyUrl: config.security.captchaVerifyUrl, secret, ...(logger ? { logger } : {}) }) : null;

  async function refuse(ownEvent: number, error: AppError): Promise<never> {
    await deleteEvent(db, ownEvent);
    throw error;
  }

  return {
    /**
     * A captcha asked for outright (e.g. to go on checking voucher balances past the guessing limit):
     * false when no challenge can be solved here (security off), true for a verified token, and a
     * SECURITY_ AppError (403) for a missing or refused one.
     */
    async challenge({ address, captcha }: { address: string | null; captcha: string | null | undefined }): Promise<boolean> {
      if (!verifier || !config.security.enabled) return false;
      if (!captchaChallengeActive(await shopSettings(db), config.security)) return false;
      const token = captcha?.trim();
      if (!token) throw new AppError('SECURITY_CAPTCHA_REQUIRED', 403, 'Please confirm that you are not a robot');
      if (!(await verifier.verify(token, address || null)))
        throw new AppError('SECURITY_CAPTCHA_INVALID', 403, 'The captcha could not be verified; please try again');
      return true;
    },

    /**
     * Lets the submission through, or throws a SECURITY_ AppError (403) having written nothing.
     * Answers true when it verified the submission's captcha token (which cannot be verified twice).
     */
    async assess(submission: Submission): Promise<boolean> {
      if (!verifier || !config.security.enabled) return false;
      if (!captchaChallengeActive(await shopSettings(db), config.security)) return false;

      const now = clock.now();
      const who = { address: submission.address || null, email: normaliseEmail(submission.email) };
      await deleteEventsBefore(db, minutesBefore(now, LONGEST_WINDOW_MINUTES));
      const ownEvent = await recordSubmission(db, { kind: submissionEventKind(submission.kind), ...who, at: now });
      const [submissions, failures] = await Promise.all([
        countSubmissions(db, SUBMISSION_EVENT_KINDS, who, minutesBefore(now, SUBMISSION_WINDOW_MINUTES)),
        countPaymentFailures(db, SUBMISSION_EVENT_KINDS, who, minutesBefore(now, PAYMENT_FAILURE_WINDOW_MINUTES)),
      ]);
      const challenged = needsCaptcha({
        submissionsFromAddress: submissions.fromAddress,
        submissionsFromEmail: submissions.fromEmail,
        paymentFailuresOfAddress: failures.ofAddress,
        paymentFailuresOfEmail: failures.ofEmail,
      });
      if (!challenged) return false;

      const token = submission.captcha?.trim();
      if (!token) return refuse(ownEvent, new AppError('SECURITY_CAPTCHA_REQUIRED', 403, 'Please confirm that you are not a robot'));
      if (!(await verifier.verify(token, who.address))) {
        return refuse(ownEvent, new AppError('SECURITY_CAPTCHA_INVALID', 403, 'The captcha could not be verified; please try again'));
      }
      return true;
    },
  };
}

export type Security = ReturnType<typeof createSecurity>;

/**
 * When a submission must carry a captcha (spec section 4 "Captcha"): every number of the escalation
 * lives here. The rules are pure; server/security/security.service.ts reads the counts they decide on.
 *
 * - More than SUBMISSION_LIMIT submissions (orders, subscriptions, vouchers together) from one client
 *   address or one e-mail address within SUBMISSION_WINDOW_MINUTES.
 * - PAYMENT_FAILURE_LIMIT or more payments that failed or were cancelled within
 *   PAYMENT_FAILURE_WINDOW_MINUTES for that e-mail address, or for e-mail addresses that submitted from
 *   that client address (card testing from one machine with changing e-mail addresses).
 */
import type { Config } from '../config.ts';

export const SUBMISSION_LIMIT = 5;
export const SUBMISSION_WINDOW_MINUTES = 10;
export const PAYMENT_FAILURE_LIMIT = 3;
export const PAYMENT_FAILURE_WINDOW_MINUTES = 30;
/** Recorded submissions older than this count for nothing and are deleted as new ones arrive. */
export const LONGEST_WINDOW_MINUTES = Math.max(SUBMISSION_WINDOW_MINUTES, PAYMENT_FAILURE_WINDOW_MINUTES);

/** The kinds of submission the captcha guards; their events are `<kind>-submit` in security_events. */
export const SUBMISSION_KINDS = ['order', 'subscription', 'voucher'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export const submissionEventKind = (kind: SubmissionKind) => `${kind}-submit` as const;
export const SUBMISSION_EVENT_KINDS = SUBMISSION_KINDS.map(submissionEventKind);

/** What the rules look at; the submission being assessed is already included in the submission counts. */
export interface SecurityCounts {
  submissionsFromAddress: number;
  submissionsFromEmail: number;
  paymentFailuresOfAddress: number;
  paymentFailuresOfEmail: number;
}

export function needsCaptcha(counts: SecurityCounts): boolean {
  return (
    counts.submissionsFromAddress > SUBMISSION_LIMIT ||
    counts.submissionsFromEmail > SUBMISSION_LIMIT ||
    counts.paymentFailuresOfAddress >= PAYMENT_FAILURE_LIMIT ||
    counts.paymentFailuresOfEmail >= PAYMENT_FAILURE_LIMIT
  );
}

/**
 * The escalation runs only when the server can verify a token the storefront can obtain: the
 * organisation turned security on and has a site key, SECURITY_ENABLED is not false, and the
 * secret is configured. GET /api/organisation answers the same flag, so the storefront shows the
 * captcha exactly when it can succeed.
 */
export function captchaChallengeActive(
  organisation: { securityEnabled: boolean; captchaSiteKey: string | null } | undefined,
  security: Pick<Config['security'], 'enabled' | 'captchaSecret'>,
): boolean {
  return Boolean(organisation?.securityEnabled && organisation.captchaSiteKey && security.enabled && security.captchaSecret);
}

/** E-mail addresses are counted case-insensitively; an empty one is not counted. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const trimmed = (email ?? '').trim().toLowerCase();
  return trimmed === '' ? null : trimmed;
}

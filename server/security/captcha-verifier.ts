/**
 * Asks the captcha provider whether a token is genuine, as reCAPTCHA's siteverify wants it: a
 * form-encoded POST of `secret`, `response` and `remoteip`, answered with JSON `{ success, ... }`.
 * A provider that cannot be reached or answers nonsense counts as "not verified" (and is logged):
 * the shopper then sees SECURITY_CAPTCHA_INVALID, never a 5xx.
 */

export interface CaptchaVerifierLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface CaptchaVerifierOptions {
  /** config.security.captchaVerifyUrl */
  verifyUrl: string;
  secret: string;
  logger?: CaptchaVerifierLogger;
  /** How long the provider may take; a slow provider must not hold the order request. */
  timeoutMs?: number;
}

export interface CaptchaVerifier {
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export function createCaptchaVerifier({ verifyUrl, secret, logger, timeoutMs = DEFAULT_TIMEOUT_MS }: CaptchaVerifierOptions): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          logger?.warn({ status: response.status }, 'captcha verify endpoint refused the request');
          return false;
        }
        const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
        if (answer.success === true) return true;
        logger?.info({ errorCodes: answer['error-codes'] ?? null }, 'captcha token not verified');
        return false;
      } catch (error) {
        logger?.warn({ err: error }, 'captcha verify endpoint unreachable');
        return false;
      }
    },
  };
}

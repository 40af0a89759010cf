/**
 * The captcha retry of any submission (spec sections 4 "Captcha" and 8): when a submission fails with
 * an error code starting with SECURITY_ and the organisation's security is enabled, the captcha modal
 * opens; its token is put on the failed submission's input (`captcha`) and the submission runs again.
 * Orders use it now; subscription and voucher submissions plug in the same way:
 *
 *   const captcha = useCaptchaRetry(submit);               // submit(input) sends the request
 *   onError: (error) => captcha.challenge(error, input) || showFailure(error)
 *   <CaptchaModal {...captcha.modal} />
 *
 * A retried input already carries a token, so a second SECURITY_ failure is not challenged again:
 * the caller's failure modal shows it (no loop).
 */
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import type { CaptchaModalProps } from './captcha-modal.tsx';

/** Spec section 8: these codes ask for the captcha. */
export function isSecurityFailure(error: unknown): boolean {
  return isApiError(error) && (error.code ?? '').startsWith('SECURITY_');
}

export interface CaptchaRetry<Input> {
  /** Opens the captcha for this failure and answers true; false when the caller should show the failure itself. */
  challenge(error: unknown, input: Input): boolean;
  modal: CaptchaModalProps;
}

export function useCaptchaRetry<Input extends { captcha?: string | null }>(resubmit: (input: Input) => void): CaptchaRetry<Input> {
  const { security } = useOrganisation();
  const siteKey = security.enabled && security.captcha_key ? security.captcha_key : null;
  // The submission waiting for a token; null: no captcha open.
  const [waiting, setWaiting] = useState<Input | null>(null);

  return {
    challenge(error, input) {
      if (siteKey === null || !isSecurityFailure(error) || input.captcha) return false;
      setWaiting(input);
      return true;
    },
    modal: {
      open: waiting !== null,
      siteKey: siteKey ?? '',
      onVerified(token) {
        if (waiting === null) return;
        setWaiting(null);
        resubmit({ ...waiting, captcha: token });
      },
      onClose: () => setWaiting(null),
    },
  };
}

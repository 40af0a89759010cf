/**
 * The captcha modal (spec section 2, Modals): the organisation's reCAPTCHA v2 checkbox. Nothing of
 * it but this shell is in any page's scripts: the dialog (captcha-dialog.tsx) and its library
 * (react-google-recaptcha, which then loads Google's script) are fetched only when the modal first
 * opens, i.e. when the server asked for a captcha. The widget's token goes to `onVerified`.
 */
import { lazy, Suspense } from 'react';
import type { CaptchaModalProps } from './captcha-dialog.tsx';

export type { CaptchaModalProps };

const CaptchaDialog = lazy(() => import('./captcha-dialog.tsx').then((module) => ({ default: module.CaptchaDialog })));

export function CaptchaModal(props: CaptchaModalProps) {
  if (!props.open) return null;
  // The dialog's code and the `captcha` texts load on first use; until then nothing shows rather than the page suspending.
  return (
    <Suspense fallback={null}>
      <CaptchaDialog {...props} />
    </Suspense>
  );
}
